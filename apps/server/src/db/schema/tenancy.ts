import { integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

// The tenancy tree (ARCHITECTURE §6). The team issue adds customers, categories and limits;
// registration already creates a company with its first workspace.
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  customerId: integer('customer_id'),
  ownerUserId: integer('owner_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const workspaces = pgTable('workspaces', {
  id: serial('id').primaryKey(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  parentId: integer('parent_id'),
  name: varchar('name', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
