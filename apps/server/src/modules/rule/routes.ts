import { ruleOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { ruleFiringList } from './firing';
import { createRule, deleteRules, editRule, enableRule, ruleItem, ruleList } from './rules';

// Control rules under /backend/manager/rule (/device/rule); paths, schemas and access are the contract's.
export const ruleRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await ruleList(app.db, request.scope, request.query)));
  route(app, ops.create, async (request) => ok(await createRule(app, request.scope, request.body)));
  route(app, ops.deleteMany, async (request) => ok(await deleteRules(app, request.scope, request.body.ids)));
  route(app, ops.detail, async (request) => ok(await ruleItem(app.db, request.scope, request.params.id)));
  route(app, ops.update, async (request) =>
    ok(await editRule(app, request.scope, request.params.id, request.body)),
  );
  route(app, ops.enable, async (request) =>
    ok(await enableRule(app, request.scope, request.params.id, request.body.enabled)),
  );
  route(app, ops.firings, async (request) =>
    ok(await ruleFiringList(app.db, request.scope, request.params.id, request.query)),
  );
};
