import fp from 'fastify-plugin';
import { teamRoutes } from './routes';
import { registerUserBlocker } from './workspaces';

/** Team: customers, companies, workspaces, users and roles, and who sees which of them. */
export const teamModule = fp(
  async (app) => {
    registerUserBlocker(app);
    await app.register(teamRoutes, { prefix: '/backend/manager/account' });
  },
  { name: 'team', dependencies: ['account'] },
);

/** Users in a caller's scope, for the areas that name them (a rule's mail). */
export { visibleUsers } from './users';
export { usableWorkspace } from './workspaces';
