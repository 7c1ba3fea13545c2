import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './account';
import { deviceModels } from './device-model';

// Over-the-air upgrades (docs/ota.md): the platform's packages of player software. A package's
// file lies in DATA_DIR/packages/<file_id>, named by the server, never by the uploader.

export const otaPackages = pgTable(
  'ota_packages',
  {
    id: serial('id').primaryKey(),
    /** MAJOR.MINOR.PATCH with an optional pre-release, as entered. */
    version: varchar('version', { length: 64 }).notNull(),
    /** Orders versions as semver does when compared byte by byte, COLLATE "C" (modules/ota/versions.ts). */
    versionKey: text('version_key').notNull(),
    description: varchar('description', { length: 256 }).notNull().default(''),
    /** The player build this server ships (served from the player folder, no file of its own). */
    builtin: boolean('builtin').notNull().default(false),
    /** The MD5 the operator entered, checked against the stored bytes; null for the built-in build. */
    md5: varchar('md5', { length: 32 }),
    /** The stored file's name in DATA_DIR/packages; null for the built-in build. */
    fileId: uuid('file_id'),
    fileName: varchar('file_name', { length: 255 }),
    size: bigint('size', { mode: 'number' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One built-in row per shipped version, however many instances start at once.
    uniqueIndex('ota_packages_builtin_unique').on(table.version).where(sql`${table.builtin}`),
  ],
);
export type OtaPackageRow = typeof otaPackages.$inferSelect;

/**
 * The device models a package is for. The version is kept here too so that a model has one
 * package of a version at most: the database refuses a duplicate however the writes interleave.
 */
export const otaPackageModels = pgTable(
  'ota_package_models',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => otaPackages.id, { onDelete: 'cascade' }),
    // A model removed from the catalogue drops out of the packages that targeted it.
    modelId: integer('model_id')
      .notNull()
      .references(() => deviceModels.id, { onDelete: 'cascade' }),
    version: varchar('version', { length: 64 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.packageId, table.modelId] }),
    uniqueIndex('ota_package_models_model_version_unique').on(table.modelId, table.version),
  ],
);
