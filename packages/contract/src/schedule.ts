import { z } from 'zod';
import { ContentType, ScheduleType } from './enums';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { idsRequestSchema } from './team';
import {
  bodyIdSchema,
  idSchema,
  listQuerySchema,
  listResultSchema,
  nameSchema,
  textSchema,
} from './validation';

// Schedules under /backend/manager/schedule: content bound to devices for a date range
// and time frames, approved by an administrator before screens play it (spec 001 §3, §4;
// ARCHITECTURE §9). The time rules themselves (ScheduleTime) are zod-free in schedule-time.ts,
// since the browser player resolves them too.

/** The types screens play today; multi schedule sync arrives with its area. */
export const BUILT_SCHEDULE_TYPES = [
  ScheduleType.standard,
  ScheduleType.playlist,
  ScheduleType.composition,
  ScheduleType.template,
  ScheduleType.insert,
  ScheduleType.sync,
  ScheduleType.sensor,
  ScheduleType.videoWall,
] as const;
export type BuiltScheduleType = (typeof BUILT_SCHEDULE_TYPES)[number];

/** Types whose content is a list of library items (each with a duration), played in order. */
export const ITEM_SCHEDULE_TYPES: readonly string[] = [
  ScheduleType.standard,
  ScheduleType.template,
  ScheduleType.insert,
  ScheduleType.sync,
  ScheduleType.sensor,
];
/**
 * Types whose screens play in lock-step (docs/sync.md): their program's position is a function of
 * server time. Sync play is a standard schedule whose items all play equally long, one after the
 * other (spec 001 §4: "equal play duration and equal interval"); the screens of a video wall
 * always play their wall content in lock-step.
 */
export const SYNC_SCHEDULE_TYPES: readonly string[] = [ScheduleType.sync, ScheduleType.videoWall];
/** What a sync schedule plays: media with a timeline every screen can follow to the frame. */
export const SYNC_CONTENT_TYPES: readonly number[] = [ContentType.image, ContentType.video];
/** Types whose content is one stored program. */
export const PROGRAM_SCHEDULE_TYPES: readonly string[] = [ScheduleType.playlist, ScheduleType.composition];
/**
 * Types whose content is one stored thing named by `program_id`: a playlist or a composition, or
 * for a video-wall schedule its wall content (content type 7), played on every screen of its wall.
 */
export const SOURCE_SCHEDULE_TYPES: readonly string[] = [...PROGRAM_SCHEDULE_TYPES, ScheduleType.videoWall];

/**
 * The approval lifecycle of schedules and content (spec 001 §4): draft → pending (submitted) →
 * reviewing (an approver opened it) → approved | rejected (with a reason); the creator withdraws.
 * Only approved schedules reach screens, and only approved content goes into them.
 */
export const APPROVAL_STATES = [
  'draft',
  'pending',
  'reviewing',
  'approved',
  'rejected',
  'withdrawn',
] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
/** Waiting for an approver: submitted, or opened by one. */
export const AWAITING_APPROVAL: readonly ApprovalState[] = ['pending', 'reviewing'];

/** What one device made of a schedule's publication (ARCHITECTURE §9). */
export const PUSH_STATUSES = ['pending', 'success', 'failed', 'retried'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];
/**
 * What a push status says beside it, as a key of the contract's messages (spec 001 §8): the device's
 * free storage cannot hold the schedule's media (its push failed, the schedule does not reach it),
 * or the device never said how much it has (it was sent all the same). docs/device-storage.md.
 */
export const PUSH_REASONS = ['device.storageInsufficient', 'device.storageUnknown'] as const;
export type PushReason = (typeof PUSH_REASONS)[number];
/** A device told of a publication that has not fetched it within this long: its push failed. */
export const PUSH_TIMEOUT_MS = 30_000;

