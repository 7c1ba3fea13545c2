import type { ManifestRule } from './rule-run';
import type { ScheduleTime } from './schedule-time';
import type { TextDirection, TextPosition } from './text';
import type { VideoWallCell } from './video-wall-geometry';

// What a screen plays, as the server hands it to a player (the manifest) and to the console's
// previews: zod-free, since the browser player imports it. A playlist and a composition are both a
// Program: a canvas of zones, each zone a sequence of items. A playlist is one zone covering its
// canvas; nested playlists arrive flattened. Media is addressed by content hash (immutable URLs).

/** How one item gives way to the next. */
export const TRANSITIONS = ['none', 'fade', 'slide-left', 'slide-up', 'zoom'] as const;
export type Transition = (typeof TRANSITIONS)[number];
/** How long a transition takes. */
export const TRANSITION_MS = 500;

/** How a picture or video fills its zone. */
export const ITEM_FITS = ['contain', 'cover', 'fill'] as const;
export type ItemFit = (typeof ITEM_FITS)[number];

/** A stored file a player fetches and caches: `url` is /backend/media/<hash>, never changing. */
export type MediaRef = { hash: string; url: string; mime: string; size: number };

/** A font by the CSS family name the server gave it, and its file. */
export type FontRef = { family: string; url: string };

/** A text message (marquee) as a screen draws it. */
export type MarqueeSpec = {
  content: string;
  position: TextPosition;
  direction: TextDirection;
  /** 1 slow … 10 fast: marqueeSeconds(speed) to cross. */
  speed: number;
  color: string;
  /** #rrggbb or 'transparent'. */
  background_color: string;
  /** Pixels on a 1080-pixel-high canvas. */
  font_size: number;
  font: FontRef | null;
};

export const CLOCK_FORMATS = ['time', 'date', 'datetime'] as const;
export type ClockFormat = (typeof CLOCK_FORMATS)[number];

export type ClockSpec = {
  format: ClockFormat;
  color: string;
  /** Pixels on the canvas. */
  font_size: number;
  font: FontRef | null;
};

type ItemBase = {
  /** Unique within its program, stable across manifests while the item is unchanged. */
  key: string;
  /** The library content shown, for content-error reports and proof of play; null for built-ins. */
  content_id: number | null;
  /** How long the item stays; for video and music the media's own length unless an operator set one. */
  duration_ms: number;
  transition: Transition;
};

export type PlayItem = ItemBase &
  (
    | { kind: 'image'; media: MediaRef; fit: ItemFit }
    | { kind: 'video'; media: MediaRef; fit: ItemFit; muted: boolean }
    | { kind: 'music'; media: MediaRef; muted: boolean }
    /** A document page by page: each page an image, shown duration_ms / pages.length. */
    | { kind: 'document'; pages: MediaRef[]; fit: ItemFit }
    | { kind: 'website'; url: string; refresh_seconds: number | null; zoom: number }
    | { kind: 'stream'; url: string; muted: boolean }
    /** An HTML5 package, shown sandboxed from its entry file. */
    | { kind: 'h5'; url: string }
    | { kind: 'text'; text: MarqueeSpec }
    | { kind: 'clock'; clock: ClockSpec }
    | { kind: 'sticker'; media: MediaRef }
  );
export type PlayItemKind = PlayItem['kind'];

/** A rectangle of the canvas playing its items in turn, independently of the other zones. */
export type ProgramZone = {
  key: string;
  /** Canvas pixels from the top left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Higher draws above lower. */
  z: number;
  /** #rrggbb or 'transparent'. */
  background_color: string;
  /** Played in a new random order on each pass. */
  shuffle: boolean;
  items: PlayItem[];
};

export const PROGRAM_KINDS = ['playlist', 'composition'] as const;
export type ProgramKind = (typeof PROGRAM_KINDS)[number];

export type Program = {
  /** 'schedule': the items of a standard, template or insert schedule, built as one playlist (id: the schedule's). */
  kind: ProgramKind | 'schedule';
  id: number;
  name: string;
  /** The canvas, scaled to fit the screen. */
  width: number;
  height: number;
  background_color: string;
  background: MediaRef | null;
  /** One pass of the longest zone. */
  duration_ms: number;
  zones: ProgramZone[];
  /**
   * Played in lock-step with other screens (sync schedules, walls; docs/sync.md): each zone's loop
   * of items began at server time epoch_ms, so its position is a function of server time.
   */
  sync?: ProgramSync | null;
};

export type ProgramSync = { epoch_ms: number };

/** What a paired screen plays, from GET /backend/player/manifest (ETag = version). */
export type Manifest = {
  /** Changes whenever anything in the manifest changes. */
  version: string;
  /** What the screen plays when nothing is scheduled: the device's default content. */
  default_program: Program | null;
  /** The device's timezone (IANA), in which the schedules' times are read; null: UTC. */
  timezone: string | null;
  /** The holidays (YYYY-MM-DD) that schedules excluding holidays skip. */
  holidays: string[];
  /** The device's approved schedules that have not ended, each with what it plays. */
  schedules: ManifestSchedule[];
  /** The sensor IDs the screen listens to (/device/sensors): reads of any other tag are ignored. */
  sensors?: string[];
  /** Its approved sensor schedules: what a read of one of their tags interrupts with, while armed. */
  triggers?: ManifestTrigger[];
  /** Its enabled control rules with a time or sensor trigger, which it fires by itself (docs/rules.md). */
  rules?: ManifestRule[];
  /**
   * The screen's place in its video wall, null when it is in none: a wall schedule's program is
   * laid on the wall's whole canvas and this screen shows only its own part (player render).
   */
  video_wall: VideoWallCell | null;
};

/** An approved schedule in a manifest: its time rules and its program. */
export type ManifestSchedule = ScheduleTime & { program: Program };

/**
 * A sensor schedule in a manifest: armed while its frames run (as a schedule plays), it interrupts
 * the screen for `seconds` when one of `sensor_ids` is read.
 */
export type ManifestTrigger = ManifestSchedule & { sensor_ids: string[]; seconds: number };

/** What a player reports when an item cannot be shown (POST /backend/player/content-error). */
export const CONTENT_ERROR_REASONS = ['load', 'decode', 'play', 'timeout'] as const;
export type ContentErrorReason = (typeof CONTENT_ERROR_REASONS)[number];

/** Playbacks one upload carries at most (POST /backend/player/playbacks). */
export const PLAYBACK_BATCH_LIMIT = 500;

/**
 * Proof of play: one item shown once on one screen. The player gives each a UUID when it starts,
 * keeps it until the server has acknowledged it, and the server stores each UUID once.
 */
export type Playback = {
  uuid: string;
  /** The library content shown; null for built-ins (clock, text). */
  content_id: number | null;
  /** The schedule it played for; null for the device's default content. */
  schedule_id: number | null;
  /** ISO time by the server's clock (the player's offset applied). */
  started_at: string;
  duration_ms: number;
  /** The sensor ID whose read put it on screen (a sensor schedule's); absent otherwise. */
  sensor_id?: string | null;
};
