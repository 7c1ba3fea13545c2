import fp from 'fastify-plugin';
import { dashboardRoutes } from './routes';

/** Dashboard: the home page's counts of users, devices, schedules, content, storage, licences and player versions in the caller's scope. */
export const dashboardModule = fp(
  async (app) => {
    await app.register(dashboardRoutes, { prefix: '/backend/manager' });
  },
  { name: 'dashboard', dependencies: ['platform', 'license', 'ota'] },
);
