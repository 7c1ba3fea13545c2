import { workspaceOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devices, users } from '../../db/schema';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { holdingRoutes } from './group-holdings';
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

  holdingRoutes(app, ops, {
    check: usableWorkspace,
    userColumn: users.workspaceId,
    deviceColumn: devices.workspaceId,
    contentHolder: (workspaceId) => ({ workspaceId }),
  });

  route(
    app,
    ops.switch,
    async (request) => ok(await switchWorkspace(app, request.scope, request.body.group_id)),
    anyWorkspace,
  );
};
