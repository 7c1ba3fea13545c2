import fs from 'node:fs';
import {
  exportListQuerySchema,
  exportListSchema,
  exportRequestSchema,
  exportRowSchema,
  idSchema,
  playbackLogQuerySchema,
  playbackLogSchema,
  playbackSummaryQuerySchema,
  playbackSummarySchema,
  statisticsChoiceListSchema,
  statisticsChoiceQuerySchema,
} from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { empty, ok, responses } from '../../platform/envelope';
import { notFound } from '../../platform/errors';
import { createExport, deleteExport, exportDetail, exportFile, exportList } from './exports';
import { playbackLog, playbackSummary, statisticsChoices } from './playbacks';

// Statistics under /backend/manager (spec 000 §2): the playback log and its summary need
// statistics:play-back-logs, the exports statistics:export:list. The filter choices serve these
// pages and the content errors' (notice:error-content-logs).

const params = z.object({ id: idSchema });

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
  app.get(
    '/statistics/playback-log',
    {
      config: { access: 'statistics:play-back-logs' },
      schema: { querystring: playbackLogQuerySchema, response: responses(playbackLogSchema) },
    },
    async (request) => ok(await playbackLog(app.db, request.scope, request.query)),
  );

  app.get(
    '/statistics/playback-log/summary',
    {
      config: { access: 'statistics:play-back-logs' },
      schema: { querystring: playbackSummaryQuerySchema, response: responses(playbackSummarySchema) },
    },
    async (request) => ok(await playbackSummary(app.db, request.scope, request.query)),
  );

  app.get(
    '/statistics/choices',
    {
      config: {
        access: ['statistics:play-back-logs', 'statistics:export:list', 'notice:error-content-logs'],
      },
      schema: { querystring: statisticsChoiceQuerySchema, response: responses(statisticsChoiceListSchema) },
    },
    async (request) => ok({ list: await statisticsChoices(app.db, request.scope, request.query) }),
  );

  app.get(
    '/statistics/export',
    {
      config: { access: 'statistics:export:list' },
      schema: { querystring: exportListQuerySchema, response: responses(exportListSchema) },
    },
    async (request) => ok(await exportList(app.db, request.scope, request.query)),
  );

  app.post(
    '/statistics/export',
    {
      config: { access: 'statistics:export:list' },
      schema: { body: exportRequestSchema, response: responses(exportRowSchema) },
    },
    async (request) => ok(await createExport(app, request.scope, request.lang, request.body)),
  );

  app.get(
    '/statistics/export/:id',
    {
      config: { access: 'statistics:export:list' },
      schema: { params, response: responses(exportRowSchema) },
    },
    async (request) => ok(await exportDetail(app.db, request.scope, request.params.id)),
  );

  app.delete(
    '/statistics/export/:id',
    {
      config: { access: 'statistics:export:list' },
      schema: { params, response: responses(empty) },
    },
    async (request) => {
      await deleteExport(app, request.scope, request.params.id);
      return ok(null);
    },
  );

  // The finished file under its name; 409005 while the export is still being written.
  app.get(
    '/statistics/export/:id/download',
    { config: { access: 'statistics:export:list' }, schema: { params } },
    async (request, reply) => {
      const { file, fileName, format } = await exportFile(app, request.scope, request.params.id);
      const handle = await fs.promises.open(file).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? notFound() : error;
      });
      const { size } = await handle.stat();
      return reply
        .header('Content-Type', MIME[format])
        .header('Content-Length', size)
        .header('Content-Disposition', attachment(fileName))
        .header('Cache-Control', 'private, no-store')
        .send(handle.createReadStream());
    },
  );
};