export const SCHEDULE_PRIORITY_MIN = 1;
export const SCHEDULE_PRIORITY_MAX = 10;
export const SCHEDULE_PRIORITY_DEFAULT = 5;
/** Devices and items one schedule holds at most (a whole fleet of 10,000 screens, bench/publish). */
export const SCHEDULE_DEVICE_LIMIT = 10_000;
export const SCHEDULE_ITEM_LIMIT = 200;
export const SCHEDULE_FRAME_LIMIT = 50;
/** A spot (insert) schedule interrupts for one minute to a day. */
export const SPOT_MINUTES_MIN = 1;
export const SPOT_MINUTES_MAX = 1440;
export const SCHEDULE_ITEM_SECONDS_MIN = 1;
export const SCHEDULE_ITEM_SECONDS_MAX = 86_400;
export const SCHEDULE_DEFAULT_ITEM_SECONDS = 10;
/**
 * A sensor schedule (docs/device-features.md "Sensor schedules"): when one of its tags is read on
 * one of its screens while a frame of it runs, the screen interrupts what it plays with the
 * schedule's items for `seconds`, then resumes where it was.
 */
export const SENSOR_SECONDS_MIN = 1;
export const SENSOR_SECONDS_MAX = 3600;
export const SENSOR_SECONDS_DEFAULT = 30;
export const SCHEDULE_SENSOR_LIMIT = 50;
export const scheduleSensorSchema = z.object({
  sensor_ids: z
    .array(bodyIdSchema, { error: 'schedule.sensors' })
    .min(1, 'schedule.sensors')
    .max(SCHEDULE_SENSOR_LIMIT, 'schedule.sensorLimit'),
  seconds: z
    .number({ error: 'schedule.sensorSeconds' })
    .int('schedule.sensorSeconds')
    .min(SENSOR_SECONDS_MIN, 'schedule.sensorSeconds')
    .max(SENSOR_SECONDS_MAX, 'schedule.sensorSeconds'),
});
export type ScheduleSensor = z.infer<typeof scheduleSensorSchema>;

/** Shown after a schedule is submitted while approval is on (spec 001 §4). */
export const SCHEDULE_SUBMITTED_MESSAGE_KEY = 'schedule.submitted';

/**
 * Today's date where the day began last on Earth (UTC−12): a schedule whose end date is before it
 * has ended for every screen, whatever its timezone. (Here, not in schedule-time.ts: that one
 * brings rrule, which the login page must not load.)
 */
export function todayAnywhere(nowMs: number): string {
  return new Date(nowMs - 12 * 3_600_000).toISOString().slice(0, 10);
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** A calendar date, YYYY-MM-DD, in the device's timezone. */
export const scheduleDateSchema = z
  .string({ error: 'schedule.date' })
  .regex(datePattern, 'schedule.date')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'schedule.date');
/** A wall-clock time, HH:mm, from 00:00 to 24:00. */
export const scheduleClockSchema = z.string({ error: 'schedule.time' }).regex(timePattern, 'schedule.time');

/**
 * A recurrence: an RFC 5545 RRULE limited to what the editor offers: FREQ=DAILY, FREQ=WEEKLY with
 * BYDAY, FREQ=MONTHLY with BYMONTHDAY, each with an optional INTERVAL. No DTSTART (the schedule's
 * start date is), no UNTIL or COUNT (its end date is).
 */
export const RRULE_PATTERN =
  /^FREQ=(DAILY|WEEKLY;BYDAY=(MO|TU|WE|TH|FR|SA|SU)(,(MO|TU|WE|TH|FR|SA|SU))*|MONTHLY;BYMONTHDAY=([1-9]|[12]\d|3[01])(,([1-9]|[12]\d|3[01]))*)(;INTERVAL=([1-9]|[1-9]\d))?$/;

/** A time frame: from start to end on each day its rule names; an end at or before the start runs past midnight. */
export const scheduleFrameSchema = z
  .object({
    start: scheduleClockSchema,
    end: scheduleClockSchema,
    rrule: z.string({ error: 'schedule.rrule' }).regex(RRULE_PATTERN, 'schedule.rrule'),
  })
  .refine((frame) => frame.start !== frame.end && frame.start !== '24:00', 'schedule.frameEmpty');
export type ScheduleFrameRequest = z.input<typeof scheduleFrameSchema>;

