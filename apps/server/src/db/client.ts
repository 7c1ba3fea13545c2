import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

/** Where the SQL migrations are: beside this file in source, copied next to the bundle in builds. */
export const migrationsFolder =
  process.env.MIGRATIONS_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * A PostgreSQL-dialect database (options.loadDataDir starts PGlite from a dumped data directory,
 * skipping its initdb: tests use a migrated template): a server when `url` is a postgres:// URL, else embedded PGlite
 * in `dataDir` ("memory://" keeps it in memory). PGlite is one connection: one server process only.
 */
export async function openDatabase(
  url: string | undefined,
  dataDir: string,
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  if (url?.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL ?? 10) });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool),
      close: () => pool.end(),
    };
  }
  // The extensions the migrations create (PGlite bundles them; a server has them in contrib).
  const pgliteOptions = { loadDataDir: options.loadDataDir, extensions: { pg_trgm } };
  const client =
    url === 'memory://' ? new PGlite(pgliteOptions) : new PGlite(path.join(dataDir, 'db'), pgliteOptions);
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** The advisory lock migrations run under: any key, as long as every Vitrine process uses this one. */
export const MIGRATION_LOCK_KEY = 0x76_69_74_72; // "vitr"

/**
 * Applies the migrations holding a PostgreSQL advisory lock on one connection, so processes
 * started together on an empty database take turns: the first migrates, the others wait, then
 * find nothing left to do. (Without it, two of them creating the same tables at once fail on
 * PostgreSQL's catalogue constraints.) The lock is the session's, released with its connection.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Rows of a raw query, whichever driver ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
