import { contentErrorListQuerySchema, contentErrorListSchema } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../platform/envelope';
import { contentErrorList } from './content-error-list';

// Notices under /backend/manager/notice (spec 000 §2): the content errors need notice:error-content-logs.

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notice/content-error',
    {
      config: { access: 'notice:error-content-logs' },
      schema: { querystring: contentErrorListQuerySchema, response: responses(contentErrorListSchema) },
    },
    async (request) => ok(await contentErrorList(app.db, request.scope, request.query)),
  );
};
