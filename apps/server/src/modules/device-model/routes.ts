import { deviceModelOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { createModel, deleteModels, editModel, modelItem, modelList, unknownModels } from './models';

// Device models under /backend/manager/device-model (/setting/model): the contract's operations
// (assigning a model to devices is the device module's: it owns them).

export const deviceModelRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await modelList(app.db, request.scope, request.query)));

  route(app, ops.create, async (request) => ok(await createModel(app, request.scope, request.body)));

  route(app, ops.unknown, async (request) => ok(await unknownModels(app.db, request.scope)));

  route(app, ops.detail, async (request) => ok(await modelItem(app.db, request.scope, request.params.id)));

  route(app, ops.update, async (request) =>
    ok(await editModel(app, request.scope, request.params.id, request.body)),
  );

  route(app, ops.deleteMany, async (request) => ok(await deleteModels(app, request.body.ids)));
};
