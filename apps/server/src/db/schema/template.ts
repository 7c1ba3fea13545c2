import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { contents } from './content';
import { companies } from './tenancy';

// Template types (/setting/tmptype) sort H5 content, the mobile templates of /content/tmp
// (contents.template_type_id). A type without a company is a platform type, offered to every
// company (the migration ships a few, named by message keys); a company's own types are its own.
// Documents rendered page by page (content_pages) are what screens play of them.

export const templateTypes = pgTable(
  'template_types',
  {
    id: serial('id').primaryKey(),
    /** Null: a platform type. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** A shipped type's name as a message key (its name is the English one). */
    nameKey: varchar('name_key', { length: 64 }),
    /** Lower first. */
    sort: smallint('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One name per company, and one among the platform's.
    uniqueIndex('template_types_name_unique').on(
      sql`coalesce(${table.companyId}, 0)`,
      sql`lower(${table.name})`,
    ),
  ],
);

/** A document's pages as images (JPEG, stored by hash like every made file), page 1 first. */
export const contentPages = pgTable(
  'content_pages',
  {
    contentId: integer('content_id')
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.contentId, table.page] }),
    index('content_pages_hash_idx').on(table.hash),
  ],
);
