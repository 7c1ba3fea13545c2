import type { RuleAction, RuleEvent, RuleRecurrence } from '@vitrine/contract';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { devices } from './device';
import { workspaceOwned } from './tenancy';

/** A rule's trigger as stored; a sensor trigger's sensors by id (one deleted since is left out when read). */
export type StoredRuleTrigger =
  | { kind: 'time'; recurrence: RuleRecurrence; days: number[]; at: string }
  | { kind: 'sensor'; sensor_ids: number[] }
  | { kind: 'event'; event: RuleEvent };

// Control rules (modules/rule): "when <trigger> then <actions>" on chosen screens of a workspace.
export const rules = pgTable(
  'rules',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 64 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    trigger: jsonb('trigger').$type<StoredRuleTrigger>().notNull(),
    actions: jsonb('actions').$type<RuleAction[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rules_workspace_idx').on(t.workspaceId)],
);

/** The screens a rule acts on (and, for time and sensor triggers, whose manifests carry it). */
export const ruleDevices = pgTable(
  'rule_devices',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => rules.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.deviceId] }), index('rule_devices_device_idx').on(t.deviceId)],
);

/**
 * Each time a rule fired on a screen: reported by the screen (uuid: sent again until taken, stored
 * once) or run by the server's job; sent ones read their commands' answers (command_ids).
 */
export const ruleFirings = pgTable(
  'rule_firings',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => rules.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** 'screen' or 'server'. */
    source: varchar('source', { length: 8 }).notNull(),
    uuid: varchar('uuid', { length: 36 }),
    /** The tag read, for a sensor trigger. */
    sensorId: varchar('sensor_id', { length: 64 }),
    /** 'done', 'sent', 'failed', 'offline' or 'unsupported'. */
    state: varchar('state', { length: 16 }).notNull(),
    commandIds: integer('command_ids').array().notNull().default([]),
    result: varchar('result', { length: 500 }),
    mailed: boolean('mailed').notNull().default(false),
    firedAt: timestamp('fired_at', { withTimezone: true }).notNull(),
    /** For a time rule fired on the screen, the time it was due: logged once per screen. */
    dueAt: timestamp('due_at', { withTimezone: true }),
  },
  (t) => [
    index('rule_firings_rule_fired_idx').on(t.ruleId, t.firedAt),
    uniqueIndex('rule_firings_uuid_idx').on(t.uuid),
    uniqueIndex('rule_firings_due_idx').on(t.ruleId, t.deviceId, t.dueAt),
  ],
);