/** A spot's moment: a local date and time, YYYY-MM-DDTHH:mm, and how many minutes it interrupts. */
export const scheduleSpotSchema = z.object({
  start: z
    .string({ error: 'schedule.spotStart' })
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, 'schedule.spotStart'),
  minutes: z
    .number({ error: 'schedule.spotMinutes' })
    .int('schedule.spotMinutes')
    .min(SPOT_MINUTES_MIN, 'schedule.spotMinutes')
    .max(SPOT_MINUTES_MAX, 'schedule.spotMinutes'),
});

/** One library item of a standard, template or insert schedule, in play order. */
export const scheduleItemRequestSchema = z.object({
  content_id: bodyIdSchema,
  /** Seconds; null: the media's own length (video, music) or the default. */
  duration: z
    .number({ error: 'schedule.duration' })
    .min(SCHEDULE_ITEM_SECONDS_MIN, 'schedule.duration')
    .max(SCHEDULE_ITEM_SECONDS_MAX, 'schedule.duration')
    .nullish()
    .transform((value) => value ?? null),
});

/**
 * POST schedule, PUT schedule/:id (which replaces everything). Content: `items` for the item
 * types, `program_id` (a playlist or composition) for the program types. Time: the date range
 * with frames, or `spot` for insert schedules. `submit` asks for approval at once (or, with
 * approval off, publishes); otherwise the schedule stays a draft.
 */
export const scheduleRequestSchema = z
  .object({
    name: nameSchema,
    type: z.enum(BUILT_SCHEDULE_TYPES, { error: 'schedule.type' }),
    priority: z
      .number({ error: 'schedule.priority' })
      .int('schedule.priority')
      .min(SCHEDULE_PRIORITY_MIN, 'schedule.priority')
      .max(SCHEDULE_PRIORITY_MAX, 'schedule.priority')
      .default(SCHEDULE_PRIORITY_DEFAULT),
    device_ids: z
      .array(bodyIdSchema, { error: 'schedule.devices' })
      .min(1, 'schedule.devices')
      .max(SCHEDULE_DEVICE_LIMIT, 'schedule.deviceLimit'),
    items: z.array(scheduleItemRequestSchema).max(SCHEDULE_ITEM_LIMIT, 'schedule.itemLimit').default([]),
    program_id: bodyIdSchema.nullish().transform((value) => value ?? null),
    start_date: scheduleDateSchema,
    end_date: scheduleDateSchema,
    frames: z.array(scheduleFrameSchema).max(SCHEDULE_FRAME_LIMIT, 'schedule.frameLimit').default([]),
    spot: scheduleSpotSchema.nullish().transform((value) => value ?? null),
    /** Sensor schedules: the tags that trigger it and how long it interrupts. */
    sensor: scheduleSensorSchema.nullish().transform((value) => value ?? null),
    /** Holidays (/setting/exclude-data) do not play. */
    exclude_holidays: z.boolean({ error: 'validation.boolean' }).default(true),
    submit: z.boolean({ error: 'validation.boolean' }).default(false),
  })
  .refine((body) => body.start_date <= body.end_date, {
    message: 'schedule.startAfterEnd',
    path: ['end_date'],
  })
  // A schedule that ended for every screen would never play (a spot's dates are its day).
  .refine((body) => body.end_date >= todayAnywhere(Date.now()), {
    message: 'schedule.endInPast',
    path: ['end_date'],
  })
  .refine(
    (body) => (ITEM_SCHEDULE_TYPES.includes(body.type) ? body.items.length > 0 : body.program_id !== null),
    {
      message: 'schedule.content',
      path: ['items'],
    },
  )
  .refine((body) => (body.type === ScheduleType.insert ? body.spot !== null : body.frames.length > 0), {
    message: 'schedule.frames',
    path: ['frames'],
  })
  .refine((body) => body.type !== ScheduleType.sensor || body.sensor !== null, {
    message: 'schedule.sensors',
    path: ['sensor'],
  });
export type ScheduleRequest = z.input<typeof scheduleRequestSchema>;
export type ScheduleFields = z.output<typeof scheduleRequestSchema>;

