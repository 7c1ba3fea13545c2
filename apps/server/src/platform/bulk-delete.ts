import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client';
import { notFound } from './errors';
import type { UseRegistry } from './uses';

// The delete of items others use (texts, stickers, fonts, playlists, compositions): every id must
// be in the caller's scope, locked, or nothing goes (404001); then the items in use are refused
// (409001, data.uses) unless the caller detaches them, and the rows go, in one transaction.

/** Rows of one table, as the caller's scope sees them. */
export type ScopedRows<F extends SelectedFields> = {
  table: PgTable;
  id: PgColumn;
  /** The caller's scope over the table (undefined: every row). */
  visible: SQL | undefined;
  /** Columns each locked row is read with beside its id (the file's hash, the owner). */
  fields?: F;
  /** Throws when the caller may not change this row (403001). */
  check?: (row: LockedRow<F>) => void;
};

export type LockedRow<F extends SelectedFields> = { id: number } & SelectResultFields<F>;

/** Every one of these rows in scope, locked for a write: 404001 unless each is found, then each checked. */
export async function lockedInScope<F extends SelectedFields = Record<never, never>>(
  tx: Db,
  rows: ScopedRows<F>,
  ids: readonly number[],
): Promise<LockedRow<F>[]> {
  const unique = [...new Set(ids)];
  const found = (await tx
    .select({ ...rows.fields, id: rows.id })
    .from(rows.table)
    .where(and(inArray(rows.id, unique), rows.visible))
    .for('update')) as LockedRow<F>[];
  if (found.length !== unique.length) throw notFound();
  if (rows.check) for (const row of found) rows.check(row);
  return found;
}

export type ScopedDelete<F extends SelectedFields> = ScopedRows<F> & {
  /** What uses these items. */
  uses: UseRegistry;
  /** Locks taken before the rows', in the same order by every caller (a company's, say). */
  lockFirst?: (tx: Db, ids: readonly number[]) => Promise<void>;
  /** Rows of other tables that go first (a playlist's own items). */
  deleteFirst?: (tx: Db, ids: readonly number[]) => Promise<unknown>;
};

/**
 * Deletes these items in one transaction: all in scope or none (404001), none in use unless
 * `detach` removes them from what uses them first (409001 otherwise). Answers the deleted rows.
 */
export function deleteInScope<F extends SelectedFields = Record<never, never>>(
  db: Db,
  target: ScopedDelete<F>,
  ids: readonly number[],
  detach: boolean,
): Promise<LockedRow<F>[]> {
  return db.transaction(async (tx) => {
    await target.lockFirst?.(tx, ids);
    const rows = await lockedInScope(tx, target, ids);
    const found = rows.map((row) => row.id);
    await target.uses.release(tx, found, detach);
    await target.deleteFirst?.(tx, found);
    await tx.delete(target.table).where(inArray(target.id, found));
    return rows;
  });
}
