import {
  DEFAULT_ROLE_PERMISSIONS,
  isRole,
  type Permission,
  ROLE_CEILING,
  type Role,
} from '@vitrine/contract';
import type { Db } from '../db/client';
import { rolePermissions } from '../db/schema';

/**
 * The role → permission matrix in force: the shipped defaults, replaced per role by what the
 * system role saved, and never beyond the role's ceiling. Cached per process and reloaded after a
 * change, so a change reaches logged-in users at their next request.
 */
export class PermissionMatrix {
  private cache: Map<Role, readonly Permission[]> | null = null;

  constructor(private readonly db: Db) {}

  async of(roleId: number): Promise<readonly Permission[]> {
    if (!isRole(roleId)) return [];
    if (!this.cache) this.cache = await this.load();
    return this.cache.get(roleId) ?? DEFAULT_ROLE_PERMISSIONS[roleId];
  }

  invalidate() {
    this.cache = null;
  }

  private async load() {
    const rows = await this.db.select().from(rolePermissions);
    const matrix = new Map<Role, readonly Permission[]>();
    for (const row of rows) {
      if (!isRole(row.roleId)) continue;
      const ceiling = ROLE_CEILING[row.roleId];
      matrix.set(
        row.roleId,
        ceiling.filter((key) => row.permissions.includes(key)),
      );
    }
    return matrix;
  }
}
