import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/client';

/** A hash of every row of every table: equal before and after means the request changed nothing. */
export async function databaseFingerprint(db: Db, skip: readonly string[] = []): Promise<string> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  )
    .map((row) => row.table_name)
    .filter((name) => !skip.includes(name));
  const parts: string[] = [];
  for (const table of tables) {
    const [row] = rowsOf<{ hash: string | null }>(
      await db.execute(
        sql.raw(
          `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from "${table}" t`,
        ),
      ),
    );
    parts.push(`${table}:${row.hash}`);
  }
  return parts.join(',');
}
