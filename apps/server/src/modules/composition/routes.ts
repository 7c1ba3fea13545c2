import { compositionOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import {
  compositionDetail,
  compositionList,
  copyComposition,
  createComposition,
  deleteCompositions,
  editComposition,
} from './compositions';
import { createTemplate, deleteTemplate, editTemplate, templateList } from './templates';

// Compositions under /backend/manager/composition and their templates under
// /backend/manager/composition-template; their paths, schemas and access are the contract's operations.

export const compositionRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await compositionList(app.db, request.scope, request.query)));

  route(app, ops.create, async (request) => ok(await createComposition(app, request.scope, request.body)));

  route(app, ops.deleteMany, async (request) =>
    ok(await deleteCompositions(app, request.scope, request.body.ids, request.body.detach)),
  );

  route(app, ops.detail, async (request) =>
    ok(await compositionDetail(app.db, request.scope, request.params.id)),
  );

  route(app, ops.update, async (request) =>
    ok(await editComposition(app, request.scope, request.params.id, request.body)),
  );

  route(app, ops.copy, async (request) =>
    ok(await copyComposition(app, request.scope, request.params.id, request.body.name, request.lang)),
  );

  route(app, ops.templateList, async (request) =>
    ok(await templateList(app.db, request.scope, request.query)),
  );

  route(app, ops.templateCreate, async (request) =>
    ok(await createTemplate(app, request.scope, request.body)),
  );

  route(app, ops.templateUpdate, async (request) =>
    ok(await editTemplate(app, request.scope, request.params.id, request.body)),
  );

  route(app, ops.templateDelete, async (request) =>
    ok(await deleteTemplate(app, request.scope, request.params.id)),
  );
};
