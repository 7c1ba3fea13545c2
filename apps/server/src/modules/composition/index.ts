import fp from 'fastify-plugin';
import { registerCompositionUses } from './compositions';
import { compositionRoutes } from './routes';

/** Compositions: zones of content, playlists, texts and stickers on one canvas, and their templates. */
export const compositionModule = fp(
  async (app) => {
    registerCompositionUses(app);
    await app.register(compositionRoutes, { prefix: '/backend/manager' });
  },
  { name: 'composition', dependencies: ['content', 'media', 'font'] },
);
