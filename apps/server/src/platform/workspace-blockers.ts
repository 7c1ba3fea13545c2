import type { WorkspaceBlocker } from '@vitrine/contract';
import type { Db } from '../db/client';

// What keeps a workspace from being deleted (spec 001 §4: its content, schedules, devices, users
// and valid licences must be moved or deleted first). Each area registers its own condition here
// when its module loads; the workspace delete asks all of them and names those that hold.

/** True when the workspace still holds something of this kind. */
export type BlockerCheck = (tx: Db, workspaceId: number) => Promise<boolean>;

const checks = new Map<WorkspaceBlocker, BlockerCheck[]>();

/** Adds a condition under a name; several areas may share one (playlists and compositions are content). */
export function registerWorkspaceBlocker(name: WorkspaceBlocker, check: BlockerCheck) {
  checks.set(name, [...(checks.get(name) ?? []), check]);
}

/** The kinds of rows that still keep any of these workspaces, in registration order. */
export async function workspaceBlockers(
  tx: Db,
  workspaceIds: readonly number[],
): Promise<WorkspaceBlocker[]> {
  const found: WorkspaceBlocker[] = [];
  for (const [name, conditions] of checks) {
    if (await holdsAny(tx, conditions, workspaceIds)) found.push(name);
  }
  return found;
}

async function holdsAny(tx: Db, conditions: readonly BlockerCheck[], workspaceIds: readonly number[]) {
  for (const check of conditions) {
    for (const id of workspaceIds) if (await check(tx, id)) return true;
  }
  return false;
}
