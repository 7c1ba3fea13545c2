import type { WorkspaceBlocker } from '@vitrine/contract';
import type { Db } from '../db/client';

// What keeps a workspace from being deleted (spec 001 §4: its content, schedules, devices, users
// and valid licences must be moved or deleted first). Each area registers its own condition here
// when its module loads; the workspace delete asks all of them and names those that hold.

/** True when the workspace still holds something of this kind. */
export type BlockerCheck = (tx: Db, workspaceId: number) => Promise<boolean>;

const checks = new Map<WorkspaceBlocker, BlockerCheck>();

export function registerWorkspaceBlocker(name: WorkspaceBlocker, check: BlockerCheck) {
  checks.set(name, check);
}

/** The kinds of rows that still keep any of these workspaces, in registration order. */
export async function workspaceBlockers(
  tx: Db,
  workspaceIds: readonly number[],
): Promise<WorkspaceBlocker[]> {
  const found: WorkspaceBlocker[] = [];
  for (const [name, check] of checks) {
    for (const id of workspaceIds) {
      if (await check(tx, id)) {
        found.push(name);
        break;
      }
    }
  }
  return found;
}
