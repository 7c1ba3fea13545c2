import {
  type ContentItem,
  ContentType,
  type DeviceItem,
  ownSeconds,
  SCHEDULE_DEFAULT_ITEM_SECONDS,
  SCHEDULE_PRIORITY_DEFAULT,
  type ScheduleDetail,
  type ScheduleFrame,
  type ScheduleRequest,
  ScheduleType,
  SOURCE_SCHEDULE_TYPES,
  SYNC_CONTENT_TYPES,
} from '@vitrine/contract';

// What the schedule editors hold while a schedule is made: the type, devices, content, times, and
// how that becomes the body of a save (scheduleRequestSchema), with the checks the editor makes
// before the server does (orientation, media formats).

export type EditorType = 'standard' | 'playlist' | 'composition' | 'template' | 'sync';
export const EDITOR_TYPES: readonly EditorType[] = [
  'standard',
  'playlist',
  'composition',
  'template',
  'sync',
];

/** A chosen device, with what the checks need. */
export type DeviceChoice = {
  device_id: number;
  name: string;
  signage_id: string;
  orientation: number;
  /** MIME types the screen plays (its player reports them); null or absent: unknown, all allowed. */
  media_types?: string[] | null;
};

/** One library item of an item schedule, in play order. */
export type ItemChoice = {
  /** The row's identity in the editor (drag and drop, React keys); never sent. */
  key: string;
  content_id: number;
  name: string;
  type: number;
  thumbnail: string | null;
  /** Seconds of its own (video, music), else null. */
  own_duration: number | null;
  /** Seconds set in the editor; null plays the own length or the default. */
  duration: number | null;
  width: number | null;
  height: number | null;
  mime: string | null;
};

/** The playlist or composition of a program schedule. */
export type ProgramChoice = { id: number; name: string; orientation: number; duration: number | null };

export type Draft = {
  type: string;
  name: string;
  priority: number;
  devices: DeviceChoice[];
  items: ItemChoice[];
  program: ProgramChoice | null;
  start_date: string;
  end_date: string;
  frames: ScheduleFrame[];
  exclude_holidays: boolean;
  /** Insert schedules: local 'YYYY-MM-DDTHH:mm' and minutes. */
  spot: { start: string; minutes: number } | null;
  /** Sensor schedules: the tags that trigger it and the seconds it interrupts for. */
  sensor: { sensors: SensorChoice[]; seconds: number } | null;
};

/** A tag (sensor) of a sensor schedule, with what the editor shows of it. */
export type SensorChoice = { id: number; sensor_id: string; name: string };

let lastKey = 0;
const newKey = () => `schedule-item-${++lastKey}`;

export const isProgramType = (type: string) =>
  type === ScheduleType.playlist || type === ScheduleType.composition;

/** The library types an item schedule of this type takes: mobile templates for 'template'. */
export function contentTypesFor(type: string): number[] {
  if (type === ScheduleType.template) return [ContentType.h5];
  if (type === ScheduleType.sync) return [...SYNC_CONTENT_TYPES];
  return [
    ContentType.image,
    ContentType.video,
    ContentType.document,
    ContentType.music,
    ContentType.website,
    ContentType.stream,
  ];
}

export const emptyDraft = (type: string, today: string): Draft => ({
  type,
  name: '',
  priority: SCHEDULE_PRIORITY_DEFAULT,
  devices: [],
  items: [],
  program: null,
  start_date: today,
  end_date: today,
  frames: [],
  exclude_holidays: true,
  spot: null,
  sensor: null,
});

export const deviceChoiceOf = (device: DeviceItem): DeviceChoice => ({
  device_id: device.device_id,
  name: device.device_name,
  signage_id: device.signage_id,
  orientation: device.orientation,
  media_types: device.media_types ?? null,
});

export const itemChoiceOf = (item: ContentItem): ItemChoice => ({
  key: newKey(),
  content_id: item.id,
  name: item.name,
  type: item.type,
  thumbnail: item.thumbnail,
  own_duration: ownSeconds(item.type, item.duration),
  duration: null,
  width: item.width,
  height: item.height,
  mime: item.mime,
});

/** A saved schedule as the editor holds it. */
export function draftOfDetail(detail: ScheduleDetail): Draft {
  const program = detail.program;
  return {
    type: detail.type,
    name: detail.name,
    priority: detail.priority,
    devices: detail.devices.map((device) => ({
      device_id: device.device_id,
      name: device.name,
      signage_id: device.signage_id,
      orientation: device.orientation,
      media_types: (device as typeof device & { media_types?: string[] | null }).media_types ?? null,
    })),
    items: detail.items.map((item) => {
      return {
        key: newKey(),
        content_id: item.content_id,
        name: item.name,
        type: item.type,
        thumbnail: item.thumbnail,
        own_duration: ownSeconds(item.type, item.duration === null ? item.seconds : null),
        duration: item.duration,
        width: item.width ?? null,
        height: item.height ?? null,
        mime: item.mime ?? null,
      };
    }),
    program: program
      ? { id: program.id, name: program.name, orientation: program.orientation ?? -1, duration: null }
      : null,
    start_date: detail.start_date,
    end_date: detail.end_date,
    frames: detail.frames.map((frame) => ({ ...frame })),
    exclude_holidays: detail.exclude_holidays,
    spot: detail.spot ? { ...detail.spot } : null,
    sensor: detail.sensor
      ? { sensors: detail.sensor.sensors.map((tag) => ({ ...tag })), seconds: detail.sensor.seconds }
      : null,
  };
}

