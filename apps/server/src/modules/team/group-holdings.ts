import { type Column, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import type { ListQuery } from '../../platform/lists';
import type { ContentHolder, TeamListQuery } from '../../platform/team-lists';
import type { TenantScope } from '../../platform/tenancy';
import { listUsers, visibleUsers } from './users';

/** A group the team pages open (a company, a workspace): who may see it, and what ties its holdings to it. */
export type HoldingGroup = {
  /** Refuses (not found) a group outside the caller's scope. */
  check: (db: Db, scope: TenantScope, id: number) => Promise<unknown>;
  /** The users' and devices' column naming the group. */
  userColumn: Column;
  deviceColumn: Column;
  contentHolder: (id: number) => ContentHolder;
};

/**
 * The members, devices and content of one group, each after checking the caller may see the
 * group, and each also limited to what the caller may see.
 */
export function groupHoldings(app: FastifyInstance, group: HoldingGroup) {
  return {
    members: async (scope: TenantScope, id: number, query: ListQuery) => {
      await group.check(app.db, scope, id);
      return ok(await listUsers(app.db, [eq(group.userColumn, id), visibleUsers(scope)], query));
    },
    devices: async (scope: TenantScope, id: number, query: TeamListQuery) => {
      await group.check(app.db, scope, id);
      return ok(await app.teamDevices.list(app.db, scope, eq(group.deviceColumn, id), query));
    },
    content: async (scope: TenantScope, id: number, query: TeamListQuery) => {
      await group.check(app.db, scope, id);
      return ok(await app.teamContent.list(app.db, scope, group.contentHolder(id), query));
    },
  };
}
