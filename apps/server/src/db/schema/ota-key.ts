import {
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

// The platform's OTA keys (docs/ota.md): app keys for player applications, validation exemptions
// for plans, device keys for package downloads. Secrets are kept as their SHA-256 (platform/tokens).

export const otaAppKeys = pgTable(
  'ota_app_keys',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    /** The application id (com.acme.signage): one key per package. */
    package: varchar('package', { length: 128 }).notNull(),
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('ota_app_keys_package_unique').on(table.package)],
);

export const otaExemptions = pgTable('ota_exemptions', {
  id: serial('id').primaryKey(),
  /** model | version (OTA_VALIDATIONS): the check of plan creation its devices are exempted from. */
  validation: varchar('validation', { length: 16 }).notNull(),
  description: varchar('description', { length: 256 }).notNull().default(''),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The devices an exemption applies to; a device removed leaves the exemption's other devices. */
export const otaExemptionDevices = pgTable(
  'ota_exemption_devices',
  {
    exemptionId: integer('exemption_id')
      .notNull()
      .references(() => otaExemptions.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.exemptionId, table.deviceId] }),
    index('ota_exemption_devices_device_idx').on(table.deviceId),
  ],
);

/** One download key per device at most; reissuing replaces it. */
export const otaDeviceKeys = pgTable('ota_device_keys', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  keyHash: varchar('key_hash', { length: 64 }).notNull(),
  issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});
