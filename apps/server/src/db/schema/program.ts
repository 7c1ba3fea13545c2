import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { contents } from './content';
import { devices } from './device';
import { companies, workspaces } from './tenancy';

// What screens report about the programs they play (modules/program): an item a player could not
// show, for /notice/content-error. Kept with the device's company and workspace at the time.

export const contentErrors = pgTable(
  'content_errors',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    // Not workspaceOwned(): a report is a log line, and must not keep its workspace (or company)
    // from being deleted once the device moved away; it goes with them.
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    workspaceId: integer('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The library content of the item; null for built-ins, or content deleted since. */
    contentId: integer('content_id').references(() => contents.id, { onDelete: 'set null' }),
    /** The item's key in its program. */
    itemKey: varchar('item_key', { length: 200 }).notNull(),
    /** ContentErrorReason. */
    reason: varchar('reason', { length: 16 }).notNull(),
    message: varchar('message', { length: 500 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_errors_company_created_idx').on(t.companyId, t.createdAt),
    index('content_errors_device_created_idx').on(t.deviceId, t.createdAt),
  ],
);
export type ContentErrorRow = typeof contentErrors.$inferSelect;
