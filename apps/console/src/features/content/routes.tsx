import { type AppRoute, lazyPage } from '../../lib/route-table';

// The library's tabs, one page each from one module.
const load = () => import('./pages/ContentPages');

export const CONTENT_ROUTES = {
  image: {
    path: '/content/image',
    name: 'ImageList',
    permission: 'res:image:list',
    title: 'route.image',
    page: lazyPage(load, 'ImageLibraryPage'),
  },
  video: {
    path: '/content/video',
    permission: 'res:video:list',
    title: 'route.video',
    page: lazyPage(load, 'VideoLibraryPage'),
  },
  document: {
    path: '/content/document',
    permission: 'res:document:list',
    title: 'route.document',
    page: lazyPage(load, 'DocumentLibraryPage'),
  },
  website: {
    path: '/content/website',
    permission: 'res:link:list',
    title: 'route.website',
    page: lazyPage(load, 'WebsiteLibraryPage'),
  },
  stream: {
    path: '/content/stream',
    permission: 'res:stream:list',
    title: 'route.stream',
    page: lazyPage(load, 'StreamLibraryPage'),
  },
  music: {
    path: '/content/music',
    permission: 'res:music:list',
    title: 'route.music',
    page: lazyPage(load, 'MusicLibraryPage'),
  },
} satisfies Record<string, AppRoute>;
