import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { contents } from './content';
import { devices } from './device';
import { schedules } from './schedule';
import { companies, workspaces } from './tenancy';

// Statistics (modules/statistics): proof of play as the players upload it, and the
// exports of the playback log that run as jobs.

/**
 * One item shown once on one screen (POST /backend/player/playbacks). The player's UUID is the key,
 * so a batch sent twice is kept once. Like content_errors a log line: it carries the device's
 * company and workspace at upload time and goes with them, never keeping them from being deleted.
 */
export const playbacks = pgTable(
  'playbacks',
  {
    uuid: uuid('uuid').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** The library content shown; null for built-ins, another company's id, or content deleted since. */
    contentId: integer('content_id').references(() => contents.id, { onDelete: 'set null' }),
    /** The schedule it played for; null for default content, or a schedule deleted since. */
    scheduleId: integer('schedule_id').references(() => schedules.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** The sensor ID whose read started it (a sensor schedule's trigger); null otherwise. */
    sensorId: varchar('sensor_id', { length: 64 }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The log and the dashboard: a company's (or workspace's) playbacks in a period, newest first.
    index('playbacks_company_started_idx').on(t.companyId, t.startedAt),
    index('playbacks_workspace_started_idx').on(t.workspaceId, t.startedAt),
    // The log's filters.
    index('playbacks_device_started_idx').on(t.deviceId, t.startedAt),
    index('playbacks_content_started_idx').on(t.contentId, t.startedAt),
    index('playbacks_schedule_started_idx').on(t.scheduleId, t.startedAt),
  ],
);
export type PlaybackRow = typeof playbacks.$inferSelect;

/**
 * An export of the playback log (/statistics/export), written by a job to a file under the data
 * directory. Seen only by the user who asked for it: the rows follow that user's scope.
 */
export const statisticsExports = pgTable(
  'statistics_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The requester's company; null for platform roles. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** ExportFormat: csv | xlsx. */
    format: varchar('format', { length: 8 }).notNull(),
    /** The playback-log filters as asked (the contract's export request, without the format). */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    /** The language of the column headers. */
    language: varchar('language', { length: 8 }).notNull(),
    /** ExportState: queued | running | done | failed. */
    state: varchar('state', { length: 16 }).notNull().default('queued'),
    /** 0..100. */
    progress: smallint('progress').notNull().default(0),
    rowCount: integer('row_count'),
    /** The name the download gets. */
    fileName: varchar('file_name', { length: 200 }).notNull(),
    /** Bytes of the written file. */
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('statistics_exports_user_created_idx').on(t.userId, t.createdAt)],
);
export type StatisticsExportRow = typeof statisticsExports.$inferSelect;
