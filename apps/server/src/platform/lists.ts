import { asc, type Column, desc, ilike, or, type SQL, sql } from 'drizzle-orm';

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
