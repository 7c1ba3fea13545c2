import type { ScheduleFrame, ScheduleSpot } from '@vitrine/contract';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { contents } from './content';
import { devices } from './device';
import { companies, workspaceOwned } from './tenancy';

// Schedules: content bound to devices for a date range and time frames, approved before
// screens play it (spec 001 §3, §4; ARCHITECTURE §9). modules/schedule keeps them; what screens
// play is built from the approved ones (modules/schedule/publish.ts, modules/program).

export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    name: varchar('name', { length: 64 }).notNull(),
    /** ScheduleType (the built ones: standard, playlist, composition, template, insert). */
    type: varchar('type', { length: 16 }).notNull(),
    /** 1..10, higher wins. */
    priority: smallint('priority').notNull().default(5),
    /** ApprovalState: draft, pending, reviewing, approved, rejected, withdrawn. */
    state: varchar('state', { length: 16 }).notNull().default('draft'),
    /** Inclusive, device-local dates. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    frames: jsonb('frames').$type<ScheduleFrame[]>().notNull().default([]),
    /** Insert schedules: the local moment and minutes they interrupt. */
    spot: jsonb('spot').$type<ScheduleSpot>(),
    /** Sensor schedules: how long a read interrupts (seconds); their tags are in schedule_sensors. */
    sensorSeconds: integer('sensor_seconds'),
    /** Program types: the playlist or composition (by type); no foreign key, the registries release it. */
    programId: integer('program_id'),
    excludeHolidays: boolean('exclude_holidays').notNull().default(true),
    rejectReason: text('reject_reason'),
    /** The approver who opened it while it is reviewing. */
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('schedules_workspace_created_idx').on(t.workspaceId, t.createdAt),
    index('schedules_company_state_idx').on(t.companyId, t.state),
    index('schedules_program_idx').on(t.type, t.programId),
  ],
);
export type ScheduleRow = typeof schedules.$inferSelect;

/** One library item of a standard, template or insert schedule, in play order. */
export const scheduleItems = pgTable(
  'schedule_items',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    /** 0-based order. */
    position: integer('position').notNull(),
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id),
    /** Seconds; null: the media's own length (video, music) or the default. */
    duration: real('duration'),
  },
  (t) => [
    index('schedule_items_order_idx').on(t.scheduleId, t.position),
    index('schedule_items_content_idx').on(t.contentId),
  ],
);

/** The devices a schedule reaches, with what each made of its last publication. */
export const scheduleDevices = pgTable(
  'schedule_devices',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** PushStatus: pending, success, failed, retried; null until first published. */
    pushStatus: varchar('push_status', { length: 8 }),
    /** PushReason (a message key): refused for want of storage, or sent to a device that never said. */
    pushReason: varchar('push_reason', { length: 64 }),
    pushAttempts: integer('push_attempts').notNull().default(0),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    /** When the device last fetched a manifest holding this schedule. */
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.deviceId] }),
    index('schedule_devices_device_idx').on(t.deviceId),
    index('schedule_devices_push_idx').on(t.pushStatus, t.pushedAt),
  ],
);
export type ScheduleDeviceRow = typeof scheduleDevices.$inferSelect;

/** A schedule's history: who created, edited, submitted, approved, rejected, withdrew or published it. */
export const scheduleAudits = pgTable(
  'schedule_audits',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    /** ScheduleAction. */
    action: varchar('action', { length: 16 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('schedule_audits_schedule_idx').on(t.scheduleId, t.createdAt)],
);

/** A company's holidays (/setting/exclude-data): schedules that exclude them do not play on these dates. */
export const holidays = pgTable(
  'holidays',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('holidays_company_date_unique').on(t.companyId, t.date)],
);
export type HolidayRow = typeof holidays.$inferSelect;
