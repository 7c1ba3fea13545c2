import {
  CONTENT_TYPE_PERMISSION,
  idParamsSchema,
  type LibraryContentType,
  contentOperations as ops,
} from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import { route } from '../../platform/operations';
import {
  approveContent,
  contentApprovals,
  rejectContent,
  reviewContent,
  submitContent,
  withdrawContent,
} from './approval';
import { createFolder, deleteFolder, folderList, renameFolder } from './folders';
import {
  contentFile,
  contentItem,
  contentItemUses,
  contentList,
  deleteContent,
  moveContent,
  purgeContent,
  renameContent,
  reprocessContent,
  restoreContent,
} from './library';
import { createStream, createWebsite, editStream, editWebsite } from './links';

// The content library under /backend/manager/resource (ARCHITECTURE §5); paths, schemas and access
// are the contract's operations. Every route is open to holders of any content type's list
// permission; the service then checks the permission of the type of each item touched (403001).

// The download answers the file's bytes, not an envelope, so it is no operation.
const fileConfig = { access: Object.values(CONTENT_TYPE_PERMISSION) };

/** Content-Disposition of a download: an ASCII fallback and the UTF-8 name (RFC 6266, RFC 5987). */
function attachment(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await contentList(app.db, request, request.query)));
  route(app, ops.move, async (request) =>
    ok(await moveContent(app, request, request.body.ids, request.body.folder_id)),
  );
  route(app, ops.deleteMany, async (request) =>
    ok(await deleteContent(app, request, request.body.ids, request.body.detach)),
  );
  route(app, ops.restore, async (request) => ok(await restoreContent(app, request, request.body.ids)));
  route(app, ops.purge, async (request) => ok(await purgeContent(app, request, request.body.ids)));

  route(app, ops.folders, async (request) =>
    ok(await folderList(app, request, request.query.type as LibraryContentType | undefined)),
  );
  route(app, ops.createFolder, async (request) =>
    ok(await createFolder(app, request.scope, request.body.name)),
  );
  route(app, ops.renameFolder, async (request) =>
    ok(await renameFolder(app, request, request.params.folder_id, request.body.name)),
  );
  route(app, ops.deleteFolder, async (request) =>
    ok(await deleteFolder(app, request.scope, request.params.folder_id)),
  );

  route(app, ops.createWebsite, async (request) => ok(await createWebsite(app, request, request.body)));
  route(app, ops.editWebsite, async (request) =>
    ok(await editWebsite(app, request, request.params.id, request.body)),
  );
  route(app, ops.createStream, async (request) => ok(await createStream(app, request, request.body)));
  route(app, ops.editStream, async (request) =>
    ok(await editStream(app, request, request.params.id, request.body)),
  );

  route(app, ops.detail, async (request) => ok(await contentItem(app.db, request, request.params.id)));
  route(app, ops.uses, async (request) => ok(await contentItemUses(app, request, request.params.id)));

  // The original file as a download under its name (the library's url serves what browsers play).
  app.get(
    '/resource/:id/file',
    { config: fileConfig, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const { key, name, mime } = await contentFile(app, request, request.params.id);
      const body = await app.storage.get(key);
      if (!body) throw notFound();
      return reply
        .header('Content-Type', mime ?? 'application/octet-stream')
        .header('Content-Length', body.size)
        .header('Content-Disposition', attachment(name))
        .header('Cache-Control', 'private, no-store')
        .send(body.stream);
    },
  );

  route(app, ops.rename, async (request) =>
    ok(await renameContent(app, request, request.params.id, request.body.name)),
  );

  route(app, ops.reprocess, async (request) => ok(await reprocessContent(app, request, request.params.id)));

  route(app, ops.approvals, async (request) => ok(await contentApprovals(app.db, request, request.query)));
  route(app, ops.review, async (request) => ok(await reviewContent(app, request, request.params.id)));
  route(app, ops.approve, async (request) => ok(await approveContent(app, request, request.params.id)));
  route(app, ops.reject, async (request) =>
    ok(await rejectContent(app, request, request.params.id, request.body.reason)),
  );
  route(app, ops.submit, async (request) => ok(await submitContent(app, request, request.params.id)));
  route(app, ops.withdraw, async (request) => ok(await withdrawContent(app, request, request.params.id)));
};
