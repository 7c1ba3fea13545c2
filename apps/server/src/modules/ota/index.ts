import fp from 'fastify-plugin';
import { otaKeyRoutes } from './key-routes';
import { registerOfferJob } from './offers';
import { seedShippedPlayer } from './packages';
import { planPlayerRoutes, planRoutes } from './plan-routes';
import { otaRoutes } from './routes';

export { appKeyAdmits } from './app-keys';
export { otaStatistic } from './upgrades';

/**
 * OTA: the platform's packages of player software per device model, where each screen stands, the
 * plans that send packages to screens, the player's upgrade calls, and the keys and exemptions
 * that guard them (docs/ota.md).
 */
export const otaModule = fp(
  async (app) => {
    // The shipped player build is listed from the first start on.
    app.addHook('onReady', () => seedShippedPlayer(app.db));
    registerOfferJob(app);
    await app.register(otaRoutes, { prefix: '/backend/manager' });
    await app.register(planRoutes, { prefix: '/backend/manager' });
    await app.register(otaKeyRoutes, { prefix: '/backend/manager' });
    await app.register(planPlayerRoutes, { prefix: '/backend' });
  },
  { name: 'ota', dependencies: ['upload', 'media', 'device-model', 'device'] },
);