/** How long an item plays: the duration set, its own length, or the default. */
export const itemSeconds = (item: Pick<ItemChoice, 'duration' | 'own_duration'>) =>
  item.duration ?? item.own_duration ?? SCHEDULE_DEFAULT_ITEM_SECONDS;

export const totalSeconds = (items: readonly ItemChoice[]) =>
  items.reduce((sum, item) => sum + itemSeconds(item), 0);

/** A sync schedule whose items do not all play equally long, to the millisecond (the server refuses it). */
export const unequalSync = (draft: Pick<Draft, 'type' | 'items'>) =>
  draft.type === ScheduleType.sync &&
  new Set(draft.items.map((item) => Math.round(itemSeconds(item) * 1000))).size > 1;

/** The body of a save, as scheduleRequestSchema takes it. */
export function bodyOf(draft: Draft, submit: boolean): ScheduleRequest {
  // A playlist, a composition, or a video-wall schedule's wall content.
  const program = SOURCE_SCHEDULE_TYPES.includes(draft.type);
  const spot = draft.type === ScheduleType.insert ? draft.spot : null;
  const spotDate = spot?.start.slice(0, 10) ?? '';
  const sensor = draft.type === ScheduleType.sensor ? draft.sensor : null;
  return {
    name: draft.name.trim(),
    type: draft.type as ScheduleRequest['type'],
    priority: draft.priority,
    device_ids: draft.devices.map((device) => device.device_id),
    items: program
      ? []
      : draft.items.map((item) => ({ content_id: item.content_id, duration: item.duration })),
    program_id: program ? (draft.program?.id ?? null) : null,
    start_date: spot ? spotDate : draft.start_date,
    end_date: spot ? spotDate : draft.end_date,
    frames: spot ? [] : draft.frames,
    spot,
    sensor: sensor ? { sensor_ids: sensor.sensors.map((tag) => tag.id), seconds: sensor.seconds } : null,
    exclude_holidays: draft.exclude_holidays,
    submit,
  };
}

// ── Checks before the server's ───────────────────────────────────────────────────────────────

/** Portrait screens stand at 90° or 270°. */
export const isPortraitDevice = (orientation: number) => orientation === 90 || orientation === 270;

/** Whether content is portrait (taller than wide); null when it has no shape of its own (websites, streams, music). */
export function contentPortrait(item: Pick<ItemChoice, 'width' | 'height' | 'type'>): boolean | null {
  if (item.type === ContentType.music || item.width === null || item.height === null) return null;
  if (item.width === item.height) return null;
  return item.height > item.width;
}

/** The portrait-ness of what a draft plays: null when nothing in it has a shape (or its shapes differ). */
export function draftPortrait(draft: Pick<Draft, 'type' | 'items' | 'program'>): boolean | null {
  if (isProgramType(draft.type)) {
    const orientation = draft.program?.orientation;
    return orientation === undefined || orientation < 0 ? null : isPortraitDevice(orientation);
  }
  const shapes = new Set(draft.items.map(contentPortrait).filter((shape) => shape !== null));
  return shapes.size === 1 ? [...shapes][0] === true : null;
}

/** Whether a device of this orientation may show content of this shape (no shape: any). */
export const orientationFits = (orientation: number, portrait: boolean | null) =>
  portrait === null || isPortraitDevice(orientation) === portrait;

/** The content types whose file format a screen may not play (the others are pages it renders). */
const FORMAT_TYPES: readonly number[] = [ContentType.image, ContentType.video, ContentType.music];
const mimeOf = (mime: string) => mime.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * Whether a device can play an item's format, as the server checks it: images, videos and music
 * only; a device that reports no formats plays all. A video the server transcoded plays as MP4,
 * which the console cannot tell: MP4 support lets a video pass here (the server has the last word).
 */
export function formatFits(
  device: Pick<DeviceChoice, 'media_types'>,
  item: Pick<ItemChoice, 'mime' | 'type'>,
): boolean {
  if (!device.media_types?.length || !item.mime || !FORMAT_TYPES.includes(item.type)) return true;
  const playable = new Set(device.media_types.map(mimeOf));
  return playable.has(mimeOf(item.mime)) || (item.type === ContentType.video && playable.has('video/mp4'));
}

/**
 * What is wrong with a draft's dates, as the server judges them (spec 001 §5: the start not after
 * the end; and an end from `today` on): a contract message key, or null.
 */
export function datesProblem(draft: Pick<Draft, 'start_date' | 'end_date'>, today: string): string | null {
  if (draft.start_date > draft.end_date) return 'schedule.startAfterEnd';
  if (draft.end_date < today) return 'schedule.endInPast';
  return null;
}

/** The sensor editor's section of tags and seconds (after the wizard's steps). */
export const SENSOR_SECTION = 6;

/** Which step of the wizard a server field error belongs to (its first path segment). */
export function stepOfField(field: string): number {
  const head = field.split('.')[0] ?? '';
  if (head === 'type') return 0;
  if (head === 'device_ids') return 1;
  if (head === 'program_id') return 2;
  if (head === 'items') return /\.duration$/.test(field) ? 3 : 2;
  if (['start_date', 'end_date', 'frames', 'priority', 'exclude_holidays', 'spot'].includes(head)) return 4;
  // A sensor schedule's tags and seconds: its editor's trigger section.
  if (head === 'sensor') return SENSOR_SECTION;
  return 5;
}
