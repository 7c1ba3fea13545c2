import {
  compositionCopyRequestSchema,
  compositionDeleteRequestSchema,
  compositionDetailSchema,
  compositionListQuerySchema,
  compositionListSchema,
  compositionRequestSchema,
  compositionTemplateItemSchema,
  compositionTemplateListQuerySchema,
  compositionTemplateListSchema,
  compositionTemplateRequestSchema,
  idSchema,
} from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { empty, ok, responses } from '../../platform/envelope';
import {
  compositionDetail,
  compositionList,
  copyComposition,
  createComposition,
  deleteCompositions,
  editComposition,
} from './compositions';
import { createTemplate, deleteTemplate, editTemplate, templateList } from './templates';

// Compositions under /backend/manager/composition (res:composition:list) and their templates
// under /backend/manager/composition-template (res:com-temp:list; the editor, which starts from
// them, lists them with res:composition:list too).

const config = { access: 'res:composition:list' as const };
const templates = { access: 'res:com-temp:list' as const };
const params = z.object({ id: idSchema });

export const compositionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/composition',
    {
      config,
      schema: { querystring: compositionListQuerySchema, response: responses(compositionListSchema) },
    },
    async (request) => ok(await compositionList(app.db, request.scope, request.query)),
  );

  app.post(
    '/composition',
    { config, schema: { body: compositionRequestSchema, response: responses(compositionDetailSchema) } },
    async (request) => ok(await createComposition(app, request.scope, request.body)),
  );

  app.delete(
    '/composition',
    { config, schema: { body: compositionDeleteRequestSchema, response: responses(empty) } },
    async (request) =>
      ok(await deleteCompositions(app, request.scope, request.body.ids, request.body.detach)),
  );

  app.get(
    '/composition/:id',
    { config, schema: { params, response: responses(compositionDetailSchema) } },
    async (request) => ok(await compositionDetail(app.db, request.scope, request.params.id)),
  );

  app.put(
    '/composition/:id',
    {
      config,
      schema: { params, body: compositionRequestSchema, response: responses(compositionDetailSchema) },
    },
    async (request) => ok(await editComposition(app, request.scope, request.params.id, request.body)),
  );

  app.post(
    '/composition/:id/copy',
    {
      config,
      schema: { params, body: compositionCopyRequestSchema, response: responses(compositionDetailSchema) },
    },
    async (request) =>
      ok(await copyComposition(app, request.scope, request.params.id, request.body.name, request.lang)),
  );

  app.get(
    '/composition-template',
    {
      config: { access: [templates.access, config.access] },
      schema: {
        querystring: compositionTemplateListQuerySchema,
        response: responses(compositionTemplateListSchema),
      },
    },
    async (request) => ok(await templateList(app.db, request.scope, request.query)),
  );

  app.post(
    '/composition-template',
    {
      config: templates,
      schema: { body: compositionTemplateRequestSchema, response: responses(compositionTemplateItemSchema) },
    },
    async (request) => ok(await createTemplate(app, request.scope, request.body)),
  );

  app.put(
    '/composition-template/:id',
    {
      config: templates,
      schema: {
        params,
        body: compositionTemplateRequestSchema,
        response: responses(compositionTemplateItemSchema),
      },
    },
    async (request) => ok(await editTemplate(app, request.scope, request.params.id, request.body)),
  );

  app.delete(
    '/composition-template/:id',
    { config: templates, schema: { params, response: responses(empty) } },
    async (request) => ok(await deleteTemplate(app, request.scope, request.params.id)),
  );
};
