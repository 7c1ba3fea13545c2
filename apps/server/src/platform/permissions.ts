import {
  DEFAULT_ROLE_PERMISSIONS,
  isRole,
  type Permission,
  ROLE_CEILING,
  type Role,
} from '@vitrine/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { rolePermissions } from '../db/schema';
import { type EventBus, publish } from './bus';

type Matrix = Map<Role, readonly Permission[]>;

/**
 * The role → permission matrix in force: the shipped defaults, replaced per role by what the
 * system role saved, and never beyond the role's ceiling. Cached per process; a save reloads it
 * here and, through the event bus, on every instance, so a change reaches logged-in users at
 * their next request.
 */
export class PermissionMatrix {
  /** The load under way or done; a load that began before a change is never kept after it. */
  private cache: Promise<Matrix> | null = null;
  /** The same matrix once loaded, for callers that cannot wait. */
  private loaded: Matrix | null = null;

  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async of(roleId: number): Promise<readonly Permission[]> {
    return this.cached(roleId) ?? permissionsOf(await (this.cache ?? this.reload()), roleId);
  }

  /** The role's permissions when the matrix is loaded (nearly always), without waiting. */
  cached(roleId: number): readonly Permission[] | undefined {
    return this.loaded ? permissionsOf(this.loaded, roleId) : undefined;
  }

  /**
   * After a save: reloads here at once and on every other instance when the event arrives. Pass
   * the transaction that saved, if any: the event then leaves at its commit. Never rejects (it is
   * called after the save succeeded); a failure to announce is logged.
   */
  async invalidate(tx: Db = this.db) {
    this.forget();
    try {
      await publish(tx, { type: 'permissions-changed' });
    } catch (err) {
      this.log?.error({ err }, 'permissions: could not announce the change to other instances');
    }
  }

  /** Reloads what any instance announces; everything after the bus may have missed events. */
  follow(bus: EventBus) {
    bus.on((event) => {
      if (event.type === 'permissions-changed') this.forget();
    });
    bus.onReconnect(() => this.forget());
  }

  private forget() {
    this.cache = null;
    this.loaded = null;
  }

  private reload() {
    const loading = this.load();
    this.cache = loading;
    loading.then(
      (matrix) => {
        if (this.cache === loading) this.loaded = matrix; // not if a change came meanwhile
      },
      () => {
        if (this.cache === loading) this.cache = null; // a failed load is not kept: the next call tries again
      },
    );
    return loading;
  }

  private async load(): Promise<Matrix> {
    const rows = await this.db.select().from(rolePermissions);
    const matrix: Matrix = new Map();
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

function permissionsOf(matrix: Matrix, roleId: number): readonly Permission[] {
  return isRole(roleId) ? (matrix.get(roleId) ?? DEFAULT_ROLE_PERMISSIONS[roleId]) : [];
}
