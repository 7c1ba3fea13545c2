import type { DeviceTimers } from '@vitrine/contract';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { deviceModels } from './device-model';
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
    /** The model name the player reports (cleaned). */
    deviceModel: varchar('device_model', { length: 64 }),
    /** The catalogue's model: the reported name's (case aside) or one assigned; null while unknown. */
    modelId: integer('model_id').references(() => deviceModels.id, { onDelete: 'set null' }),
    resolution: varchar('resolution', { length: 32 }),
    orientation: smallint('orientation').notNull().default(0),
    /** Its time zone (IANA): what the player reports, set by the timezone command (the player then reports that). */
    timezone: varchar('timezone', { length: 64 }),
    language: varchar('language', { length: 16 }),
    brightness: smallint('brightness').notNull().default(100),
    volume: smallint('volume').notNull().default(50),
    mute: boolean('mute').notNull().default(false),
    screenOn: boolean('screen_on').notNull().default(true),
    /** Minutes between the screenshots the screen takes by itself; 0: only on command. */
    screenshotInterval: smallint('screenshot_interval').notNull().default(0),
    /** Whether its timers have the screen on, as the server last followed them (power on/off mails). */
    timerOn: boolean('timer_on').notNull().default(true),
    /** The settings screen's lock: SHA-256 (hex) of lockSalt + PIN; null = no lock. */
    lockPinSha256: varchar('lock_pin_sha256', { length: 64 }),
    lockSalt: varchar('lock_salt', { length: 32 }),
    timers: jsonb('timers').$type<DeviceTimers>().notNull().default({ enabled: false, timers: [] }),
    /**
     * The default content (ProgramKind and id): what the screen plays when nothing is scheduled.
     * No foreign key, the id names a playlist or a composition; deleting one clears it (modules/program).
     */
    defaultProgramKind: varchar('default_program_kind', { length: 16 }),
    defaultProgramId: integer('default_program_id'),
    /** The latest screenshot, kept as DATA_DIR/screenshots/<id>.png. */
    screenshotAt: timestamp('screenshot_at', { withTimezone: true }),
    /** When a device-status mail last went out for it (at most one each way per DEVICE_STATUS_MAIL_MINUTES). */
    statusMailedAt: timestamp('status_mailed_at', { withTimezone: true }),
    /** The last power mail's change ('on' or 'off') and when it went out (one pair per DEVICE_STATUS_MAIL_MINUTES). */
    powerMailed: varchar('power_mailed', { length: 8 }),
    powerMailedAt: timestamp('power_mailed_at', { withTimezone: true }),
    /** When the schedule-empty mail last went out for it (nothing to play: at most one a day). */
    emptyMailedAt: timestamp('empty_mailed_at', { withTimezone: true }),
    systemVersion: varchar('system_version', { length: 32 }),
    userAgent: varchar('user_agent', { length: 512 }),
    /** The player's storage estimate (bytes): what it can still store, and its quota; null: never said. */
    freeStorage: bigint('free_storage', { mode: 'number' }),
    storageQuota: bigint('storage_quota', { mode: 'number' }),
    storageMode: varchar('storage_mode', { length: 16 }),
    /** The media MIME types the player reports it can play; null: unknown, all allowed. */
    mediaTypes: text('media_types').array(),
    /** DeviceStatus: unconfirmed until claimed, then online or offline. */
    status: smallint('status').notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's default order (created_at desc, id desc) read backwards: a page stops after its
    // rows even when thousands of screens were added in the same instant.
    index('devices_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('devices_workspace_idx').on(t.workspaceId),
    index('devices_status_seen_idx').on(t.status, t.lastSeenAt),
    index('devices_default_program_idx').on(t.defaultProgramKind, t.defaultProgramId),
    index('devices_model_idx').on(t.modelId),
  ],
);
export type Device = typeof devices.$inferSelect;

/** Commands sent to devices and what they answered (ARCHITECTURE §7). */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 24 }).notNull(),
    value: jsonb('value').$type<number | boolean | string | null>(),
    /** CommandStatus: pending, done, failed, timeout. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    result: text('result'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
  },
  (t) => [index('device_commands_device_created_idx').on(t.deviceId, t.createdAt)],
);
export type DeviceCommandRow = typeof deviceCommands.$inferSelect;
