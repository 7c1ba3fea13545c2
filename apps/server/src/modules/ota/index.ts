import fp from 'fastify-plugin';
import { seedShippedPlayer } from './packages';
import { otaRoutes } from './routes';

export { otaStatistic } from './upgrades';

/** OTA: the platform's packages of player software per device model, and where each screen stands (docs/ota.md). */
export const otaModule = fp(
  async (app) => {
    // The shipped player build is listed from the first start on.
    app.addHook('onReady', () => seedShippedPlayer(app.db));
    await app.register(otaRoutes, { prefix: '/backend/manager' });
  },
  { name: 'ota', dependencies: ['upload', 'media', 'device-model', 'device'] },
);
