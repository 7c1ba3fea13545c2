import { playlistOperations as ops } from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { route } from '../../platform/operations';
import {
  copyPlaylist,
  createPlaylist,
  deletePlaylists,
  playlistDetail,
  playlistList,
  updatePlaylist,
} from './playlists';

// Playlists under /backend/manager/playlist; their paths, schemas and access are the contract's
// operations.

export const playlistRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.list, async (request) => ok(await playlistList(app.db, request.scope, request.query)));

  route(app, ops.create, async (request) => ok(await createPlaylist(app, request.scope, request.body)));

  route(app, ops.deleteMany, async (request) =>
    ok(await deletePlaylists(app, request.scope, request.body.ids, request.body.detach)),
  );

  route(app, ops.detail, async (request) =>
    ok(await playlistDetail(app.db, request.scope, request.params.id)),
  );

  route(app, ops.update, async (request) =>
    ok(await updatePlaylist(app, request.scope, request.params.id, request.body)),
  );

  route(app, ops.copy, async (request) =>
    ok(await copyPlaylist(app, request.scope, request.params.id, request.body.name, request.lang)),
  );
};
