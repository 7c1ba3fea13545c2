import { templateTypeOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import {
  createTemplateType,
  deleteTemplateType,
  editTemplateType,
  setContentTemplateType,
  templateTypeList,
} from './template-types';

// Template types under /backend/manager/template-type (/setting/tmptype), and the type of an H5
// content (/content/tmp): the contract's operations.

export const templateTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await templateTypeList(app.db, request)));

  route(app, ops.create, async (request) => ok(await createTemplateType(app, request, request.body)));

  route(app, ops.update, async (request) =>
    ok(await editTemplateType(app, request, request.params.id, request.body)),
  );

  route(app, ops.delete, async (request) => ok(await deleteTemplateType(app, request, request.params.id)));

  route(app, ops.setContentType, async (request) =>
    ok(await setContentTemplateType(app, request, request.params.id, request.body.template_type_id)),
  );
};
