import { userOperations as ops } from '@vitrine/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { roleList } from './roles';
import { createUser, deleteUsers, sendInvite, toggleUsers, updateUser, userDetail, userList } from './users';

// Users (spec 000 §7 "Users"): the contract's operations. Invites are mails: at most ten a minute
// per inviter.
const inviteLimit = {
  config: {
    rateLimit: {
      max: 10,
      timeWindow: '1 minute',
      hook: 'preHandler',
      keyGenerator: (request: FastifyRequest) => `invite:${request.user.userId}`,
    },
  },
} as const;

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await userList(app, request.scope, request.query)));

  route(
    app,
    ops.create,
    async (request) => ok(await createUser(app, request.scope, request.body, request.lang)),
    inviteLimit,
  );

  route(app, ops.deleteMany, async (request) => ok(await deleteUsers(app, request.scope, request.body.ids)));

  route(app, ops.toggle, async (request) =>
    ok(await toggleUsers(app, request.scope, request.body.ids, request.body.status)),
  );

  route(
    app,
    ops.sendInvite,
    async (request) => ok(await sendInvite(app, request.scope, request.params.user_id)),
    inviteLimit,
  );

  route(app, ops.detail, async (request) =>
    ok(await userDetail(app.db, request.scope, request.params.user_id)),
  );

  route(app, ops.update, async (request) =>
    ok(await updateUser(app, request.scope, request.params.user_id, request.body)),
  );

  route(app, ops.delete, async (request) =>
    ok(await deleteUsers(app, request.scope, [request.params.user_id])),
  );

  route(app, ops.roles, async (request) => ok(roleList(request.user.roleId, request.query.filter)));
};
