import { MAX_NAME_LENGTH } from './limits';
import type { OperationRoute } from './operation';

// The player's protocol constants, apart from device.ts and without zod: the browser player
// imports these, and a module of schemas would bring the whole of zod into its download.

/** How long a PIN shown on an unpaired screen is good for; the player shows the next one then. */
export const DEVICE_PIN_TTL_SECONDS = 300;
/** A player sends a heartbeat about this often (with jitter) over its socket. */
export const HEARTBEAT_SECONDS = 30;
/** With no heartbeat for this long a device counts as offline. */
export const OFFLINE_AFTER_SECONDS = 90;
/**
 * The clock (docs/sync.md): a player pings over its socket and the server answers at once with its
 * time; CLOCK_FIRST_PINGS one after another when the socket opens, then one every CLOCK_PING_SECONDS.
 */
export const CLOCK_FIRST_PINGS = 8;
export const CLOCK_PING_SECONDS = 10;
const PLAYER = '/backend/player';
/** The player's socket: a WebSocket, served as a plain route (no operation describes a socket). */
export const PLAYER_SOCKET_PATH = `${PLAYER}/socket`;
/** The application id of Vitrine's own browser player: it says hello with no app key. */
export const BROWSER_PLAYER_PACKAGE = 'io.vitrine.player';
/** The header a player application sends its app key in, on hello (docs/ota.md "App keys"). */
export const APP_KEY_HEADER = 'X-App-Key';
/** The header a device with a device key sends it in, on its package downloads (docs/ota.md "Device keys"). */
export const DEVICE_KEY_HEADER = 'X-Device-Key';
/**
 * When every package download slot of the server is taken, the download answers 429001 with this
 * Retry-After (seconds): the player comes back then, the upgrade still under way (docs/ota.md).
 */
export const OTA_DOWNLOAD_RETRY_SECONDS = 5;
/**
 * How long a browser player gives a downloaded build, tried in a hidden frame, to come up healthy
 * (paired, socket connected, its screen drawn) before it gives the upgrade up (docs/ota.md).
 */
export const PLAYER_UPGRADE_HEALTH_SECONDS = 60;
/** An upgrade's file (a download, not an envelope): the `url` of the state's `upgrade`. */
export const playerOtaPackagePath = (planId: number) => `${PLAYER}/ota/package/${planId}`;

/**
 * The player's calls (ARCHITECTURE §7), public since a screen has no user: the device token as
 * Bearer says which screen it is. Without schemas, so the player takes its paths from here;
 * playerOperations (player-operations.ts) adds them for the server.
 */
export const PLAYER_CALLS = {
  hello: { method: 'POST', path: `${PLAYER}/hello`, access: 'public' },
  poll: { method: 'GET', path: `${PLAYER}/poll`, access: 'public' },
  ack: { method: 'POST', path: `${PLAYER}/ack`, access: 'public' },
  manifest: { method: 'GET', path: `${PLAYER}/manifest`, access: 'public' },
  contentError: { method: 'POST', path: `${PLAYER}/content-error`, access: 'public' },
  playbacks: { method: 'POST', path: `${PLAYER}/playbacks`, access: 'public' },
  screenshot: { method: 'POST', path: `${PLAYER}/screenshot`, access: 'public' },
  /** Control rules that fired on the screen (docs/rules.md). */
  ruleFirings: { method: 'POST', path: `${PLAYER}/rule-firings`, access: 'public' },
  /** An upgrade's progress (docs/ota.md "For any player"). */
  otaReport: { method: 'POST', path: `${PLAYER}/ota/report`, access: 'public' },
} as const satisfies Record<string, OperationRoute>;

/** Where a player keeps manifest and media: Cache Storage needs a secure context (ARCHITECTURE §7). */
export const STORAGE_MODES = ['cache-storage', 'indexeddb'] as const;
export type StorageMode = (typeof STORAGE_MODES)[number];

/**
 * Close codes of the player socket beyond the standard ones. Only unauthorized makes a player
 * forget its token; a socket closed for saying nothing in time (authTimeout) simply reconnects.
 */
export const PlayerSocketClose = { unauthorized: 4401, authTimeout: 4408, replaced: 4409 } as const;

/** What an operator can tell a screen to do (each acknowledged with a result). */
export const DEVICE_COMMANDS = [
  'reboot',
  'screenshot',
  'volume',
  'mute',
  'brightness',
  'orientation',
  'screen-off',
  'screen-on',
  'refresh',
  'clear-cache',
  'identify',
  'unpair',
] as const;
export type DeviceCommandName = (typeof DEVICE_COMMANDS)[number];

/** Devices one command may go to at once ("The number of devices cannot exceed {limit}."). */
export const DEVICE_COMMAND_LIMIT = 50;
/** A command not acknowledged within this long is marked timed out. */
export const COMMAND_ACK_TIMEOUT_SECONDS = 15;
/** Power periods per device and week (three a day). */
export const DEVICE_TIMER_LIMIT = 21;
/** Device-status mails per device: at most one each way in this many minutes. */
export const DEVICE_STATUS_MAIL_MINUTES = 30;

/** What a reported model name may be before it is cleaned (a longer one is refused). */
export const REPORTED_MODEL_MAX_LENGTH = 256;

/**
 * The model name a player reports, as stored: control and direction characters dropped, spaces
 * collapsed, at most 64 characters; empty is none. The player cleans its report with it too.
 */
export function cleanModelName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const cleaned = raw
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...cleaned].slice(0, MAX_NAME_LENGTH).join('').trim() || null;
}
