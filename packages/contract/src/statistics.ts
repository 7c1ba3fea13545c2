import { z } from 'zod';
import { RECENT_PERIOD_DAYS } from './limits';
import { idParamsSchema, noDataSchema, operation } from './operation';
import { timezoneSchema } from './setting';
import { idSchema, listQuerySchema, listResultSchema } from './validation';

// Statistics under /backend/manager/statistics: the playback log of proof of play
// (/statistics/playback-log), its exports as files (/statistics/export), and the content errors the
// players reported (/backend/manager/notice/content-error, /notice/content-error).

/** The longest period a log, summary or export covers when given as a range. */
export const STATISTICS_RANGE_DAYS_MAX = 366;
/** Rows one export holds at most. */
export const EXPORT_ROW_LIMIT = 1_000_000;
/** Rows of a summary's top list. */
export const SUMMARY_TOP = 10;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/** Columns of the playback log and its exports, in order (headers: contract `statistics.column.*`). */
export const PLAYBACK_COLUMNS = [
  'started_at',
  'device_name',
  'content_name',
  'content_type',
  'schedule_name',
  'duration',
] as const;
export type PlaybackColumn = (typeof PLAYBACK_COLUMNS)[number];

const optionalId = idSchema.optional();

const daysSchema = z.coerce
  .number()
  .int()
  .refine((value) => (RECENT_PERIOD_DAYS as readonly number[]).includes(value), 'statistics.days')
  .optional();

const momentSchema = z.iso.datetime({ offset: true, error: 'statistics.date' }).optional();

/**
 * The period: the last 7, 14 or 30 days (`days`), or a range `from`..`to` (ISO moments, either
 * open), or nothing (all). Not both; a range starts before it ends and spans at most a year.
 */
const periodFields = { days: daysSchema, from: momentSchema, to: momentSchema };

type Period = { days?: number; from?: string; to?: string };
const periodRules = <T extends z.ZodType<Period>>(schema: T) =>
  schema
    .refine((value) => value.days === undefined || (value.from === undefined && value.to === undefined), {
      message: 'statistics.periodBoth',
      path: ['days'],
    })
    .refine((value) => !value.from || !value.to || Date.parse(value.from) <= Date.parse(value.to), {
      message: 'statistics.range',
      path: ['to'],
    })
    .refine(
      (value) =>
        !value.from ||
        !value.to ||
        Date.parse(value.to) - Date.parse(value.from) <= STATISTICS_RANGE_DAYS_MAX * 86_400_000,
      { message: 'statistics.rangeMax', path: ['to'] },
    );

/** The playback log's filters, shared by the log, its summary and the exports. */
export const playbackFilterFields = {
  device_id: optionalId,
  content_id: optionalId,
  schedule_id: optionalId,
  ...periodFields,
};
export const playbackFilterSchema = periodRules(z.object(playbackFilterFields));
export type PlaybackFilter = z.input<typeof playbackFilterSchema>;

// ── Playback log ────────────────────────────────────────────────────────────────────────────

export const PLAYBACK_SORT_COLUMNS = ['started_at', 'duration'] as const;
/** GET statistics/playback-log: newest first unless sorted otherwise. */
export const playbackLogQuerySchema = periodRules(
  listQuerySchema(PLAYBACK_SORT_COLUMNS).omit({ keyword: true }).extend(playbackFilterFields),
);
export type PlaybackLogQuery = z.input<typeof playbackLogQuerySchema>;

export const playbackLogRowSchema = z.object({
  uuid: z.string(),
  device_id: z.number(),
  device_name: z.string(),
  /** Null: a built-in item, or content deleted since. */
  content_id: z.number().nullable(),
  content_name: z.string().nullable(),
  /** ContentType. */
  content_type: z.number().nullable(),
  /** Null: the device's default content, or a schedule deleted since. */
  schedule_id: z.number().nullable(),
  schedule_name: z.string().nullable(),
  started_at: z.string(),
  duration_ms: z.number(),
});
export type PlaybackLogRow = z.infer<typeof playbackLogRowSchema>;
export const playbackLogSchema = listResultSchema(playbackLogRowSchema);

export const SUMMARY_GROUPS = ['content', 'device'] as const;
export type SummaryGroup = (typeof SUMMARY_GROUPS)[number];

/** GET statistics/playback-log/summary: totals, the top contents or devices, and plays per day. */
export const playbackSummaryQuerySchema = periodRules(
  z.object({
    ...playbackFilterFields,
    group: z.enum(SUMMARY_GROUPS, { error: 'statistics.group' }).default('content'),
    /** The timezone whose calendar days `days` counts by; UTC when not given. */
    tz: timezoneSchema.optional(),
  }),
);
export type PlaybackSummaryQuery = z.input<typeof playbackSummaryQuerySchema>;

export const playbackSummarySchema = z.object({
  plays: z.number(),
  duration_ms: z.number(),
  devices: z.number(),
  contents: z.number(),
  /** The most played contents (or devices), most plays first; id null: built-in items. */
  top: z.array(
    z.object({
      id: z.number().nullable(),
      name: z.string().nullable(),
      content_type: z.number().nullable(),
      plays: z.number(),
      duration_ms: z.number(),
    }),
  ),
  /** Plays per calendar day ('YYYY-MM-DD' in tz), days without plays left out, oldest first. */
  days: z.array(z.object({ date: z.string(), plays: z.number(), duration_ms: z.number() })),
});
export type PlaybackSummary = z.infer<typeof playbackSummarySchema>;

// ── Exports ─────────────────────────────────────────────────────────────────────────────────

