import fp from 'fastify-plugin';
import { startupRoutes } from './routes';
import { heldStartupFiles } from './startup';

/** Startup media: the video and logo screens show while they start, a company's or a device model's. */
export const startupModule = fp(
  async (app) => {
    // A company's or a model's startup files go with it.
    app.ownerFiles.register('company', 'startup', (tx, id) => heldStartupFiles(tx, { companyId: id }));
    app.ownerFiles.register('model', 'startup', (tx, id) => heldStartupFiles(tx, { modelId: id }));
    await app.register(startupRoutes, { prefix: '/backend/manager' });
  },
  { name: 'startup', dependencies: ['media', 'upload', 'device-model'] },
);

// The device area puts them in the player's state.
export { startupHashes } from './startup';
