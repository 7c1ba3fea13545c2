import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/client';

/** Per database and skip list: one statement hashing every table (they never change in a test). */
const statements = new WeakMap<Db, Map<string, Promise<string>>>();

async function fingerprintStatement(db: Db, skip: readonly string[]): Promise<string> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  )
    .map((row) => row.table_name)
    .filter((name) => !skip.includes(name));
  return tables
    .map(
      (table) =>
        `select '${table}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from "${table}" t`,
    )
    .join(' union all ');
}

/** Per database and skip list: the last hash, and the transaction snapshot it was taken after. */
const lastHashes = new WeakMap<Db, Map<string, { snapshot: string; hash: string }>>();

/**
 * The server's transaction snapshot ("xmin:xmax:"), or null while a transaction that wrote is still
 * open. Any insert, update or delete takes a transaction id, which moves xmax on: the same snapshot
 * later means that nothing was written in between.
 */
async function quietSnapshot(db: Db): Promise<string | null> {
  const [row] = rowsOf<{ snapshot: string }>(
    await db.execute(sql`select pg_current_snapshot()::text as snapshot`),
  );
  return row && /^(\d+):\1:$/.test(row.snapshot) ? row.snapshot : null;
}

/** A hash of every row of every table: equal before and after means the request changed nothing. */
export async function databaseFingerprint(db: Db, skip: readonly string[] = []): Promise<string> {
  let byDb = statements.get(db);
  let lastByDb = lastHashes.get(db);
  if (!byDb || !lastByDb) {
    byDb = new Map();
    lastByDb = new Map();
    statements.set(db, byDb);
    lastHashes.set(db, lastByDb);
  }
  const key = skip.join(',');
  // Nothing written since the last hash (a refused request, a read): the same hash, without
  // reading every table again.
  const snapshot = await quietSnapshot(db);
  const last = lastByDb.get(key);
  if (snapshot !== null && last?.snapshot === snapshot) return last.hash;
  let statement = byDb.get(key);
  if (!statement) {
    statement = fingerprintStatement(db, skip);
    byDb.set(key, statement);
  }
  const rows = rowsOf<{ name: string; hash: string }>(await db.execute(sql.raw(await statement)));
  const hash = rows.map((row) => `${row.name}:${row.hash}`).join(',');
  if (snapshot !== null) lastByDb.set(key, { snapshot, hash });
  return hash;
}
