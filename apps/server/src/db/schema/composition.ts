import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { contents } from './content';
import { fonts, stickers } from './font';
import { playlists } from './playlist';
import { companies, workspaceOwned, workspaces } from './tenancy';
import { contentTexts } from './text';

// Compositions: a canvas of zones, each zone playing media, a playlist, a text message,
// a clock, a website or a sticker, kept per workspace like content. Composition templates are
// layouts to start from: the shipped ones (no company) come with the migration, read-only.

export const compositions = pgTable(
  'compositions',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    name: varchar('name', { length: 64 }).notNull(),
    /** The canvas, pixels. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** CanvasOrientation: 0, 90, 180 or 270 degrees. */
    orientation: smallint('orientation').notNull().default(0),
    /** #rrggbb or 'transparent'. */
    backgroundColor: varchar('background_color', { length: 11 }).notNull().default('#000000'),
    /** An image of the library drawn under the zones. */
    backgroundContentId: integer('background_content_id').references(() => contents.id),
    /** Seconds of one pass. */
    duration: real('duration').notNull().default(30),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('compositions_workspace_created_idx').on(table.workspaceId, table.createdAt),
    index('compositions_background_idx').on(table.backgroundContentId),
  ],
);

/** ZoneSettings of the contract: clock format, color and size; fit; muted; duration of single media. */
export type ZoneSettingsColumn = Record<string, string | number | boolean | null>;

/** A rectangle of a composition's canvas; what it shows is one of the references, by its kind. */
export const compositionZones = pgTable(
  'composition_zones',
  {
    id: serial('id').primaryKey(),
    compositionId: integer('composition_id')
      .notNull()
      .references(() => compositions.id, { onDelete: 'cascade' }),
    /** Layer: higher draws above lower. */
    position: integer('position').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    /** Canvas pixels from the top left corner. */
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** ZoneKind. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** Media zones: a visual or audio content; website zones: a website content. */
    contentId: integer('content_id').references(() => contents.id),
    playlistId: integer('playlist_id').references(() => playlists.id),
    textId: integer('text_id').references(() => contentTexts.id),
    stickerId: integer('sticker_id').references(() => stickers.id),
    /** Clock zones: the font; null: the screen's default font. */
    fontId: integer('font_id').references(() => fonts.id),
    /** #rrggbb or 'transparent'. */
    backgroundColor: varchar('background_color', { length: 11 }).notNull().default('transparent'),
    settings: jsonb('settings').$type<ZoneSettingsColumn>().notNull().default({}),
  },
  (table) => [
    index('composition_zones_order_idx').on(table.compositionId, table.position),
    index('composition_zones_content_idx').on(table.contentId),
    index('composition_zones_playlist_idx').on(table.playlistId),
    index('composition_zones_text_idx').on(table.textId),
    index('composition_zones_sticker_idx').on(table.stickerId),
    index('composition_zones_font_idx').on(table.fontId),
  ],
);

/** The layout of one template zone: no references, those belong to a composition. */
export type TemplateZoneColumn = {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  kind: string;
  background_color: string;
  settings: ZoneSettingsColumn;
};

export const compositionTemplates = pgTable(
  'composition_templates',
  {
    id: serial('id').primaryKey(),
    /** Null: shipped with the platform, offered to every company, read-only. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** The workspace it was saved from. */
    workspaceId: integer('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    /** Shipped templates: the key the console translates their name by; null for a company's own. */
    key: varchar('key', { length: 32 }).unique(),
    name: varchar('name', { length: 64 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    orientation: smallint('orientation').notNull().default(0),
    backgroundColor: varchar('background_color', { length: 11 }).notNull().default('#000000'),
    zones: jsonb('zones').$type<TemplateZoneColumn[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('composition_templates_company_created_idx').on(table.companyId, table.createdAt)],
);
