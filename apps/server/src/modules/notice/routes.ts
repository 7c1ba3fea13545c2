import { noticeOperations } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import { contentErrorList } from './content-error-list';

// Notices under /backend/manager/notice: the contract's operations.

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, noticeOperations.contentErrors, async (request) =>
    ok(await contentErrorList(app.db, request.scope, request.query)),
  );
};