/** POST schedule/:id/reject, POST resource/:id/reject. */
export const rejectRequestSchema = z.object({
  reason: textSchema.trim().min(1, 'schedule.reasonRequired'),
});
export type RejectRequest = z.input<typeof rejectRequestSchema>;

export const SCHEDULE_SORT_COLUMNS = ['name', 'created_at', 'updated_at', 'start_date', 'priority'] as const;
/** GET schedule: filters as the live list offers them (all pass through the address). */
export const scheduleListQuerySchema = listQuerySchema(SCHEDULE_SORT_COLUMNS).extend({
  state: z.enum(APPROVAL_STATES).optional(),
  type: z.enum(BUILT_SCHEDULE_TYPES).optional(),
  device_id: idSchema.optional(),
  /** Only those waiting for the caller's approval (the approval tab and the dot). */
  ntc: z.union([z.boolean(), z.stringbool({ error: 'validation.boolean' })]).optional(),
});
export type ScheduleListQuery = z.input<typeof scheduleListQuerySchema>;

/** A schedule in the live list. `status` is the spec's device-or-schedule status number. */
export const scheduleSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  state: z.enum(APPROVAL_STATES),
  /** DeviceStatus: unconfirmed 0 (pending, reviewing), online 1 (approved, not ended), rejected 3, expired 5 (ended). null for drafts and withdrawn ones. */
  status: z.number().nullable(),
  /** Needs to confirm: pending or reviewing, and the caller may approve it. */
  ntc: z.boolean(),
  /** The approver who opened it while it is reviewing (others see "reviewed by"). */
  reviewer_id: z.number().nullable(),
  reviewer_name: z.string().nullable(),
  priority: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  spot: z.object({ start: z.string(), minutes: z.number() }).nullable(),
  device_count: z.number(),
  /** Devices per push status of the last publication. */
  push: z.object({ pending: z.number(), success: z.number(), failed: z.number(), retried: z.number() }),
  reject_reason: z.string().nullable(),
  workspace_id: z.number(),
  creator_id: z.number().nullable(),
  creator_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When it was last approved (or published without approval); null while not approved. Later approval wins ties of priority. */
  approved_at: z.string().nullable(),
});
export type ScheduleSummary = z.infer<typeof scheduleSummarySchema>;
export const scheduleListSchema = listResultSchema(scheduleSummarySchema);

