import { z } from 'zod';
import {
  CLOCK_FORMATS,
  CONTENT_ERROR_REASONS,
  ITEM_FITS,
  type Manifest,
  type ManifestSchedule,
  PLAYBACK_BATCH_LIMIT,
  type Playback,
  type PlayItem,
  PROGRAM_KINDS,
  type Program,
  TRANSITIONS,
} from './program';
import type { ManifestRuleAction, ManifestRuleTrigger } from './rule-run';
import { MAX_SENSOR_ID_LENGTH, SENSOR_ID_PATTERN } from './sensor-read';
import { TEXT_DIRECTIONS, TEXT_POSITIONS } from './text';
import { bodyIdSchema } from './validation';
import type { VideoWallCell } from './video-wall-geometry';

// The zod side of program.ts, for the server's answers (GET …/program, GET player/manifest) and the
// calls that name a program (a device's default content) or report on one (content errors). Kept
// apart from program.ts: the browser player imports that one and must not pull zod in.

const mediaRefSchema = z.object({ hash: z.string(), url: z.string(), mime: z.string(), size: z.number() });
const fontRefSchema = z.object({ family: z.string(), url: z.string() }).nullable();

const itemBase = {
  key: z.string(),
  content_id: z.number().nullable(),
  duration_ms: z.number(),
  transition: z.enum(TRANSITIONS),
};

export const playItemSchema = z.discriminatedUnion('kind', [
  z.object({ ...itemBase, kind: z.literal('image'), media: mediaRefSchema, fit: z.enum(ITEM_FITS) }),
  z.object({
    ...itemBase,
    kind: z.literal('video'),
    media: mediaRefSchema,
    fit: z.enum(ITEM_FITS),
    muted: z.boolean(),
  }),
  z.object({ ...itemBase, kind: z.literal('music'), media: mediaRefSchema, muted: z.boolean() }),
  z.object({
    ...itemBase,
    kind: z.literal('document'),
    pages: z.array(mediaRefSchema),
    fit: z.enum(ITEM_FITS),
  }),
  z.object({
    ...itemBase,
    kind: z.literal('website'),
    url: z.string(),
    refresh_seconds: z.number().nullable(),
    zoom: z.number(),
  }),
  z.object({ ...itemBase, kind: z.literal('stream'), url: z.string(), muted: z.boolean() }),
  z.object({ ...itemBase, kind: z.literal('h5'), url: z.string() }),
  z.object({
    ...itemBase,
    kind: z.literal('text'),
    text: z.object({
      content: z.string(),
      position: z.enum(TEXT_POSITIONS),
      direction: z.enum(TEXT_DIRECTIONS),
      speed: z.number(),
      color: z.string(),
      background_color: z.string(),
      font_size: z.number(),
      font: fontRefSchema,
    }),
  }),
  z.object({
    ...itemBase,
    kind: z.literal('clock'),
    clock: z.object({
      format: z.enum(CLOCK_FORMATS),
      color: z.string(),
      font_size: z.number(),
      font: fontRefSchema,
    }),
  }),
  z.object({ ...itemBase, kind: z.literal('sticker'), media: mediaRefSchema }),
]) satisfies z.ZodType<PlayItem>;

export const programSchema = z.object({
  kind: z.enum([...PROGRAM_KINDS, 'schedule']),
  id: z.number(),
  name: z.string(),
  width: z.number(),
  height: z.number(),
  background_color: z.string(),
  background: mediaRefSchema.nullable(),
  duration_ms: z.number(),
  zones: z.array(
    z.object({
      key: z.string(),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
      z: z.number(),
      background_color: z.string(),
      shuffle: z.boolean(),
      items: z.array(playItemSchema),
    }),
  ),
  sync: z.object({ epoch_ms: z.number() }).nullish(),
}) satisfies z.ZodType<Program>;

const scheduleFrameSchema = z.object({ start: z.string(), end: z.string(), rrule: z.string() });

export const manifestScheduleSchema = z.object({
  id: z.number(),
  type: z.string(),
  priority: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  frames: z.array(scheduleFrameSchema),
  spot: z.object({ start: z.string(), minutes: z.number() }).nullable(),
  exclude_holidays: z.boolean(),
  approved_at: z.string(),
  program: programSchema,
}) satisfies z.ZodType<ManifestSchedule>;

