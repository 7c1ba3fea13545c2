import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { companies } from './tenancy';

// Template types (/setting/tmptype) sort H5 content, the mobile templates of /content/tmp
// (contents.template_type_id). A type without a company is a platform type, offered to every
// company (the migration ships a few, named by message keys); a company's own types are its own.

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
