import fp from 'fastify-plugin';
import { startupRoutes } from './routes';

/** Startup media: the video and logo screens show while they start, a company's or a device model's. */
export const startupModule = fp(
  async (app) => {
    await app.register(startupRoutes, { prefix: '/backend/manager' });
  },
  { name: 'startup', dependencies: ['media', 'upload', 'device-model'] },
);

// The device area puts them in the player's state.
export { startupHashes } from './startup';
