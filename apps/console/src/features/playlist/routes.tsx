import { type AppRoute, DETAIL, lazyPage } from '../../lib/route-table';

const editor = lazyPage(() => import('./pages/PlaylistEditorPage'), 'PlaylistEditorPage');

export const PLAYLIST_ROUTES = {
  list: {
    path: '/content/play-list',
    permission: 'res:playlist:list',
    title: 'route.playlist',
    page: lazyPage(() => import('./pages/PlaylistListPage'), 'PlaylistListPage'),
  },
  add: {
    path: '/content/play-list/add',
    permission: 'res:playlist:add',
    title: 'route.playlistAdd',
    ...DETAIL,
    page: editor,
  },
  info: {
    path: '/content/play-list/:id',
    permission: 'res:playlist:info',
    title: 'route.playlistInfo',
    ...DETAIL,
    page: editor,
  },
} satisfies Record<string, AppRoute>;
