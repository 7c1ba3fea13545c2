import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { devices } from './device';
import { otaPackages } from './ota';
import { companies } from './tenancy';

// OTA plans (docs/ota.md "Plans"): a package sent to devices, one row per device resolved when the
// plan is created. Times of a timed plan are local date-times (YYYY-MM-DDTHH:mm) read on each
// device's own clock.

export const otaPlans = pgTable(
  'ota_plans',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 256 }).notNull().default(''),
    // A package deleted takes its plans with it.
    packageId: integer('package_id')
      .notNull()
      .references(() => otaPackages.id, { onDelete: 'cascade' }),
    mandatory: boolean('mandatory').notNull().default(false),
    /** instant | at | window (OTA_PLAN_TIMINGS). */
    timing: varchar('timing', { length: 16 }).notNull(),
    at: varchar('at', { length: 16 }),
    windowStart: varchar('window_start', { length: 16 }),
    windowEnd: varchar('window_end', { length: 16 }),
    /** running | paused | cancelled | finished (OTA_PLAN_STATUSES). */
    status: varchar('status', { length: 16 }).notNull().default('running'),
    /** The devices, workspaces and models asked for, as entered. */
    targets: jsonb('targets')
      .$type<{ device_ids: number[]; workspace_ids: number[]; model_ids: number[] }>()
      .notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The company whose owner or user admin approved the upgrade from /device/ota (its own devices);
     * null for the platform's plans. The company deleted takes its plans with it.
     */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ota_plans_package_idx').on(table.packageId)],
);
export type OtaPlanRow = typeof otaPlans.$inferSelect;

export const otaPlanDevices = pgTable(
  'ota_plan_devices',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => otaPlans.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** OTA_DEVICE_STATES. */
    state: varchar('state', { length: 16 }).notNull(),
    /** Why it was skipped or failed (OTA_REASON_CODES), with the values its words need. */
    reasonCode: varchar('reason_code', { length: 32 }),
    reasonParams: jsonb('reason_params').$type<Record<string, string | number>>(),
    /** A player's own words for a failure (with or without a code). */
    reason: text('reason'),
    /** The operator's "Install now": mandatory for this device whatever the plan says. */
    forced: boolean('forced').notNull().default(false),
    /** When the device was last told of the offer (the due job tells it once). */
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    /** The version the device reported when the plan was made (/device/ota/log's "from"). */
    fromVersion: varchar('from_version', { length: 32 }),
    /**
     * Who approved the upgrade and when: the plan's creator at creation, then whoever chose
     * "Install now" or upgraded the device from /device/ota. Null for a skipped row.
     */
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** When the row reached a final state (installed, failed, skipped, cancelled). */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.planId, table.deviceId] }),
    index('ota_plan_devices_device_idx').on(table.deviceId),
    // /device/ota/log: newest approval first.
    index('ota_plan_devices_approved_idx').on(table.approvedAt),
    // The due job looks only at rows not yet offered and not final.
    index('ota_plan_devices_pending_idx')
      .on(table.planId)
      .where(sql`${table.offeredAt} is null and ${table.state} in ('waiting', 'downloading', 'installing')`),
  ],
);
export type OtaPlanDeviceRow = typeof otaPlanDevices.$inferSelect;
