import type { WorkspaceBlocker } from '@vitrine/contract';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

// What keeps a workspace from being deleted (spec 001 §4: its content, schedules, devices, users
// and valid licences must be moved or deleted first). Each area registers its own condition from
// its module plugin (decoration `app.workspaceBlockers`); the workspace delete asks all of them
// and names those that hold.

/** True when the workspace still holds something of this kind. */
export type BlockerCheck = (tx: Db, workspaceId: number) => Promise<boolean>;

/** The condition of a table whose rows each lie in a workspace: any row there holds it. */
export const holdsRows =
  (table: PgTable, workspaceId: PgColumn): BlockerCheck =>
  async (tx, id) => {
    const [row] = await tx.select({ one: sql`1` }).from(table).where(eq(workspaceId, id)).limit(1);
    return row !== undefined;
  };

export class WorkspaceBlockers {
  /** Conditions by name, each under the area that registered it (registering again replaces it). */
  readonly #checks = new Map<WorkspaceBlocker, Map<string, BlockerCheck>>();

  /** Adds an area's condition under a name; several areas may share one (playlists and compositions are content). */
  register(name: WorkspaceBlocker, area: string, check: BlockerCheck) {
    const conditions = this.#checks.get(name) ?? new Map<string, BlockerCheck>();
    conditions.set(area, check);
    this.#checks.set(name, conditions);
  }

  /** The kinds of rows that still keep any of these workspaces, in registration order. */
  async find(tx: Db, workspaceIds: readonly number[]): Promise<WorkspaceBlocker[]> {
    const found: WorkspaceBlocker[] = [];
    for (const [name, conditions] of this.#checks) {
      if (await holdsAny(tx, [...conditions.values()], workspaceIds)) found.push(name);
    }
    return found;
  }
}

async function holdsAny(tx: Db, conditions: readonly BlockerCheck[], workspaceIds: readonly number[]) {
  for (const check of conditions) {
    for (const id of workspaceIds) if (await check(tx, id)) return true;
  }
  return false;
}
