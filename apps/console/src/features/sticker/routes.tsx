import { type AppRoute, lazyPage } from '../../lib/route-table';

export const STICKER_ROUTE: AppRoute = {
  path: '/content/sticker',
  permission: 'res:com-sticker:list',
  title: 'route.sticker',
  page: lazyPage(() => import('./pages/StickerPage'), 'StickerPage'),
};
