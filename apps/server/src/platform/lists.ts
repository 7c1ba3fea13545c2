import { LIST_TOTAL_CAP } from '@vitrine/contract';
import { asc, type Column, count, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

// Paging, whitelisted sorting and keyword search of every list (ARCHITECTURE §5).

export type ListQuery = { page: number; page_size: number; sort?: string; keyword?: string };

export const pageOf = (query: ListQuery) => ({
  limit: query.page_size,
  offset: (query.page - 1) * query.page_size,
});

/**
 * ORDER BY for "column,asc|desc": the column comes from the list's whitelist (the contract's
 * schema has refused any other); the id breaks ties so pages never overlap.
 */
export function orderOf(
  sort: string | undefined,
  columns: Record<string, Column | SQL>,
  fallback: string,
  id: Column,
): SQL[] {
  const [name, direction] = (sort ?? fallback).split(',');
  const column = columns[name] ?? columns[fallback.split(',')[0]];
  const by = direction === 'asc' ? asc : desc;
  return [by(column), by(id)];
}

/**
 * One page of a list and how many rows match in all: `rows` (a select made dynamic, not yet
 * filtered) filtered by `where`, in `order`, cut to the query's page; the total counts the rows of
 * `table` that `where` keeps.
 */
export async function listPage<S extends PgSelect>(
  db: Db,
  list: { rows: S; table: PgTable; where: SQL | undefined; order: SQL[] },
  query: ListQuery,
) {
  const { limit, offset } = pageOf(query);
  const [rows, [{ total }]] = await Promise.all([
    list.rows
      .where(list.where)
      .orderBy(...list.order)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(list.table).where(list.where),
  ]);
  return { rows, total };
}

/** LIKE's pattern for "contains the keyword": % and _ are taken literally. */
const containing = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/** Rows whose columns contain the keyword, case-insensitive. */
export function keywordFilter(keyword: string | undefined, ...columns: Column[]): SQL | undefined {
  if (!keyword) return undefined;
  const pattern = containing(keyword);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** Rows whose lower-cased search column (several fields in one, one trigram index) contains the keyword. */
export function searchFilter(keyword: string | undefined, search: Column): SQL | undefined {
  if (!keyword) return undefined;
  return sql`${search} like lower(${containing(keyword)})`;
}

/**
 * How many rows of `table` match `where`, counted up to `cap`: counting stops at cap + 1 matches,
 * so a filter matching 100,000 rows does not visit every one for the total. `total` is the cap
 * itself when there are more (the contract's cappedListResultSchema).
 */
export async function cappedTotal(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  cap = LIST_TOTAL_CAP,
): Promise<{ total: number; total_capped: boolean }> {
  const matches = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [{ total }] = await db.select({ total: count() }).from(matches);
  return total > cap ? { total: cap, total_capped: true } : { total, total_capped: false };
}
