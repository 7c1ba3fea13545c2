import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account';

/** Background jobs, claimed with FOR UPDATE SKIP LOCKED (ARCHITECTURE §10). */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: varchar('type', { length: 64 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** queued | running | done | failed */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: varchar('locked_by', { length: 64 }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAt)],
);

/**
 * Recurring work (JobQueue.every), one row per job: the instance that moves next_run_at on, under
 * FOR UPDATE SKIP LOCKED, runs it; last_run_* say when and where it last ran.
 */
export const recurringJobs = pgTable('recurring_jobs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastRunBy: varchar('last_run_by', { length: 64 }),
});

/** Settings as key → JSON value per scope: system (scope_id 0), customer, company or user. */
export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    scope: varchar('scope', { length: 16 }).notNull(),
    scopeId: integer('scope_id').notNull().default(0),
    key: varchar('key', { length: 64 }).notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('settings_scope_key').on(t.scope, t.scopeId, t.key)],
);

/** Edited mail templates; a type and language without a row uses the shipped default. */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 32 }).notNull(),
    language: varchar('language', { length: 8 }).notNull(),
    subject: varchar('subject', { length: 256 }).notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_templates_type_language').on(t.type, t.language)],
);

/** Failed requests reported by consoles (spec 000 §3 "Error report record"). */
export const errorReports = pgTable(
  'error_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    uid: varchar('uid', { length: 64 }),
    url: varchar('url', { length: 1024 }).notNull(),
    method: varchar('method', { length: 16 }).notNull(),
    qs: text('qs'),
    body: text('body'),
    code: integer('code'),
    msg: varchar('msg', { length: 1024 }),
    tz: varchar('tz', { length: 64 }),
    time: varchar('time', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('error_reports_created_idx').on(t.createdAt)],
);

/** The role → permission grants chosen by the system role, within each role's ceiling. */
export const rolePermissions = pgTable('role_permissions', {
  roleId: smallint('role_id').primaryKey(),
  permissions: jsonb('permissions').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
