import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
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

/**
 * A licence key of a batch, made by the platform: each use binds one of the batch's licences (from
 * the platform's pool) to a device. Only the key's SHA-256 is kept: it is shown once, when made.
 */
export const licenseKeys = pgTable(
  'license_keys',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => licenseBatches.id),
    /** Hex SHA-256 of the key's normalised text: the lookup. */
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    /** The key's last group, to tell keys apart in lists. */
    hint: varchar('hint', { length: 8 }).notNull(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('license_keys_hash_idx').on(t.keyHash),
    index('license_keys_batch_idx').on(t.batchId),
    check('license_keys_uses_range', sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses}`),
  ],
);

/** One use of a key: the device it bound and the ledger row that bound it. */
export const licenseKeyUses = pgTable(
  'license_key_uses',
  {
    id: serial('id').primaryKey(),
    keyId: integer('key_id')
      .notNull()
      .references(() => licenseKeys.id),
    /** Set null when the device is deleted: the use still counts. */
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    transferId: integer('transfer_id')
      .notNull()
      .references(() => licenseTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('license_key_uses_key_idx').on(t.keyId)],
);

/** A wrong key entered: counted per user and per address to rate-limit guessing across instances. */
export const licenseKeyFailures = pgTable(
  'license_key_failures',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('license_key_failures_user_idx').on(t.userId, t.createdAt),
    index('license_key_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** MAC addresses the platform lists: a device reporting one counts as licensed without a licence. */
export const macWhitelist = pgTable('mac_whitelist', {
  id: serial('id').primaryKey(),
  /** aa:aa:aa:aa:aa:aa, lower case. */
  mac: varchar('mac', { length: 17 }).notNull().unique(),
  note: varchar('note', { length: 256 }).notNull().default(''),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The renewal reminders sent: one row per reminder settings (scope: the company's or the
 * platform's), binding (the ledger row that bound the licence) and day (UTC). The key is what keeps
 * a licence from being reminded about twice a day, however many instances run the job.
 */
export const licenseReminders = pgTable(
  'license_reminders',
  {
    scope: varchar('scope', { length: 16 }).notNull(),
    scopeId: integer('scope_id').notNull(),
    transferId: integer('transfer_id')
      .notNull()
      .references(() => licenseTransfers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ name: 'license_reminders_pk', columns: [t.scope, t.scopeId, t.transferId, t.day] })],
);
