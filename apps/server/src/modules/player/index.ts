import fp from 'fastify-plugin';
import { manifestRoutes } from './manifest-routes';
import { playbackRoutes } from './playback-routes';
import { playerRoutes } from './routes';

/** The player's own calls, all under /backend/player: hello, poll, socket, screenshots, manifest, reports. */
export const playerModule = fp(
  async (app) => {
    await app.register(playerRoutes, { prefix: '/backend' });
    await app.register(manifestRoutes, { prefix: '/backend' });
    await app.register(playbackRoutes, { prefix: '/backend' });
  },
  { name: 'player', dependencies: ['device', 'rule', 'ota', 'program', 'statistics', 'notice'] },
);
