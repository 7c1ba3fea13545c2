import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { devices } from './device';
import { companies } from './tenancy';

// Licences (docs/license.md): batches issued by the platform move down the tenancy through a
// ledger (platform → customer → company → device). A pool row holds each holder's balance of a
// batch, written in the same transaction as the ledger row that changes it.

export const licenseBatches = pgTable('license_batches', {
  id: serial('id').primaryKey(),
  /** LicenseType: commercial | trial. */
  type: varchar('type', { length: 16 }).notNull(),
  batchNo: varchar('batch_no', { length: 64 }).notNull().unique(),
  /** LicenseValidityType: permanent | days | date. */
  validityType: varchar('validity_type', { length: 16 }).notNull(),
  effectDays: integer('effect_days'),
  /** The last valid day (UTC). */
  expirationDate: date('expiration_date', { mode: 'string' }),
  quantity: integer('quantity').notNull(),
  maxUseTimes: integer('max_use_times').notNull().default(1),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One move of licences. A holder is a kind (platform, customer, company, device) and an id (0 for
 * the platform); `from_kind` null mints the batch's licences at the platform.
 */
export const licenseTransfers = pgTable(
  'license_transfers',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => licenseBatches.id),
    fromKind: varchar('from_kind', { length: 16 }),
    fromId: integer('from_id'),
    toKind: varchar('to_kind', { length: 16 }).notNull(),
    toId: integer('to_id').notNull(),
    quantity: integer('quantity').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('license_transfers_from_idx').on(t.fromKind, t.fromId),
    index('license_transfers_to_idx').on(t.toKind, t.toId),
    check('license_transfers_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** A holder's balance of a batch: `received` in total, `held` still (received − passed on). */
export const licensePools = pgTable(
  'license_pools',
  {
    id: serial('id').primaryKey(),
    holderKind: varchar('holder_kind', { length: 16 }).notNull(),
    holderId: integer('holder_id').notNull(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => licenseBatches.id),
    received: integer('received').notNull(),
    held: integer('held').notNull(),
  },
  (t) => [
    uniqueIndex('license_pools_holder_batch_idx').on(t.holderKind, t.holderId, t.batchId),
    check('license_pools_held_range', sql`${t.held} >= 0 and ${t.held} <= ${t.received}`),
  ],
);

/** The licence a device holds now (one at a time): binding another replaces the row. */
export const deviceLicenses = pgTable('device_licenses', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  batchId: integer('batch_id')
    .notNull()
    .references(() => licenseBatches.id),
  /** The ledger row that bound it. */
  transferId: integer('transfer_id')
    .notNull()
    .references(() => licenseTransfers.id),
  boundAt: timestamp('bound_at', { withTimezone: true }).notNull(),
  /** Null: permanent. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});

/**
 * The trials the platform gave at claim: one per device ever (a re-claimed device gets none), counted
 * per company against the trial limit. The row outlives its device (device_id set null), so deleting a
 * screen does not give its company a trial back.
 */
export const deviceTrials = pgTable(
  'device_trials',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The ledger row that bound the trial licence. */
    transferId: integer('transfer_id')
      .notNull()
      .references(() => licenseTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_trials_device_idx').on(t.deviceId),
    index('device_trials_company_idx').on(t.companyId),
  ],
);