/** POST statistics/export: the log's filters, a format and the timezone its times are written in. */
export const exportRequestSchema = periodRules(
  z.object({
    ...playbackFilterFields,
    format: z.enum(EXPORT_FORMATS, { error: 'statistics.format' }),
    tz: timezoneSchema.default('UTC'),
  }),
);
export type ExportRequest = z.input<typeof exportRequestSchema>;

export const EXPORT_SORT_COLUMNS = ['created_at'] as const;
export const exportListQuerySchema = listQuerySchema(EXPORT_SORT_COLUMNS).omit({ keyword: true });
export type ExportListQuery = z.input<typeof exportListQuerySchema>;

export const exportFiltersSchema = z.object({
  device_id: z.number().optional(),
  content_id: z.number().optional(),
  schedule_id: z.number().optional(),
  days: z.number().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  tz: z.string().optional(),
});
export type ExportFilters = z.infer<typeof exportFiltersSchema>;

export const exportRowSchema = z.object({
  id: z.number(),
  format: z.enum(EXPORT_FORMATS),
  state: z.enum(EXPORT_STATES),
  /** 0..100. */
  progress: z.number(),
  row_count: z.number().nullable(),
  file_name: z.string(),
  /** Bytes, once written. */
  size: z.number().nullable(),
  filters: exportFiltersSchema,
  /** The names of the filtered device, content and schedule, when they still exist. */
  filter_names: z.object({
    device: z.string().nullable(),
    content: z.string().nullable(),
    schedule: z.string().nullable(),
  }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ExportRow = z.infer<typeof exportRowSchema>;
export const exportListSchema = listResultSchema(exportRowSchema);

// ── Choices for the filters ──────────────────────────────────────────────────────────────────

export const STATISTICS_CHOICE_KINDS = ['device', 'content', 'schedule'] as const;
export type StatisticsChoiceKind = (typeof STATISTICS_CHOICE_KINDS)[number];
/** GET statistics/choices: devices, contents or schedules of the caller's scope by name, for the filters. */
export const statisticsChoiceQuerySchema = z.object({
  kind: z.enum(STATISTICS_CHOICE_KINDS, { error: 'validation.invalid' }),
  keyword: z.string().trim().max(64).optional(),
  /** Also the one with this id (the filter's current value), whatever the keyword. */
  id: optionalId,
});
export type StatisticsChoiceQuery = z.input<typeof statisticsChoiceQuerySchema>;
export const statisticsChoiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  content_type: z.number().nullable(),
});
export type StatisticsChoice = z.infer<typeof statisticsChoiceSchema>;
export const statisticsChoiceListSchema = z.object({ list: z.array(statisticsChoiceSchema) });

// ── Content errors (/notice/content-error) ───────────────────────────────────────────────────

export const CONTENT_ERROR_SORT_COLUMNS = ['created_at'] as const;
export const contentErrorListQuerySchema = periodRules(
  listQuerySchema(CONTENT_ERROR_SORT_COLUMNS).extend({
    device_id: optionalId,
    content_id: optionalId,
    ...periodFields,
  }),
);
export type ContentErrorListQuery = z.input<typeof contentErrorListQuerySchema>;

export const contentErrorRowSchema = z.object({
  id: z.number(),
  device_id: z.number(),
  device_name: z.string(),
  content_id: z.number().nullable(),
  content_name: z.string().nullable(),
  content_type: z.number().nullable(),
  item_key: z.string(),
  /** ContentErrorReason: load, decode, play, timeout. */
  reason: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type ContentErrorLogRow = z.infer<typeof contentErrorRowSchema>;
export const contentErrorListSchema = listResultSchema(contentErrorRowSchema);

// ── Operations (spec 000 §2) ────────────────────────────────────────────────────────────────
// The playback log and its summary need statistics:play-back-logs, the exports
// statistics:export:list. The filter choices serve these pages and the content errors'
// (notice:error-content-logs). An export's file (GET …/export/:id/download) is a download, not an
// envelope: it stays a route of its own.

const STATISTICS = '/backend/manager/statistics';

export const statisticsOperations = {
  playbackLog: operation({
    method: 'GET',
    path: `${STATISTICS}/playback-log`,
    query: playbackLogQuerySchema,
    response: playbackLogSchema,
    access: 'statistics:play-back-logs',
  }),
  playbackSummary: operation({
    method: 'GET',
    path: `${STATISTICS}/playback-log/summary`,
    query: playbackSummaryQuerySchema,
    response: playbackSummarySchema,
    access: 'statistics:play-back-logs',
  }),
  choices: operation({
    method: 'GET',
    path: `${STATISTICS}/choices`,
    query: statisticsChoiceQuerySchema,
    response: statisticsChoiceListSchema,
    access: ['statistics:play-back-logs', 'statistics:export:list', 'notice:error-content-logs'],
  }),
  exportList: operation({
    method: 'GET',
    path: `${STATISTICS}/export`,
    query: exportListQuerySchema,
    response: exportListSchema,
    access: 'statistics:export:list',
  }),
  exportCreate: operation({
    method: 'POST',
    path: `${STATISTICS}/export`,
    body: exportRequestSchema,
    response: exportRowSchema,
    access: 'statistics:export:list',
  }),
  exportDetail: operation({
    method: 'GET',
    path: `${STATISTICS}/export/:id`,
    params: idParamsSchema,
    response: exportRowSchema,
    access: 'statistics:export:list',
  }),
  exportDelete: operation({
    method: 'DELETE',
    path: `${STATISTICS}/export/:id`,
    params: idParamsSchema,
    response: noDataSchema,
    access: 'statistics:export:list',
  }),
};
