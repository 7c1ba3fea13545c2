import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, workspaces } from './tenancy';

// Screens (ARCHITECTURE §7). A row exists from a player's first hello (status unconfirmed, no
// company); an operator claims it with its signage ID and PIN, which puts it in a workspace.
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    signageId: varchar('signage_id', { length: 6 }).notNull().unique(),
    /** SHA-256 of the player's device token. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    companyId: integer('company_id').references(() => companies.id),
    workspaceId: integer('workspace_id').references(() => workspaces.id),
    name: varchar('name', { length: 64 }),
    description: text('description'),
    /** The PIN the unpaired screen shows, and until when it holds. */
    pin: varchar('pin', { length: 6 }),
    pinExpiresAt: timestamp('pin_expires_at', { withTimezone: true }),
    mac: varchar('mac', { length: 17 }),
    deviceModel: varchar('device_model', { length: 64 }),
    resolution: varchar('resolution', { length: 32 }),
    orientation: smallint('orientation').notNull().default(0),
    timezone: varchar('timezone', { length: 64 }),
    language: varchar('language', { length: 16 }),
    brightness: smallint('brightness').notNull().default(100),
    volume: smallint('volume').notNull().default(50),
    mute: boolean('mute').notNull().default(false),
    systemVersion: varchar('system_version', { length: 32 }),
    userAgent: varchar('user_agent', { length: 512 }),
    freeStorage: bigint('free_storage', { mode: 'number' }),
    storageMode: varchar('storage_mode', { length: 16 }),
    /** DeviceStatus: unconfirmed until claimed, then online or offline. */
    status: smallint('status').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('devices_company_created_idx').on(t.companyId, t.createdAt),
    index('devices_workspace_idx').on(t.workspaceId),
    index('devices_status_seen_idx').on(t.status, t.lastSeenAt),
  ],
);
export type Device = typeof devices.$inferSelect;
