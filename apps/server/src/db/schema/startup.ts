import type { StartupKind } from '@vitrine/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  real,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { deviceModels } from './device-model';
import { companies } from './tenancy';

// Startup media (modules/startup): the video and the logo a screen shows while it starts, one of
// each kind per company and per device model (the model's wins for its devices). Files are stored
// by hash under media/ like content: `hash` is the file as uploaded (the MP4, the BMP), `play_hash`
// what players are given (the MP4 itself, the logo turned into a PNG).
export const startupMedia = pgTable(
  'startup_media',
  {
    id: serial('id').primaryKey(),
    /** Set for a company's own; a company's rows go with it. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** Set for a model's own; a model's rows go with it. */
    modelId: integer('model_id').references(() => deviceModels.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).$type<StartupKind>().notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
    playHash: varchar('play_hash', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The video's seconds and frames per second; null for a logo. */
    duration: real('duration'),
    frameRate: real('frame_rate'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('startup_media_company_kind_idx')
      .on(table.companyId, table.kind)
      .where(sql`${table.companyId} is not null`),
    uniqueIndex('startup_media_model_kind_idx')
      .on(table.modelId, table.kind)
      .where(sql`${table.modelId} is not null`),
    index('startup_media_hash_idx').on(table.hash),
    index('startup_media_play_hash_idx').on(table.playHash),
    // Exactly one owner.
    check('startup_media_one_owner', sql`(${table.companyId} is null) <> (${table.modelId} is null)`),
  ],
);
export type StartupMediaRow = typeof startupMedia.$inferSelect;