/** A screen's place in its video wall (video-wall-geometry.ts). */
export const videoWallCellSchema = z.object({
  wall_id: z.number(),
  row: z.number(),
  column: z.number(),
  canvas_width_mm: z.number(),
  canvas_height_mm: z.number(),
  area: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
}) satisfies z.ZodType<VideoWallCell>;

/** A rule in a screen's manifest: its trigger and what the screen does itself. */
const manifestRuleSchema = z.object({
  id: z.number(),
  trigger: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('time'),
      recurrence: z.enum(['daily', 'weekdays', 'days']),
      days: z.array(z.number()),
      at: z.string(),
    }),
    z.object({ kind: z.literal('sensor'), sensor_ids: z.array(z.string()) }),
  ]) satisfies z.ZodType<ManifestRuleTrigger>,
  actions: z.array(
    z.discriminatedUnion('action', [
      z.object({ action: z.enum(['power-on', 'power-off', 'restart']) }),
      z.object({ action: z.enum(['brightness', 'volume']), value: z.number() }),
    ]) satisfies z.ZodType<ManifestRuleAction>,
  ),
});

export const manifestSchema = z.object({
  version: z.string(),
  default_program: programSchema.nullable(),
  timezone: z.string().nullable(),
  holidays: z.array(z.string()),
  schedules: z.array(manifestScheduleSchema),
  sensors: z.array(z.string()).optional(),
  triggers: z
    .array(manifestScheduleSchema.extend({ sensor_ids: z.array(z.string()), seconds: z.number() }))
    .optional(),
  rules: z.array(manifestRuleSchema).optional(),
  video_wall: videoWallCellSchema.nullable(),
}) satisfies z.ZodType<Manifest>;

/** A stored playlist or composition named by kind and id: a device's default content. */
export const programRefSchema = z.object({
  kind: z.enum(PROGRAM_KINDS, { error: 'device.programKind' }),
  id: bodyIdSchema,
});
export type ProgramRef = z.infer<typeof programRefSchema>;

/** The longest message a content-error report keeps; longer ones are cut. */
export const CONTENT_ERROR_MESSAGE_MAX = 500;

/** POST /backend/player/content-error (device token as Bearer): an item a screen could not show. */
export const contentErrorRequestSchema = z.object({
  /** The item's content_id as the program gave it; null for built-ins (clock, text). */
  content_id: bodyIdSchema.nullable(),
  /** The item's key in its program. */
  key: z.string().min(1).max(200),
  reason: z.enum(CONTENT_ERROR_REASONS),
  message: z
    .string()
    .max(CONTENT_ERROR_MESSAGE_MAX * 8)
    .transform((value) => value.slice(0, CONTENT_ERROR_MESSAGE_MAX)),
});
export type ContentErrorRequest = z.input<typeof contentErrorRequestSchema>;

/** POST /backend/player/playbacks (device token as Bearer): proof of play, in batches. */
export const playbacksRequestSchema = z.object({
  playbacks: z
    .array(
      z.object({
        uuid: z.uuid(),
        content_id: bodyIdSchema.nullable(),
        schedule_id: bodyIdSchema.nullable(),
        started_at: z.iso.datetime({ offset: true }),
        duration_ms: z
          .number()
          .int()
          .min(0)
          .max(7 * 86_400_000),
        /** The tag whose read put it on screen (a sensor schedule's trigger, docs/device-features.md). */
        sensor_id: z
          .string()
          .max(MAX_SENSOR_ID_LENGTH)
          .regex(SENSOR_ID_PATTERN)
          .nullish()
          .transform((value) => value ?? null),
      }),
    )
    .min(1)
    .max(PLAYBACK_BATCH_LIMIT),
}) satisfies z.ZodType<{ playbacks: Playback[] }>;
/** The answer: the UUIDs the server holds now (new or already stored); the player forgets them. */
export const playbacksResultSchema = z.object({ accepted: z.array(z.string()) });
