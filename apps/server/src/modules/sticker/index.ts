import fp from 'fastify-plugin';
import { stickers } from '../../db/schema';
import { holdsRows } from '../../platform/workspace-blockers';
import { stickerRoutes } from './sticker-routes';

/** Stickers: the small images of each workspace that compositions place (/manager/sticker). */
export const stickerModule = fp(
  async (app) => {
    // Stickers are content to the user: a workspace holding some is not deleted.
    app.workspaceBlockers.register('content', 'sticker', holdsRows(stickers, stickers.workspaceId));
    await app.register(stickerRoutes, { prefix: '/backend/manager' });
  },
  { name: 'sticker', dependencies: ['content', 'media'] },
);
