import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  real,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { contents } from './content';
import { workspaceOwned } from './tenancy';
import { contentTexts } from './text';

// Playlists: ordered items of content, text messages and other playlists, kept per
// workspace like content. What a screen plays is built from them (modules/program).

export const playlists = pgTable(
  'playlists',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    name: varchar('name', { length: 64 }).notNull(),
    /** Orientation: 0, 90, 180 or 270 degrees. */
    orientation: smallint('orientation').notNull().default(0),
    /** Resolution hint, pixels. */
    width: integer('width').notNull().default(1920),
    height: integer('height').notNull().default(1080),
    shuffle: boolean('shuffle').notNull().default(false),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('playlists_workspace_created_idx').on(table.workspaceId, table.createdAt)],
);

/** One item of a playlist: exactly one of a content, a nested playlist or a text message. */
export const playlistItems = pgTable(
  'playlist_items',
  {
    id: serial('id').primaryKey(),
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    /** 0-based order. */
    position: integer('position').notNull(),
    contentId: integer('content_id').references(() => contents.id),
    childPlaylistId: integer('child_playlist_id').references((): AnyPgColumn => playlists.id),
    textId: integer('text_id').references(() => contentTexts.id),
    /** Seconds; null: the content's own length for video and music, else the default. */
    duration: real('duration'),
    /** Transition. */
    transition: varchar('transition', { length: 16 }).notNull().default('none'),
    /** ItemFit. */
    fit: varchar('fit', { length: 8 }).notNull().default('contain'),
    muted: boolean('muted').notNull().default(true),
  },
  (table) => [
    index('playlist_items_order_idx').on(table.playlistId, table.position),
    index('playlist_items_content_idx').on(table.contentId),
    index('playlist_items_child_idx').on(table.childPlaylistId),
    index('playlist_items_text_idx').on(table.textId),
    check(
      'playlist_items_one_source',
      sql`num_nonnulls(${table.contentId}, ${table.childPlaylistId}, ${table.textId}) = 1`,
    ),
  ],
);
