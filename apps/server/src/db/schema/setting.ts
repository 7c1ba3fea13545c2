import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { customers } from './tenancy';

// The white-label side of the settings area (modules/setting).

/** A customer's own host names: the console's login page served at one shows that customer's brand. */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: serial('id').primaryKey(),
    /** Lowercased; one customer per host across the platform. */
    host: varchar('host', { length: 253 }).notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_domains_host').on(t.host),
    index('custom_domains_customer_idx').on(t.customerId),
  ],
);

/** Named values the platform reads (contract SYSTEM_PROPERTIES): platform-wide (no customer) or a customer's own. */
export const systemProperties = pgTable(
  'system_properties',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 64 }).notNull(),
    value: varchar('value', { length: 256 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('system_properties_platform_name').on(t.name).where(sql`${t.customerId} is null`),
    uniqueIndex('system_properties_customer_name').on(t.customerId, t.name),
  ],
);
