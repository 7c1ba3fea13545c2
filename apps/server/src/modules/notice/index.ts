import fp from 'fastify-plugin';
import { noticeRoutes } from './routes';

/** Notices: the content errors screens report, kept and listed. */
export const noticeModule = fp(
  async (app) => {
    await app.register(noticeRoutes, { prefix: '/backend/manager' });
  },
  { name: 'notice', dependencies: ['statistics'] },
);

export { recordContentError } from './content-errors';
