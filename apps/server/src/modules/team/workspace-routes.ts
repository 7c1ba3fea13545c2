import { workspaceOperations as ops } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devices, users } from '../../db/schema';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { listUsers, visibleUsers } from './users';
import {
  createWorkspace,
  deleteWorkspace,
  switchWorkspace,
  updateWorkspace,
  usableWorkspace,
  workspaceList,
  workspaceTree,
} from './workspaces';

// Workspaces: the contract's operations. The selector's tree and the switch ignore the workspace
// the top bar still holds (a stale one is how the console learns to reset to the user's own).
const anyWorkspace = { config: { ignoreWorkspaceHeader: true } };

export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await workspaceList(app, request.scope)));

  route(app, ops.tree, async (request) => ok(await workspaceTree(app, request.scope)), anyWorkspace);

  route(app, ops.create, async (request) => ok(await createWorkspace(app, request.scope, request.body)));

  route(app, ops.update, async (request) =>
    ok(await updateWorkspace(app, request.scope, request.params.id, request.body)),
  );

  route(app, ops.delete, async (request) => ok(await deleteWorkspace(app, request.scope, request.params.id)));

  route(app, ops.members, async (request) => {
    const { group_id } = request.params;
    await usableWorkspace(app.db, request.scope, group_id);
    const conditions = [eq(users.workspaceId, group_id), visibleUsers(request.scope)];
    return ok(await listUsers(app.db, conditions, request.query));
  });

  route(app, ops.devices, async (request) => {
    const { group_id } = request.params;
    await usableWorkspace(app.db, request.scope, group_id);
    return ok(
      await app.teamDevices.list(app.db, request.scope, eq(devices.workspaceId, group_id), request.query),
    );
  });

  route(app, ops.content, async (request) => {
    const { group_id } = request.params;
    await usableWorkspace(app.db, request.scope, group_id);
    return ok(await app.teamContent.list(app.db, request.scope, { workspaceId: group_id }, request.query));
  });

  route(
    app,
    ops.switch,
    async (request) => ok(await switchWorkspace(app, request.scope, request.body.group_id)),
    anyWorkspace,
  );
};
