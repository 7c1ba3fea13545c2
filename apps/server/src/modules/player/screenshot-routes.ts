import { playerOperations as ops, ResultCode } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/operations';
import { acceptScreenshot, deviceOfRequest, IMAGE_TYPES, imageTypeOf, SCREENSHOT_MAX_BYTES } from '../device';

/** POST /backend/player/screenshot?command_id=N: the body is the image, the device token says whose. */
export const screenshotRoutes: FastifyPluginAsyncZod = async (app) => {
  // Raw image bodies, in this plugin's scope only.
  app.addContentTypeParser(
    IMAGE_TYPES,
    { parseAs: 'buffer', bodyLimit: SCREENSHOT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  route(
    app,
    ops.screenshot,
    async (request) => {
      const device = await deviceOfRequest(app.db, request);
      if (device.companyId === null) throw new AppError(ResultCode.sessionExpired);
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes) || imageTypeOf(bytes) === null) {
        throw new AppError(ResultCode.validation, 'code.400001', { detail: 'image/png or image/jpeg' });
      }
      await acceptScreenshot(app.db, app.storage, device.id, request.query.command_id, bytes);
      return ok(null);
    },
    { bodyLimit: SCREENSHOT_MAX_BYTES },
  );
};
