import {
  FONT_MAX_BYTES,
  fontDeleteQuerySchema,
  fontItemSchema,
  fontListQuerySchema,
  fontListSchema,
  fontRenameRequestSchema,
  fontUploadQuerySchema,
  idSchema,
  type Permission,
} from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { empty, ok, responses } from '../../platform/envelope';
import { acceptSmallFiles, bytesOf } from '../media';
import { deleteFont, fontList, renameFont, uploadFont } from './fonts';

// Fonts under /backend/manager/font (/setting/font). Those who edit texts and compositions pick
// fonts, so they may list them; changing them needs setting:font-manage.

const readers: Permission[] = ['setting:font-manage', 'res:text:list', 'res:composition:list'];
const managers = { access: 'setting:font-manage' as const };
const params = z.object({ id: idSchema });

export const fontRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptSmallFiles(app, FONT_MAX_BYTES, 'font.tooLarge');

  app.get(
    '/font',
    {
      config: { access: readers },
      schema: { querystring: fontListQuerySchema, response: responses(fontListSchema) },
    },
    async (request) => ok(await fontList(app.db, request, request.query)),
  );

  app.post(
    '/font',
    { config: managers, schema: { querystring: fontUploadQuerySchema, response: responses(fontItemSchema) } },
    async (request) => ok(await uploadFont(app, request, request.query.name, bytesOf(request.body))),
  );

  app.patch(
    '/font/:id',
    {
      config: managers,
      schema: { params, body: fontRenameRequestSchema, response: responses(fontItemSchema) },
    },
    async (request) => ok(await renameFont(app, request, request.params.id, request.body.name)),
  );

  app.delete(
    '/font/:id',
    { config: managers, schema: { params, querystring: fontDeleteQuerySchema, response: responses(empty) } },
    async (request) => ok(await deleteFont(app, request, request.params.id, request.query.detach)),
  );
};
