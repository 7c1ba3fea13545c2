import {
  createUserRequestSchema,
  idsRequestSchema,
  roleListQuerySchema,
  roleListSchema,
  toggleUsersRequestSchema,
  updateUserRequestSchema,
  userItemSchema,
  userListQuerySchema,
  userListSchema,
  userParamsSchema,
} from '@vitrine/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { empty, ok, responses } from '../../platform/envelope';
import { roleList } from './roles';
import { createUser, deleteUsers, sendInvite, toggleUsers, updateUser, userDetail, userList } from './users';

// Users (spec 000 §7 "Users"): lists and details with team:user:list / team:user:info, every
// change with team:user:add. Invites are mails: at most ten a minute per inviter.
const INVITE_LIMIT = {
  max: 10,
  timeWindow: '1 minute',
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `invite:${request.user.userId}`,
} as const;

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      config: { access: 'team:user:list' },
      schema: { querystring: userListQuerySchema, response: responses(userListSchema) },
    },
    async (request) => ok(await userList(app, request.scope, request.query)),
  );

  app.post(
    '/user',
    {
      config: { access: 'team:user:add', rateLimit: INVITE_LIMIT },
      schema: { body: createUserRequestSchema, response: responses(userItemSchema) },
    },
    async (request) => ok(await createUser(app, request.scope, request.body, request.lang)),
  );

  app.delete(
    '/user',
    { config: { access: 'team:user:add' }, schema: { body: idsRequestSchema, response: responses(empty) } },
    async (request) => ok(await deleteUsers(app, request.scope, request.body.ids)),
  );

  app.post(
    '/user/toggle',
    {
      config: { access: 'team:user:add' },
      schema: { body: toggleUsersRequestSchema, response: responses(empty) },
    },
    async (request) => ok(await toggleUsers(app, request.scope, request.body.ids, request.body.status)),
  );

  app.post(
    '/user/send/:user_id',
    {
      config: { access: 'team:user:add', rateLimit: INVITE_LIMIT },
      schema: { params: userParamsSchema, response: responses(empty) },
    },
    async (request) => ok(await sendInvite(app, request.scope, request.params.user_id)),
  );

  app.get(
    '/user/:user_id',
    {
      config: { access: 'team:user:info' },
      schema: { params: userParamsSchema, response: responses(userItemSchema) },
    },
    async (request) => ok(await userDetail(app.db, request.scope, request.params.user_id)),
  );

  app.put(
    '/user/:user_id',
    {
      config: { access: 'team:user:add' },
      schema: {
        params: userParamsSchema,
        body: updateUserRequestSchema,
        response: responses(userItemSchema),
      },
    },
    async (request) => ok(await updateUser(app, request.scope, request.params.user_id, request.body)),
  );

  app.delete(
    '/user/:user_id',
    { config: { access: 'team:user:add' }, schema: { params: userParamsSchema, response: responses(empty) } },
    async (request) => ok(await deleteUsers(app, request.scope, [request.params.user_id])),
  );

  app.get(
    '/role/all-list',
    {
      config: { access: 'team:user:list' },
      schema: { querystring: roleListQuerySchema, response: responses(roleListSchema) },
    },
    async (request) => ok(roleList(request.user.roleId, request.query.filter)),
  );
};
