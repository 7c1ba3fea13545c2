import fp from 'fastify-plugin';
import { registerExports } from './exports';
import { statisticsRoutes } from './routes';

/** Statistics: proof of play, its log and summary, and exports of them. */
export const statisticsModule = fp(
  async (app) => {
    registerExports(app);
    await app.register(statisticsRoutes, { prefix: '/backend/manager' });
  },
  { name: 'statistics', dependencies: ['platform'] },
);

export { deviceName, recordPlaybacks } from './playbacks';
