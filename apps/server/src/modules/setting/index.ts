import fp from 'fastify-plugin';
import { settingRoutes } from './routes';

/** Settings: the white-label look, each user's preferences and guide progress, feature highlights, error reports. */
export const settingModule = fp(
  async (app) => {
    await app.register(settingRoutes, { prefix: '/backend' });
  },
  { name: 'setting', dependencies: ['platform'] },
);

export { remoteConfigFor, SCHEDULE_CONFIRM_KEY, scheduleNeedsConfirm } from './remote-config';
export { writeSetting } from './settings';
