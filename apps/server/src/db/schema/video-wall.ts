import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  real,
  serial,
  smallint,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { contents } from './content';
import { devices } from './device';
import { playlists } from './playlist';
import { workspaceOwned } from './tenancy';

// Video walls (modules/video-wall): grids of paired screens of one workspace, with the screens'
// active-area size and bezel widths in millimetres (contract video-wall-geometry.ts), and wall
// content: a source laid out on a wall's canvas (content type 7).

export const videoWalls = pgTable(
  'video_walls',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    name: varchar('name', { length: 64 }).notNull(),
    rows: smallint('rows').notNull(),
    columns: smallint('columns').notNull(),
    /** VideoWallOrientation. */
    orientation: varchar('orientation', { length: 16 }).notNull(),
    screenWidthMm: real('screen_width_mm').notNull(),
    screenHeightMm: real('screen_height_mm').notNull(),
    bezelTopMm: real('bezel_top_mm').notNull(),
    bezelRightMm: real('bezel_right_mm').notNull(),
    bezelBottomMm: real('bezel_bottom_mm').notNull(),
    bezelLeftMm: real('bezel_left_mm').notNull(),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('video_walls_workspace_created_idx').on(table.workspaceId, table.createdAt)],
);

/** A screen in a wall's grid: one per place, and a screen in one wall at most. */
export const videoWallCells = pgTable(
  'video_wall_cells',
  {
    wallId: integer('wall_id')
      .notNull()
      .references(() => videoWalls.id, { onDelete: 'cascade' }),
    row: smallint('row').notNull(),
    column: smallint('column').notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (table) => [
    unique('video_wall_cells_place_key').on(table.wallId, table.row, table.column),
    unique('video_wall_cells_device_key').on(table.deviceId),
  ],
);

/** Wall content: exactly one of an image or video of the library and a playlist of them. */
export const videoWallContents = pgTable(
  'video_wall_contents',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    name: varchar('name', { length: 64 }).notNull(),
    wallId: integer('wall_id')
      .notNull()
      .references(() => videoWalls.id),
    contentId: integer('content_id').references(() => contents.id),
    playlistId: integer('playlist_id').references(() => playlists.id),
    /** ItemFit on the wall's canvas. */
    fit: varchar('fit', { length: 8 }).notNull(),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('video_wall_contents_workspace_created_idx').on(table.workspaceId, table.createdAt),
    index('video_wall_contents_wall_idx').on(table.wallId),
    index('video_wall_contents_content_idx').on(table.contentId),
    index('video_wall_contents_playlist_idx').on(table.playlistId),
    check('video_wall_contents_one_source', sql`num_nonnulls(${table.contentId}, ${table.playlistId}) = 1`),
  ],
);
