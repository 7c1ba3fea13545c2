import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './account';
import { fonts } from './font';
import { workspaceOwned } from './tenancy';

// Text messages (spec 001 §3): marquees shown over content on screens, kept per workspace like
// content. A workspace holding any is not deleted (the content blocker counts them).

export const contentTexts = pgTable(
  'content_texts',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 64 }).notNull(),
    content: varchar('content', { length: 256 }).notNull(),
    /** TextPosition. */
    position: varchar('position', { length: 8 }).notNull(),
    /** TextDirection: the way the text moves. */
    direction: varchar('direction', { length: 8 }).notNull(),
    /** 1 slow … 10 fast. */
    speed: smallint('speed').notNull(),
    /** #rrggbb. */
    color: varchar('color', { length: 7 }).notNull(),
    /** #rrggbb or 'transparent'. */
    backgroundColor: varchar('background_color', { length: 11 }).notNull(),
    /** Pixels on a 1080-pixel-high screen. */
    fontSize: smallint('font_size').notNull(),
    /** Null: the screen's default font. A font in use is deleted only once detached. */
    fontId: integer('font_id').references(() => fonts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('content_texts_workspace_created_idx').on(table.workspaceId, table.createdAt)],
);
