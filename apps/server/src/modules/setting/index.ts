import fp from 'fastify-plugin';
import { domainRoutes } from './domain-routes';
import { HostBrands } from './host-brand';
import { settingRoutes } from './routes';
import { SystemSettingStore } from './system-settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform-wide settings in force (public address, defaults, registration). */
    systemSettings: SystemSettingStore;
    /** The brand of the host a page is requested at (custom domains), cached until a brand changes. */
    hostBrands: HostBrands;
  }
}

/** Settings: the white-label look, custom domains and system properties, each user's preferences and guide progress, feature highlights, error reports. */
export const settingModule = fp(
  async (app) => {
    const systemSettings = new SystemSettingStore(app.db, app.config.publicUrl, app.log);
    systemSettings.follow(app.bus);
    app.decorate('systemSettings', systemSettings);
    // After the platform's own onReady (the bus listens first, so no save is missed in between).
    app.addHook('onReady', () => systemSettings.reload());
    const hostBrands = new HostBrands(app.db);
    app.decorate('hostBrands', hostBrands);
    // Any instance's change of a brand, domain or property; after a lost connection, events may be missed.
    app.bus.on((event) => {
      if (event.type === 'brand-changed') hostBrands.clear();
    });
    app.bus.onReconnect(() => hostBrands.clear());
    await app.register(settingRoutes, { prefix: '/backend' });
    await app.register(domainRoutes, { prefix: '/backend' });
  },
  { name: 'setting', dependencies: ['platform'] },
);

export { BRAND_KEYS } from './brand';
export { remoteConfigFor, SCHEDULE_CONFIRM_KEY, scheduleNeedsConfirm } from './remote-config';
export { type BrandUser, brandImages, brandScope } from './service';
export { readSettings, type SettingScope, SYSTEM_SCOPE, writeSetting } from './settings';
export { SYSTEM_DEFAULTS } from './system-settings';
