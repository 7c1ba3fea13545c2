import fp from 'fastify-plugin';
import { accountRoutes } from './routes';

/** Accounts: login and sessions, registration and invitations, passwords, lockouts, the caller's profile. */
export const accountModule = fp(
  async (app) => {
    await app.register(accountRoutes, { prefix: '/backend' });
  },
  { name: 'account', dependencies: ['setting'] },
);

export { mailLanguage, mailTime } from './client';
export { roleName } from './presenter';
export { profile } from './profile';
export { sendActivation } from './register';
