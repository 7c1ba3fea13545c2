// Business constants of spec 000 §9 and spec 001 §9.
export const APP_VERSION = '1.21.14 build 261129 Release';

export const REQUEST_TIMEOUT_MS = 30_000;
export const NOTIFICATION_SECONDS = 3;
export const NOTIFICATION_SECONDS_MOBILE = 1;
export const MOBILE_MAX_WIDTH = 768;
export const RESIZE_DEBOUNCE_MS = 250;
export const WORKSPACE_SWITCH_DEBOUNCE_MS = 1000;
export const DOT_REFRESH_THROTTLE_MS = 2000;
export const BUTTON_CLICK_THROTTLE_MS = 1000;
export const PASSWORD_CHANGED_REDIRECT_MS = 2000;
export const NOT_FOUND_COUNTDOWN_SECONDS = 5;

export const TASK_TICK_MS = 1000;
export const TASK_EVERY_SHORT_TICKS = 30;
export const TASK_EVERY_LONG_TICKS = 300;

export const UPLOAD_MAX_FILES = 20;
export const UPLOAD_CHUNK_SIZE = 2_097_152;
export const UPLOAD_QUEUE_LIMIT = 6;
export const UPLOAD_SIZE_100MB = 104_857_600;
export const UPLOAD_SIZE_1GB = 1_073_741_824;

export const STORAGE_SHARED_BYTES = 500 * 1024 * 1024;
export const STORAGE_PER_DEVICE_BYTES = 1024 * 1024 * 1024;

export const DEFAULT_DATE_FORMAT = 'MM-DD-YYYY';
export const DEFAULT_TIME_FORMAT = 'HH:mm';
export const DATE_FORMATS = [
  'MM-DD-YYYY',
  'DD-MM-YYYY',
  'YYYY-MM-DD',
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'YYYY/MM/DD',
] as const;
export const TIME_FORMATS = ['HH:mm', 'hh:mm A', 'HH:mm:ss', 'hh:mm:ss A'] as const;
export const WEEK_STARTS = ['sunday', 'monday', 'saturday'] as const;
export const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export const SIZE_BASE = 1024;

export const CONTRAST_LUMINANCE_THRESHOLD = 186;
export const BASE_WIDTH_SMALL = 750;
export const BASE_WIDTH_LARGE = 1920;
export const ROOT_FONT_MAX_SCALE = 3;

export const DRAWER_WIDTH = 640;
export const DRAWER_WIDTH_WIDE = 750;

export const MAX_NAME_LENGTH = 64;
export const MAX_TEXT_LENGTH = 256;
export const PASSWORD_MIN_LENGTH = 8;
export const PIN_LENGTH = 6;
export const SIGNAGE_ID_LENGTH = 6;
export const MAC_BATCH_LIMIT = 50;
export const QUANTITY_LIMIT = 10_000;
/**
 * User and device lists count their matches up to this many and then say "1,000+": a keyword
 * matching a quarter of 100,000 users, or a company's 100,000 screens, would otherwise recheck
 * every match for the total. The largest cap that keeps the user list's p99 within 30 ms
 * (bench/README "bench/team"; 10,000 did not).
 */
export const LIST_TOTAL_CAP = 1_000;
export const RECENT_PERIOD_DAYS = [7, 14, 30] as const;

export const TOUR_ELEMENT_WAIT_MS = 30_000;
export const TOUR_POLL_MS = 200;
export const TOUR_STEP_POLL_MS = 100;
export const TOUR_OVERLAY_OPACITY = 0.75;

/** Failed logins in a row that lock an account, and for how long it stays locked. */
export const LOGIN_LOCK_THRESHOLD = 5;
export const LOGIN_LOCK_MINUTES = 30;
/** How long links sent by mail stay valid. */
export const ACTIVATION_LINK_HOURS = 72;
export const RESET_LINK_HOURS = 2;
export const UNLOCK_LINK_HOURS = 2;

/** Sessions: idle and absolute expiry, and the age after which a new token is handed out. */
export const SESSION_IDLE_HOURS = 24;
export const SESSION_ABSOLUTE_DAYS = 30;
export const SESSION_ROTATE_HOURS = 12;
export const SESSION_ROTATE_GRACE_SECONDS = 60;

/** Time-frequency choices (minutes) for reminders and periodic reports. */
export const TIME_FREQUENCIES = [5, 15, 30, 60, 180, 360, 720, 1440] as const;

/** The look before a customer sets one (remote config's customer_theme). */
export const DEFAULT_THEME = {
  id: 0,
  detail: { primary_color: '#1668dc', nav_nackground_color: '#0f1f3d', main_background_color: '#f4f6fa' },
} as const;

/** Fonts (TTF, OTF, WOFF, WOFF2) are uploaded whole, in one request, up to this size. */
export const FONT_MAX_BYTES = 20 * 1024 * 1024;
/** Stickers (PNG, GIF, WebP) are uploaded whole, in one request, up to this size and side. */
export const STICKER_MAX_BYTES = 5 * 1024 * 1024;
export const STICKER_MAX_SIDE = 1024;
/** Error records accepted in one report call (the console's queue keeps no more, and it loads before any schema). */
export const ERROR_REPORT_MAX_RECORDS = 50;
