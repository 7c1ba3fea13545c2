import fs from 'node:fs';
import {
  CONTENT_TYPE_PERMISSION,
  contentDeleteRequestSchema,
  contentItemSchema,
  contentListQuerySchema,
  contentListSchema,
  contentMoveRequestSchema,
  contentRenameRequestSchema,
  contentUsesSchema,
  folderListQuerySchema,
  folderListSchema,
  folderRequestSchema,
  folderSchema,
  idSchema,
  idsRequestSchema,
  type LibraryContentType,
  streamRequestSchema,
  websiteRequestSchema,
} from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { empty, ok, responses } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
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
  restoreContent,
} from './library';
import { createStream, createWebsite, editStream, editWebsite } from './links';

// The content library under /backend/manager/resource (ARCHITECTURE §5). Every route is open to
// holders of any content type's list permission; the service then checks the permission of the
// type of each item touched (403001).

const access = Object.values(CONTENT_TYPE_PERMISSION);
const config = { access };
const params = z.object({ id: idSchema });
const folderParams = z.object({ folder_id: idSchema });

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
  app.get(
    '/resource',
    { config, schema: { querystring: contentListQuerySchema, response: responses(contentListSchema) } },
    async (request) => ok(await contentList(app.db, request, request.query)),
  );

  app.post(
    '/resource/move',
    { config, schema: { body: contentMoveRequestSchema, response: responses(empty) } },
    async (request) => ok(await moveContent(app, request, request.body.ids, request.body.folder_id)),
  );

  app.delete(
    '/resource',
    { config, schema: { body: contentDeleteRequestSchema, response: responses(empty) } },
    async (request) => ok(await deleteContent(app, request, request.body.ids, request.body.detach)),
  );

  app.post(
    '/resource/restore',
    { config, schema: { body: idsRequestSchema, response: responses(empty) } },
    async (request) => ok(await restoreContent(app, request, request.body.ids)),
  );

  app.delete(
    '/resource/purge',
    { config, schema: { body: idsRequestSchema, response: responses(empty) } },
    async (request) => ok(await purgeContent(app, request, request.body.ids)),
  );

  app.get(
    '/resource/folder',
    { config, schema: { querystring: folderListQuerySchema, response: responses(folderListSchema) } },
    async (request) =>
      ok(await folderList(app, request, request.query.type as LibraryContentType | undefined)),
  );

  app.post(
    '/resource/folder',
    { config, schema: { body: folderRequestSchema, response: responses(folderSchema) } },
    async (request) => ok(await createFolder(app, request.scope, request.body.name)),
  );

  app.patch(
    '/resource/folder/:folder_id',
    {
      config,
      schema: { params: folderParams, body: folderRequestSchema, response: responses(folderSchema) },
    },
    async (request) => ok(await renameFolder(app, request, request.params.folder_id, request.body.name)),
  );

  app.delete(
    '/resource/folder/:folder_id',
    { config, schema: { params: folderParams, response: responses(empty) } },
    async (request) => ok(await deleteFolder(app, request.scope, request.params.folder_id)),
  );

  app.post(
    '/resource/website',
    { config, schema: { body: websiteRequestSchema, response: responses(contentItemSchema) } },
    async (request) => ok(await createWebsite(app, request, request.body)),
  );

  app.patch(
    '/resource/website/:id',
    { config, schema: { params, body: websiteRequestSchema, response: responses(contentItemSchema) } },
    async (request) => ok(await editWebsite(app, request, request.params.id, request.body)),
  );

  app.post(
    '/resource/stream',
    { config, schema: { body: streamRequestSchema, response: responses(contentItemSchema) } },
    async (request) => ok(await createStream(app, request, request.body)),
  );

  app.patch(
    '/resource/stream/:id',
    { config, schema: { params, body: streamRequestSchema, response: responses(contentItemSchema) } },
    async (request) => ok(await editStream(app, request, request.params.id, request.body)),
  );

  app.get(
    '/resource/:id',
    { config, schema: { params, response: responses(contentItemSchema) } },
    async (request) => ok(await contentItem(app.db, request, request.params.id)),
  );

  app.get(
    '/resource/:id/uses',
    { config, schema: { params, response: responses(contentUsesSchema) } },
    async (request) => ok(await contentItemUses(app, request, request.params.id)),
  );

  // The original file as a download under its name (the library's url serves what browsers play).
  app.get('/resource/:id/file', { config, schema: { params } }, async (request, reply) => {
    const { file, name, mime } = await contentFile(app, request, request.params.id);
    const handle = await fs.promises.open(file).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? notFound() : error;
    });
    const { size } = await handle.stat();
    return reply
      .header('Content-Type', mime ?? 'application/octet-stream')
      .header('Content-Length', size)
      .header('Content-Disposition', attachment(name))
      .header('Cache-Control', 'private, no-store')
      .send(handle.createReadStream());
  });

  app.patch(
    '/resource/:id',
    { config, schema: { params, body: contentRenameRequestSchema, response: responses(contentItemSchema) } },
    async (request) => ok(await renameContent(app, request, request.params.id, request.body.name)),
  );
};
