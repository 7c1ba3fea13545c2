import fp from 'fastify-plugin';
import { ClaimHooks } from './claim-hooks';
import { registerDefaultProgramUses } from './defaults';
import { DeviceEvents } from './events';
import { DeviceHub } from './hub';
import { deviceRoutes } from './routes';
import { registerDeviceBlocker, teamDeviceList } from './service';
import { registerStatusMails } from './status-mail';

declare module 'fastify' {
  interface FastifyInstance {
    /** The player sockets this instance holds. */
    deviceHub: DeviceHub;
    /** What other areas do inside a claim's transaction (the licence area's trial). */
    deviceClaims: ClaimHooks;
    /** Screens that went offline, came online or reported a content error, for the areas that follow them. */
    deviceEvents: DeviceEvents;
  }
}

/** Screens: claiming, the device pages, commands and timers, the player sockets this instance holds, status mails. */
export const deviceModule = fp(
  async (app) => {
    const hub = new DeviceHub(app.db, app.log, () => app.systemSettings.publicUrl);
    hub.follow(app.bus);
    app.decorate('deviceHub', hub);
    app.decorate('deviceClaims', new ClaimHooks());
    app.decorate('deviceEvents', new DeviceEvents());
    // After the bus has started (the platform's onReady comes first).
    app.addHook('onReady', async () => {
      hub.start();
    });
    // Before the jobs stop, and before the WebSocket plugin's own preClose (a child scope's, so it
    // runs after this one): the hub closes the player sockets as "server going away" and forgets
    // them first, so their close events do not mark a restarting fleet offline.
    app.addHook('preClose', async () => {
      await hub.close();
    });
    registerDeviceBlocker(app);
    app.teamDevices.register(teamDeviceList);
    registerDefaultProgramUses(app);
    registerStatusMails(app);
    await app.register(deviceRoutes, { prefix: '/backend/manager' });
  },
  { name: 'device', dependencies: ['account', 'team', 'media', 'device-model', 'startup'] },
);

export type { Claim, ClaimHook, ClaimOutcome } from './claim-hooks';
export { acknowledge, pendingCommands, recordCommand, recordPerformed } from './commands';
export { assertDefaultProgram, programOwner, writeDefaultProgram } from './defaults';
export type { DeviceEventName } from './events';
export { type LockDigest, newLock, writeLock } from './lock';
export { deviceOfRequest, hello, recordPlayerVersion, renewPin } from './player';
export { recordSeen } from './presence';
export { presentPlayerState, screenLicensed } from './presenter';
export { acceptScreenshot, IMAGE_TYPES, imageTypeOf, SCREENSHOT_MAX_BYTES } from './screenshot';
/** Claimed devices in a caller's scope, for the areas that count or list them. */
export { visible as visibleDevices } from './service';
export { handlePlayerSocket } from './socket';
export { statusMail } from './status-mail';
export { writeTimers } from './timers';
