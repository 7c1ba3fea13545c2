import fp from 'fastify-plugin';
import { settingRoutes } from './routes';
import { SystemSettingStore } from './system-settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform-wide settings in force (public address, defaults, registration). */
    systemSettings: SystemSettingStore;
  }
}

/** Settings: the white-label look, each user's preferences and guide progress, feature highlights, error reports. */
export const settingModule = fp(
  async (app) => {
    const systemSettings = new SystemSettingStore(app.db, app.config.publicUrl, app.log);
    systemSettings.follow(app.bus);
    app.decorate('systemSettings', systemSettings);
    // After the platform's own onReady (the bus listens first, so no save is missed in between).
    app.addHook('onReady', () => systemSettings.reload());
    await app.register(settingRoutes, { prefix: '/backend' });
  },
  { name: 'setting', dependencies: ['platform'] },
);

export { remoteConfigFor, SCHEDULE_CONFIRM_KEY, scheduleNeedsConfirm } from './remote-config';
export { writeSetting } from './settings';
export { SYSTEM_DEFAULTS } from './system-settings';
