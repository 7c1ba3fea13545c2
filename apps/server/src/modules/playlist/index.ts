import fp from 'fastify-plugin';
import { registerPlaylistUses } from './playlists';
import { playlistRoutes } from './routes';

/** Playlists: ordered items of library content, text messages and other playlists. */
export const playlistModule = fp(
  async (app) => {
    registerPlaylistUses(app);
    await app.register(playlistRoutes, { prefix: '/backend/manager' });
  },
  { name: 'playlist', dependencies: ['content', 'media'] },
);
