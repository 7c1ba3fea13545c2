import { boolean, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

// Every server process records itself here at start and heartbeats (modules/system).
export const serverProcesses = pgTable(
  'server_processes',
  {
    /** One per process start: the job runner's worker name (recurring_jobs.last_run_by). */
    id: varchar('id', { length: 64 }).primaryKey(),
    address: varchar('address', { length: 128 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }),
    database: varchar('database', { length: 16 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    /** Its heartbeat interval: three missed ones and it is shown as not answering. */
    heartbeatMs: integer('heartbeat_ms').notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    players: integer('players').notNull().default(0),
    runsJobs: boolean('runs_jobs').notNull(),
    jobTypes: jsonb('job_types').$type<string[]>().notNull(),
  },
  (table) => [index('server_processes_heartbeat_idx').on(table.heartbeatAt)],
);
