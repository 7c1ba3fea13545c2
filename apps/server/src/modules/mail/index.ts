import fp from 'fastify-plugin';
import { mailRoutes } from './routes';

/** The mail server and the mail templates the platform's Mailer sends with (/setting/mail-index). */
export const mailModule = fp(
  async (app) => {
    await app.register(mailRoutes, { prefix: '/backend/manager' });
  },
  { name: 'mail', dependencies: ['platform'] },
);
