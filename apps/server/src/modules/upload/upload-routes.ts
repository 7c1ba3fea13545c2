import { Readable } from 'node:stream';
import {
  uploadOperations as ops,
  type otaOperations,
  ResultCode,
  type startupOperations,
  UPLOAD_CHUNK_SIZE,
  type UploadPurpose,
} from '@vitrine/contract';
import { errorCodes, type FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/operations';
import { storageInfo } from '../media';
import { checkUpload, finishUpload, initUpload, receivePart } from './upload';

// The chunked upload under /backend/manager/common (spec 000 §4, §7) and the storage info
// (/backend/manager/sys/storage). Uploading needs the list permission of some library page; init
// and finish check the one of the file's type. Paths, schemas and access are the contract's operations.

/** A part's raw bytes, and a little room for a client that declares a few more (refused as partSize). */
const PART_BODY_LIMIT = UPLOAD_CHUNK_SIZE + 64 * 1024;

/**
 * Registers the route that takes the parts of `purpose`'s uploads (the library's here, OTA
 * packages' in modules/ota, startup media's in modules/startup). Parts come as
 * application/octet-stream; only the plugin that calls this takes such bodies. The body goes to the
 * handler as the stream it is: a part is written to its file as it arrives (receivePart), never
 * gathered in memory first. A declared length over a part's is refused here.
 */
export function partRoute(
  app: FastifyInstance,
  op: typeof ops.part | typeof otaOperations.packageUploadPart | typeof startupOperations.uploadPart,
  purpose: UploadPurpose,
) {
  app.addContentTypeParser('application/octet-stream', (request, payload, done) => {
    if (Number(request.headers['content-length'] ?? 0) > PART_BODY_LIMIT) {
      done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
    } else done(null, payload);
  });
  route(app, op, async (request) => {
    const body = request.body;
    if (!(body instanceof Readable)) throw new AppError(ResultCode.validation, 'upload.partSize');
    const declared = request.headers['content-length'];
    const { upload_id, index } = request.query;
    return ok(
      await receivePart(app, request.scope, purpose, upload_id, index, {
        body,
        declaredLength: declared === undefined ? undefined : Number(declared),
      }),
    );
  });
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.check, async (request) => ok(await checkUpload(app.db, request.scope, request.body)));
  route(app, ops.init, async (request) =>
    ok(await initUpload(app, request.scope, request.permissions, request.body)),
  );
  partRoute(app, ops.part, 'content');
  route(app, ops.finish, async (request) =>
    ok(await finishUpload(app, request.scope, request.permissions, request.body.upload_id)),
  );
  route(app, ops.storage, async (request) => ok(await storageInfo(app.db, request.scope)));
};
