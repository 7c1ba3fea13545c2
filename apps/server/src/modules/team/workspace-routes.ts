import {
  createWorkspaceRequestSchema,
  memberListQuerySchema,
  pageQuerySchema,
  switchWorkspaceRequestSchema,
  teamContentListSchema,
  teamDeviceListSchema,
  updateWorkspaceRequestSchema,
  userInfoSchema,
  userListSchema,
  workspaceGroupParamsSchema,
  workspaceItemSchema,
  workspaceListSchema,
  workspaceParamsSchema,
  workspaceTreeSchema,
} from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devices, users } from '../../db/schema';
import { empty, ok, responses } from '../../platform/envelope';
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

// Workspaces (spec 000 §7 "Workspaces"): managed with workspace:tree. The selector's tree and the
// switch are for every logged-in user, whatever workspace the top bar still holds (a stale one is
// how the console learns to reset to the user's own).
const access = 'workspace:tree' as const;

export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/workspace',
    { config: { access }, schema: { response: responses(workspaceListSchema) } },
    async (request) => ok(await workspaceList(app, request.scope)),
  );

  app.get(
    '/workspace/select-list',
    {
      config: { access: 'authenticated', ignoreWorkspaceHeader: true },
      schema: { response: responses(workspaceTreeSchema) },
    },
    async (request) => ok(await workspaceTree(app, request.scope)),
  );

  app.post(
    '/workspace',
    {
      config: { access },
      schema: { body: createWorkspaceRequestSchema, response: responses(workspaceItemSchema) },
    },
    async (request) => ok(await createWorkspace(app, request.scope, request.body)),
  );

  app.put(
    '/workspace/:id',
    {
      config: { access },
      schema: {
        params: workspaceParamsSchema,
        body: updateWorkspaceRequestSchema,
        response: responses(workspaceItemSchema),
      },
    },
    async (request) => ok(await updateWorkspace(app, request.scope, request.params.id, request.body)),
  );

  app.delete(
    '/workspace/:id',
    { config: { access }, schema: { params: workspaceParamsSchema, response: responses(empty) } },
    async (request) => ok(await deleteWorkspace(app, request.scope, request.params.id)),
  );

  app.get(
    '/workspace/:group_id/member-list',
    {
      config: { access },
      schema: {
        params: workspaceGroupParamsSchema,
        querystring: memberListQuerySchema,
        response: responses(userListSchema),
      },
    },
    async (request) => {
      const { group_id } = request.params;
      await usableWorkspace(app.db, request.scope, group_id);
      const conditions = [eq(users.workspaceId, group_id), visibleUsers(request.scope)];
      return ok(await listUsers(app.db, conditions, request.query));
    },
  );

  app.get(
    '/workspace/:group_id/device-list',
    {
      config: { access },
      schema: {
        params: workspaceGroupParamsSchema,
        querystring: pageQuerySchema,
        response: responses(teamDeviceListSchema),
      },
    },
    async (request) => {
      const { group_id } = request.params;
      await usableWorkspace(app.db, request.scope, group_id);
      return ok(
        await app.teamDevices.list(app.db, request.scope, eq(devices.workspaceId, group_id), request.query),
      );
    },
  );

  // Content is listed by its area once it exists; until then there is none.
  app.get(
    '/workspace/:group_id/content',
    {
      config: { access },
      schema: {
        params: workspaceGroupParamsSchema,
        querystring: pageQuerySchema,
        response: responses(teamContentListSchema),
      },
    },
    async (request) => {
      const { group_id } = request.params;
      await usableWorkspace(app.db, request.scope, group_id);
      return ok(
        await app.teamDevices.list(app.db, request.scope, eq(devices.workspaceId, group_id), request.query),
      );
    },
  );

  app.post(
    '/user/workspace',
    {
      config: { access: 'authenticated', ignoreWorkspaceHeader: true },
      schema: { body: switchWorkspaceRequestSchema, response: responses(userInfoSchema) },
    },
    async (request) => ok(await switchWorkspace(app, request.scope, request.body.group_id)),
  );
};
