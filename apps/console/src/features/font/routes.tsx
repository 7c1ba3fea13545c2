import { type AppRoute, lazyPage } from '../../lib/route-table';

export const FONT_ROUTE: AppRoute = {
  path: '/setting/font',
  permission: 'setting:font-manage',
  title: 'route.font',
  page: lazyPage(() => import('./pages/FontListPage'), 'FontListPage'),
};
