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

/** A hash of every row of every table: equal before and after means the request changed nothing. */
export async function databaseFingerprint(db: Db, skip: readonly string[] = []): Promise<string> {
  let byDb = statements.get(db);
  if (!byDb) {
    byDb = new Map();
    statements.set(db, byDb);
  }
  const key = skip.join(',');
  let statement = byDb.get(key);
  if (!statement) {
    statement = fingerprintStatement(db, skip);
    byDb.set(key, statement);
  }
  const rows = rowsOf<{ name: string; hash: string }>(await db.execute(sql.raw(await statement)));
  return rows.map((row) => `${row.name}:${row.hash}`).join(',');
}
