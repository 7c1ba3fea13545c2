import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

// The tenancy tree (ARCHITECTURE §6): system → customers (SI) → companies → workspaces → members.

/** A system integrator: its own users (role customer) create and run companies. */
export const customers = pgTable('customers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 64 }).notNull(),
  /** The spec's clienttype: free classification chosen by the platform (e.g. reseller, integrator). */
  clientType: varchar('client_type', { length: 64 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    customerId: integer('customer_id').references(() => customers.id),
    ownerUserId: integer('owner_user_id'),
    /** At most this many users may be created in the company; null = no limit. */
    userLimit: integer('user_limit'),
    /** How the company came to be: 1 created by the platform (system), 2 by a customer, 3 registered. */
    origin: smallint('origin').notNull().default(3),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('companies_customer_idx').on(t.customerId)],
);

/** User groups of a company (the spec's group categories); a user is in at most one. */
export const userCategories = pgTable(
  'user_categories',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_categories_company_idx').on(t.companyId)],
);

export const workspaces = pgTable(
  'workspaces',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** null for the company's root workspace. */
    parentId: integer('parent_id'),
    name: varchar('name', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workspaces_company_idx').on(t.companyId), index('workspaces_parent_idx').on(t.parentId)],
);

/**
 * The two columns of every row a workspace owns (ARCHITECTURE §6): its company and its workspace,
 * both required. Fresh builders for each table that spreads them.
 */
export const workspaceOwned = () => ({
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  workspaceId: integer('workspace_id')
    .notNull()
    .references(() => workspaces.id),
});
