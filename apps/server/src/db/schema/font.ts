import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './account';
import { companies, workspaceOwned } from './tenancy';

// Fonts and stickers: small files uploaded whole and stored by hash under media/ like content
// (one copy per hash). A font with no company is a platform font, offered to every company; a
// company's fonts are company-wide and go with the company. Stickers are kept per workspace.

export const fonts = pgTable(
  'fonts',
  {
    id: serial('id').primaryKey(),
    /** Null: a platform font. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** The CSS family name: the id makes it unique and safe whatever the file calls itself. */
    family: varchar('family', { length: 32 }).notNull().generatedAlwaysAs(sql`'vitrine-font-' || "id"::text`),
    /** FontFormat. */
    format: varchar('format', { length: 8 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('fonts_company_created_idx').on(table.companyId, table.createdAt),
    index('fonts_hash_idx').on(table.hash),
  ],
);

export const stickers = pgTable(
  'stickers',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    name: varchar('name', { length: 64 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: varchar('mime', { length: 32 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stickers_workspace_created_idx').on(table.workspaceId, table.createdAt),
    index('stickers_hash_idx').on(table.hash),
  ],
);