export const scheduleItemSchema = z.object({
  content_id: z.number(),
  name: z.string(),
  type: z.number(),
  thumbnail: z.string().nullable(),
  /** What the rules check: the MIME type a player is given, and the pixels when known. */
  mime: z.string().nullable().optional(),
  width: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
  duration: z.number().nullable(),
  /** How long it plays: the duration set, the media's own length, or the default. */
  seconds: z.number(),
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

export const scheduleDeviceSchema = z.object({
  device_id: z.number(),
  name: z.string(),
  signage_id: z.string(),
  orientation: z.number(),
  timezone: z.string().nullable(),
  push_status: z.enum(PUSH_STATUSES).nullable(),
  push_reason: z.enum(PUSH_REASONS).nullable(),
  pushed_at: z.string().nullable(),
});
export type ScheduleDevice = z.infer<typeof scheduleDeviceSchema>;

export const scheduleFrameOutSchema = z.object({ start: z.string(), end: z.string(), rrule: z.string() });

/** GET schedule/:id: everything the editor, the approval page and the preview need. */
export const scheduleDetailSchema = scheduleSummarySchema.extend({
  exclude_holidays: z.boolean(),
  frames: z.array(scheduleFrameOutSchema),
  items: z.array(scheduleItemSchema),
  /**
   * The playlist or composition of a program type, with its orientation (0, 90, 180, 270); the wall
   * content of a video-wall schedule, with its wall.
   */
  program: z
    .object({
      id: z.number(),
      name: z.string(),
      orientation: z.number().optional(),
      wall_id: z.number().optional(),
    })
    .nullable(),
  devices: z.array(scheduleDeviceSchema),
  /** A sensor schedule's tags (each with its sensor ID and name) and how long it interrupts. */
  sensor: z
    .object({
      sensors: z.array(z.object({ id: z.number(), sensor_id: z.string(), name: z.string() })),
      seconds: z.number(),
    })
    .nullable(),
});
export type ScheduleDetail = z.infer<typeof scheduleDetailSchema>;

/** GET schedule/:id/audits: the schedule's history (who did what, when). */
export const SCHEDULE_ACTIONS = [
  'create',
  'update',
  'submit',
  'review',
  'approve',
  'reject',
  'withdraw',
  'publish',
] as const;
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number];
export const scheduleAuditSchema = z.object({
  id: z.number(),
  action: z.enum(SCHEDULE_ACTIONS),
  user_name: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type ScheduleAudit = z.infer<typeof scheduleAuditSchema>;
export const scheduleAuditListSchema = z.object({ list: z.array(scheduleAuditSchema) });

/**
 * GET schedule/pending-count: the notification dot of the approval list. `count` = pending +
 * content_pending + rejected + push_failed: `pending` the schedules and `content_pending` the
 * content waiting for the caller's approval (0 without schedule:audit); `rejected`
 * the caller's own schedules that were rejected (until edited, resubmitted or deleted);
 * `push_failed` the caller's own approved, not yet ended schedules some device failed to receive.
 */
/** How many notices the pending count carries at most: the latest changed. */
export const SCHEDULE_NOTICE_LIMIT = 10;

/**
 * What the creator is told of an own schedule: "The schedule was rejected" with the approver's
 * reason, or "Push failed" while a device did not receive it (spec 001 §5), in the caller's language.
 */
export const scheduleNoticeSchema = z.object({
  schedule_id: z.number(),
  name: z.string(),
  message: z.string(),
  reason: z.string().nullable(),
  /** When the schedule last changed: a notice already shown is not shown again. */
  updated_at: z.string(),
});
export type ScheduleNotice = z.infer<typeof scheduleNoticeSchema>;

export const schedulePendingCountSchema = z.object({
  count: z.number(),
  pending: z.number(),
  content_pending: z.number(),
  rejected: z.number(),
  push_failed: z.number(),
  notices: z.array(scheduleNoticeSchema),
});
export type SchedulePendingCount = z.infer<typeof schedulePendingCountSchema>;

/** POST schedule/config: turns the company's schedule approval on or off (spec 000 §2). */
export const scheduleConfigSchema = z.object({
  need_confirm: z.boolean({ error: 'validation.boolean' }),
});
export type ScheduleConfig = z.infer<typeof scheduleConfigSchema>;

// ── Holidays (/setting/exclude-data, /backend/manager/holiday) ─────────────────────────────

export const holidayRequestSchema = z.object({ name: nameSchema, date: scheduleDateSchema });
export type HolidayRequest = z.input<typeof holidayRequestSchema>;
export const holidaySchema = z.object({
  id: z.number(),
  name: z.string(),
  date: z.string(),
  created_at: z.string(),
});
export type Holiday = z.infer<typeof holidaySchema>;
export const HOLIDAY_SORT_COLUMNS = ['date', 'name'] as const;
export const holidayListQuerySchema = listQuerySchema(HOLIDAY_SORT_COLUMNS).extend({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type HolidayListQuery = z.input<typeof holidayListQuerySchema>;
export const holidayListSchema = listResultSchema(holidaySchema);

// ── Operations ──────────────────────────────────────────────────────────────────────────────

const SCHEDULE = '/backend/manager/schedule';
const HOLIDAY = '/backend/manager/holiday';

/**
 * Schedules (spec 000 §2 /schedule/*): the list and the dot need schedule:list; making, editing,
 * deleting, submitting and withdrawing schedule:add (withdrawing only for the creator); the detail
 * schedule:info (or schedule:audit, for the approval page and the preview); reviewing, approving,
 * rejecting and the history schedule:audit.
 */
export const scheduleOperations = {
  list: operation({
    method: 'GET',
    path: SCHEDULE,
    query: scheduleListQuerySchema,
    response: scheduleListSchema,
    access: 'schedule:list',
  }),
  create: operation({
    method: 'POST',
    path: SCHEDULE,
    body: scheduleRequestSchema,
    response: scheduleDetailSchema,
    access: 'schedule:add',
  }),
  deleteMany: operation({
    method: 'DELETE',
    path: SCHEDULE,
    body: idsRequestSchema,
    response: noDataSchema,
    access: 'schedule:add',
  }),
  pendingCount: operation({
    method: 'GET',
    path: `${SCHEDULE}/pending-count`,
    response: schedulePendingCountSchema,
    access: 'schedule:list',
  }),
  /** The approval switch of /schedule/audit: the company's owner or a user admin holding schedule:audit. */
  config: operation({
    method: 'POST',
    path: `${SCHEDULE}/config`,
    body: scheduleConfigSchema,
    response: scheduleConfigSchema,
    access: 'schedule:audit',
  }),
  detail: operation({
    method: 'GET',
    path: `${SCHEDULE}/:id`,
    params: idParamsSchema,
    response: scheduleDetailSchema,
    access: ['schedule:info', 'schedule:audit'],
  }),
  update: operation({
    method: 'PUT',
    path: `${SCHEDULE}/:id`,
    params: idParamsSchema,
    body: scheduleRequestSchema,
    response: scheduleDetailSchema,
    access: 'schedule:add',
  }),
  delete: operation({
    method: 'DELETE',
    path: `${SCHEDULE}/:id`,
    params: idParamsSchema,
    response: noDataSchema,
    access: 'schedule:add',
  }),
  submit: operation({
    method: 'POST',
    path: `${SCHEDULE}/:id/submit`,
    params: idParamsSchema,
    response: scheduleDetailSchema,
    access: 'schedule:add',
  }),
  withdraw: operation({
    method: 'POST',
    path: `${SCHEDULE}/:id/withdraw`,
    params: idParamsSchema,
    response: scheduleDetailSchema,
    access: 'schedule:add',
  }),
  /** The approval page opened: a pending schedule becomes reviewing, by the caller. */
  review: operation({
    method: 'POST',
    path: `${SCHEDULE}/:id/review`,
    params: idParamsSchema,
    response: scheduleDetailSchema,
    access: 'schedule:audit',
  }),
  /**
   * Answers the schedule without its devices: it is answered before its publication reaches them
   * (a fleet's push statuses are written after), so their statuses are read from the detail then.
   */
  approve: operation({
    method: 'POST',
    path: `${SCHEDULE}/:id/approve`,
    params: idParamsSchema,
    response: scheduleSummarySchema,
    access: 'schedule:audit',
  }),
  reject: operation({
    method: 'POST',
    path: `${SCHEDULE}/:id/reject`,
    params: idParamsSchema,
    body: rejectRequestSchema,
    response: scheduleDetailSchema,
    access: 'schedule:audit',
  }),
  audits: operation({
    method: 'GET',
    path: `${SCHEDULE}/:id/audits`,
    params: idParamsSchema,
    response: scheduleAuditListSchema,
    access: 'schedule:audit',
  }),
};

/** Holidays (/setting/exclude-data): setting:holiday:list for all of them. */
export const holidayOperations = {
  list: operation({
    method: 'GET',
    path: HOLIDAY,
    query: holidayListQuerySchema,
    response: holidayListSchema,
    access: 'setting:holiday:list',
  }),
  create: operation({
    method: 'POST',
    path: HOLIDAY,
    body: holidayRequestSchema,
    response: holidaySchema,
    access: 'setting:holiday:list',
  }),
  update: operation({
    method: 'PUT',
    path: `${HOLIDAY}/:id`,
    params: idParamsSchema,
    body: holidayRequestSchema,
    response: holidaySchema,
    access: 'setting:holiday:list',
  }),
  delete: operation({
    method: 'DELETE',
    path: `${HOLIDAY}/:id`,
    params: idParamsSchema,
    response: noDataSchema,
    access: 'setting:holiday:list',
  }),
};
