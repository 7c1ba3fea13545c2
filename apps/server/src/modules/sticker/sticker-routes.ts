import { stickerOperations as ops, STICKER_MAX_BYTES } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { acceptSmallFiles, bytesOf } from '../media';
import { deleteStickers, renameSticker, stickerList, uploadSticker } from './stickers';

// Stickers under /backend/manager/sticker (/content/sticker): the contract's operations.

export const stickerRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptSmallFiles(app, STICKER_MAX_BYTES, 'sticker.tooLarge');

  route(app, ops.list, async (request) => ok(await stickerList(app.db, request.scope, request.query)));

  route(app, ops.upload, async (request) =>
    ok(await uploadSticker(app, request.scope, request.query.name, bytesOf(request.body))),
  );

  route(app, ops.rename, async (request) =>
    ok(await renameSticker(app, request.scope, request.params.id, request.body.name)),
  );

  route(app, ops.deleteMany, async (request) =>
    ok(await deleteStickers(app, request.scope, request.body.ids, request.body.detach)),
  );
};
