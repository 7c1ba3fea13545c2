import type { DeviceTimers, PresetApplySource, ProgramRef } from '@vitrine/contract';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { devices } from './device';
import { deviceModels } from './device-model';
import { workspaceOwned } from './tenancy';

/**
 * What a preset sets, as stored: the lock keeps SHA-256(salt + PIN) and its salt, copied to each
 * screen it is applied to, never the PIN (modules/device lock.ts).
 */
export type StoredPresetProperties = {
  brightness?: number;
  sound?: { mute: boolean; volume: number | null };
  orientation?: 0 | 90 | 180 | 270;
  /** IANA, as timezoneSchema spells it. */
  timezone?: string;
  /** Minutes; 0: screenshots on command only. */
  screenshot_interval?: number;
  timers?: DeviceTimers;
  default_program?: ProgramRef;
  lock?: { locked: false } | { locked: true; salt: string; pin_sha256: string };
};

// Device presets (modules/preset): named sets of device properties kept per workspace, for every
// screen of it or for one model of the catalogue (a model's presets go with it).
export const presets = pgTable(
  'presets',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 64 }).notNull(),
    modelId: integer('model_id').references(() => deviceModels.id, { onDelete: 'cascade' }),
    /** Applied to every screen paired into the workspace (of the model). */
    autoApply: boolean('auto_apply').notNull().default(false),
    properties: jsonb('properties').$type<StoredPresetProperties>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('presets_workspace_idx').on(table.workspaceId)],
);
export type PresetRow = typeof presets.$inferSelect;

/** Each time a preset was applied, by a user or by a screen's pairing. */
export const presetApplications = pgTable(
  'preset_applications',
  {
    id: serial('id').primaryKey(),
    presetId: integer('preset_id')
      .notNull()
      .references(() => presets.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 8 }).$type<PresetApplySource>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('preset_applications_preset_created_idx').on(table.presetId, table.createdAt)],
);

/**
 * A screen's part of an application: offline or unsupported (nothing sent), or sent with the
 * device_commands it got, whose answers make it acknowledged, failed or timed out when read.
 */
export const presetApplicationDevices = pgTable(
  'preset_application_devices',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => presetApplications.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** 'sent', 'offline' or 'unsupported'. */
    state: varchar('state', { length: 16 }).notNull(),
    commandIds: integer('command_ids').array().notNull().default([]),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.deviceId] })],
);
