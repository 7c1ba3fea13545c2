import { idParamsSchema, statisticsOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { createExport, deleteExport, exportDetail, exportFile, exportList } from './exports';
import { playbackLog, playbackSummary, statisticsChoices } from './playbacks';

// Statistics under /backend/manager/statistics: the contract's operations, and the download of
// an export's file.

const MIME = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Content-Disposition of a download: an ASCII fallback and the UTF-8 name (RFC 6266, RFC 5987). */
function attachment(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.playbackLog, async (request) => ok(await playbackLog(app.db, request.scope, request.query)));

  route(app, ops.playbackSummary, async (request) =>
    ok(await playbackSummary(app.db, request.scope, request.query)),
  );

  route(app, ops.choices, async (request) =>
    ok({ list: await statisticsChoices(app.db, request.scope, request.query) }),
  );

  route(app, ops.exportList, async (request) => ok(await exportList(app.db, request.scope, request.query)));

  route(app, ops.exportCreate, async (request) =>
    ok(await createExport(app, request.scope, request.lang, request.body)),
  );

  route(app, ops.exportDetail, async (request) =>
    ok(await exportDetail(app.db, request.scope, request.params.id)),
  );

  route(app, ops.exportDelete, async (request) => {
    await deleteExport(app, request.scope, request.params.id);
    return ok(null);
  });

  // The finished file under its name; 409005 while the export is still being written.
  app.get(
    '/statistics/export/:id/download',
    { config: { access: 'statistics:export:list' }, schema: { params: idParamsSchema } },
    async (request, reply) => {
      const { body, fileName, format } = await exportFile(app, request.scope, request.params.id);
      return reply
        .header('Content-Type', MIME[format])
        .header('Content-Length', body.size)
        .header('Content-Disposition', attachment(fileName))
        .header('Cache-Control', 'private, no-store')
        .send(body.stream);
    },
  );
};
