import type { companyOperations, workspaceOperations } from '@vitrine/contract';
import { type Column, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import type { ContentHolder } from '../../platform/team-lists';
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

type HoldingOperations =
  | Pick<typeof companyOperations, 'members' | 'devices' | 'content'>
  | Pick<typeof workspaceOperations, 'members' | 'devices' | 'content'>;

/**
 * Serves the members, devices and content of one group, each after checking the caller may see
 * the group, and each also limited to what the caller may see.
 */
export function holdingRoutes(app: FastifyInstance, ops: HoldingOperations, group: HoldingGroup) {
  route(app, ops.members, async (request) => {
    const { group_id } = request.params;
    await group.check(app.db, request.scope, group_id);
    const conditions = [eq(group.userColumn, group_id), visibleUsers(request.scope)];
    return ok(await listUsers(app.db, conditions, request.query));
  });
  route(app, ops.devices, async (request) => {
    const { group_id } = request.params;
    await group.check(app.db, request.scope, group_id);
    return ok(
      await app.teamDevices.list(app.db, request.scope, eq(group.deviceColumn, group_id), request.query),
    );
  });
  route(app, ops.content, async (request) => {
    const { group_id } = request.params;
    await group.check(app.db, request.scope, group_id);
    return ok(
      await app.teamContent.list(app.db, request.scope, group.contentHolder(group_id), request.query),
    );
  });
}
