import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies, customers } from './tenancy';

// Stored objects (modules/object): small images the platform keeps for an owner, stored by hash
// under media/ like fonts and stickers. The owner is the system (no customer, no company), a
// customer, or a company; an owner's rows go with it.
export const storedObjects = pgTable(
  'stored_objects',
  {
    id: serial('id').primaryKey(),
    /** Set for a customer's objects. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** Set for a company's objects. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** StoredObjectKind. */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** The sensor type a sensor icon stands for. */
    sensorType: varchar('sensor_type', { length: 64 }),
    hash: varchar('hash', { length: 64 }).notNull(),
    mime: varchar('mime', { length: 32 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stored_objects_hash_idx').on(table.hash),
    index('stored_objects_customer_idx').on(table.customerId),
    // One icon per company and sensor type.
    uniqueIndex('stored_objects_sensor_icon_idx')
      .on(table.companyId, table.sensorType)
      .where(sql`${table.kind} = 'sensor-icon'`),
  ],
);
