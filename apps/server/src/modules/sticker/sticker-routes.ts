import {
  idSchema,
  STICKER_MAX_BYTES,
  stickerDeleteRequestSchema,
  stickerItemSchema,
  stickerListQuerySchema,
  stickerListSchema,
  stickerRenameRequestSchema,
  stickerUploadQuerySchema,
} from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { empty, ok, responses } from '../../platform/envelope';
import { acceptSmallFiles, bytesOf } from '../media';
import { deleteStickers, renameSticker, stickerList, uploadSticker } from './stickers';

// Stickers under /backend/manager/sticker (/content/sticker), for holders of res:com-sticker:list.

const config = { access: 'res:com-sticker:list' as const };
const params = z.object({ id: idSchema });

export const stickerRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptSmallFiles(app, STICKER_MAX_BYTES, 'sticker.tooLarge');

  app.get(
    '/sticker',
    { config, schema: { querystring: stickerListQuerySchema, response: responses(stickerListSchema) } },
    async (request) => ok(await stickerList(app.db, request.scope, request.query)),
  );

  app.post(
    '/sticker',
    { config, schema: { querystring: stickerUploadQuerySchema, response: responses(stickerItemSchema) } },
    async (request) => ok(await uploadSticker(app, request.scope, request.query.name, bytesOf(request.body))),
  );

  app.patch(
    '/sticker/:id',
    { config, schema: { params, body: stickerRenameRequestSchema, response: responses(stickerItemSchema) } },
    async (request) => ok(await renameSticker(app, request.scope, request.params.id, request.body.name)),
  );

  app.delete(
    '/sticker',
    { config, schema: { body: stickerDeleteRequestSchema, response: responses(empty) } },
    async (request) => ok(await deleteStickers(app, request.scope, request.body.ids, request.body.detach)),
  );
};
