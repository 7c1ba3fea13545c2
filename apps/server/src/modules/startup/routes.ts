import { startupOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { partRoute } from '../upload';
import {
  companyStartup,
  initStartupUpload,
  modelStartup,
  setCompanyStartup,
  setModelStartup,
} from './startup';

// Startup media under /backend/manager/startup (a company's, from the device list) and
// /backend/manager/device-model/:id/startup (a model's, from its drawer); the files come through
// the chunked upload's init and parts here. Paths, schemas and access are the contract's.
export const startupRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.uploadInit, async (request) => ok(await initStartupUpload(app, request, request.body)));
  partRoute(app, ops.uploadPart, 'startup');
  route(app, ops.company, async (request) => ok(await companyStartup(app.db, request.scope)));
  route(app, ops.companySet, async (request) =>
    ok(await setCompanyStartup(app, request.scope, request.body)),
  );
  route(app, ops.model, async (request) => ok(await modelStartup(app.db, request.params.id)));
  route(app, ops.modelSet, async (request) =>
    ok(await setModelStartup(app, request.scope, request.params.id, request.body)),
  );
};
