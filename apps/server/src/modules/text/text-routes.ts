import { textOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { createText, deleteTexts, editText, textItem, textList } from './texts';

// Text messages under /backend/manager/text (spec 001 §3): the contract's operations.

export const textRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await textList(app.db, request.scope, request.query)));

  route(app, ops.create, async (request) => ok(await createText(app, request.scope, request.body)));

  route(app, ops.deleteMany, async (request) =>
    ok(await deleteTexts(app, request.scope, request.body.ids, request.body.detach)),
  );

  route(app, ops.detail, async (request) => ok(await textItem(app.db, request.scope, request.params.id)));

  route(app, ops.update, async (request) =>
    ok(await editText(app, request.scope, request.params.id, request.body)),
  );
};
