import {
  contentItemSchema,
  h5TemplateTypeRequestSchema,
  idSchema,
  type Permission,
  templateTypeListSchema,
  templateTypeRequestSchema,
  templateTypeSchema,
} from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { empty, ok, responses } from '../../platform/envelope';
import {
  createTemplateType,
  deleteTemplateType,
  editTemplateType,
  setContentTemplateType,
  templateTypeList,
} from './template-types';

// Template types under /backend/manager/template-type (/setting/tmptype), and the type of an H5
// content (/content/tmp). Those who handle mobile templates pick types, so they may list them;
// changing them needs setting:template-type:list.

const readers: Permission[] = ['res:template:list', 'setting:template-type:list'];
const managers = { access: 'setting:template-type:list' as const };
const params = z.object({ id: idSchema });

export const templateTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/template-type',
    { config: { access: readers }, schema: { response: responses(templateTypeListSchema) } },
    async (request) => ok(await templateTypeList(app.db, request)),
  );

  app.post(
    '/template-type',
    {
      config: managers,
      schema: { body: templateTypeRequestSchema, response: responses(templateTypeSchema) },
    },
    async (request) => ok(await createTemplateType(app, request, request.body)),
  );

  app.put(
    '/template-type/:id',
    {
      config: managers,
      schema: { params, body: templateTypeRequestSchema, response: responses(templateTypeSchema) },
    },
    async (request) => ok(await editTemplateType(app, request, request.params.id, request.body)),
  );

  app.delete(
    '/template-type/:id',
    { config: managers, schema: { params, response: responses(empty) } },
    async (request) => ok(await deleteTemplateType(app, request, request.params.id)),
  );

  app.put(
    '/resource/:id/template-type',
    {
      config: { access: 'res:template:list' },
      schema: { params, body: h5TemplateTypeRequestSchema, response: responses(contentItemSchema) },
    },
    async (request) =>
      ok(await setContentTemplateType(app, request, request.params.id, request.body.template_type_id)),
  );
};
