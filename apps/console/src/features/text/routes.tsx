import { type AppRoute, lazyPage } from '../../lib/route-table';

export const TEXT_ROUTE: AppRoute = {
  path: '/content/text',
  permission: 'res:text:list',
  title: 'route.text',
  page: lazyPage(() => import('./pages/TextListPage'), 'TextListPage'),
};
