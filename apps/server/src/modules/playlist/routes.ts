import {
  contentDeleteRequestSchema,
  idSchema,
  playlistCopyRequestSchema,
  playlistDetailSchema,
  playlistListQuerySchema,
  playlistListSchema,
  playlistRequestSchema,
} from '@vitrine/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { empty, ok, responses } from '../../platform/envelope';
import {
  copyPlaylist,
  createPlaylist,
  deletePlaylists,
  playlistDetail,
  playlistList,
  updatePlaylist,
} from './playlists';

// Playlists under /backend/manager/playlist (spec 000 §2 routes /content/play-list, …/add, …/{id}):
// the list page's calls (list, delete, copy) need res:playlist:list, making one res:playlist:add,
// the editor's (show, save) res:playlist:info.

const params = z.object({ id: idSchema });

export const playlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/playlist',
    {
      config: { access: 'res:playlist:list' },
      schema: { querystring: playlistListQuerySchema, response: responses(playlistListSchema) },
    },
    async (request) => ok(await playlistList(app.db, request.scope, request.query)),
  );

  app.post(
    '/playlist',
    {
      config: { access: 'res:playlist:add' },
      schema: { body: playlistRequestSchema, response: responses(playlistDetailSchema) },
    },
    async (request) => ok(await createPlaylist(app, request.scope, request.body)),
  );

  // { ids, detach }: with detach, playlists in use are first removed from what uses them.
  app.delete(
    '/playlist',
    {
      config: { access: 'res:playlist:list' },
      schema: { body: contentDeleteRequestSchema, response: responses(empty) },
    },
    async (request) => ok(await deletePlaylists(app, request.scope, request.body.ids, request.body.detach)),
  );

  app.get(
    '/playlist/:id',
    {
      config: { access: 'res:playlist:info' },
      schema: { params, response: responses(playlistDetailSchema) },
    },
    async (request) => ok(await playlistDetail(app.db, request.scope, request.params.id)),
  );

  app.put(
    '/playlist/:id',
    {
      config: { access: 'res:playlist:info' },
      schema: { params, body: playlistRequestSchema, response: responses(playlistDetailSchema) },
    },
    async (request) => ok(await updatePlaylist(app, request.scope, request.params.id, request.body)),
  );

  app.post(
    '/playlist/:id/copy',
    {
      config: { access: 'res:playlist:list' },
      schema: { params, body: playlistCopyRequestSchema, response: responses(playlistDetailSchema) },
    },
    async (request) =>
      ok(await copyPlaylist(app, request.scope, request.params.id, request.body.name, request.lang)),
  );
};
