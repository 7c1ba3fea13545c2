import { FONT_MAX_BYTES, fontOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { acceptSmallFiles, bytesOf } from '../media';
import { deleteFont, fontList, renameFont, uploadFont } from './fonts';

// Fonts under /backend/manager/font (/setting/font): the contract's operations.

export const fontRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptSmallFiles(app, FONT_MAX_BYTES, 'font.tooLarge');

  route(app, ops.list, async (request) => ok(await fontList(app.db, request, request.query)));

  route(app, ops.upload, async (request) =>
    ok(await uploadFont(app, request, request.query.name, bytesOf(request.body))),
  );

  route(app, ops.rename, async (request) =>
    ok(await renameFont(app, request, request.params.id, request.body.name)),
  );

  route(app, ops.delete, async (request) =>
    ok(await deleteFont(app, request, request.params.id, request.query.detach)),
  );
};
