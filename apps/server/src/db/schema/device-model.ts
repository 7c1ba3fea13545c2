import type { ModelFeature } from '@vitrine/contract';
import { sql } from 'drizzle-orm';
import {
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// Device models (modules/device-model): the platform's catalogue of screen hardware, the same for
// every company. Devices point at theirs (devices.model_id).
export const deviceModels = pgTable(
  'device_models',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    vendor: varchar('vendor', { length: 64 }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Orientation: landscape (0) or portrait (90). */
    orientation: smallint('orientation').notNull().default(0),
    /** ContentType numbers it plays. */
    mediaTypes: smallint('media_types').array().notNull().default([]),
    features: text('features').array().$type<ModelFeature[]>().notNull().default([]),
    playerName: varchar('player_name', { length: 64 }),
    playerVersion: varchar('player_version', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Names are unique case aside: a reported name matches one model at most.
  (table) => [uniqueIndex('device_models_name_unique').on(sql`lower(${table.name})`)],
);
export type DeviceModelRow = typeof deviceModels.$inferSelect;
