import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

// Rows a workspace keeps (texts, wall content…): each names its company, its workspace and the
// user who made it.

type OwnedTable = PgTable & { id: PgColumn; companyId: PgColumn; workspaceId: PgColumn; creatorId: PgColumn };
type Owner = { companyId: number; workspaceId: number; creatorId: number };

/** Inserts one row of a workspace's, made by `owner.creatorId`: its id. */
export async function insertOwned<T extends OwnedTable>(
  tx: Db,
  table: T,
  owner: Owner,
  columns: Omit<T['$inferInsert'], keyof Owner>,
): Promise<number> {
  const [row] = await tx
    .insert(table)
    .values({ ...owner, ...columns } as T['$inferInsert'])
    .returning({ id: table.id });
  return row.id as number;
}
