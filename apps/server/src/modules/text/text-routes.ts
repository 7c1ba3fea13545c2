import {
  contentDeleteRequestSchema,
  idSchema,
  textItemSchema,
  textListQuerySchema,
  textListSchema,
  textRequestSchema,
} from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { empty, ok, responses } from '../../platform/envelope';
import { createText, deleteTexts, editText, textItem, textList } from './texts';

// Text messages under /backend/manager/text (spec 001 §3), for holders of res:text:list.

const config = { access: 'res:text:list' as const };
const params = z.object({ id: idSchema });

export const textRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/text',
    { config, schema: { querystring: textListQuerySchema, response: responses(textListSchema) } },
    async (request) => ok(await textList(app.db, request.scope, request.query)),
  );

  app.post(
    '/text',
    { config, schema: { body: textRequestSchema, response: responses(textItemSchema) } },
    async (request) => ok(await createText(app, request.scope, request.body)),
  );

  // { ids, detach }: with detach, texts in use are first removed from what uses them.
  app.delete(
    '/text',
    { config, schema: { body: contentDeleteRequestSchema, response: responses(empty) } },
    async (request) => ok(await deleteTexts(app, request.scope, request.body.ids, request.body.detach)),
  );

  app.get('/text/:id', { config, schema: { params, response: responses(textItemSchema) } }, async (request) =>
    ok(await textItem(app.db, request.scope, request.params.id)),
  );

  app.patch(
    '/text/:id',
    { config, schema: { params, body: textRequestSchema, response: responses(textItemSchema) } },
    async (request) => ok(await editText(app, request.scope, request.params.id, request.body)),
  );
};
