import { type AppRoute, lazyPage } from '../../lib/route-table';

// The servers of this installation and the platform-wide system settings (spec 000 §2).
export const SERVER_ROUTE: AppRoute = {
  path: '/setting/server',
  permission: 'setting:sys:list',
  title: 'route.server',
  page: lazyPage(() => import('./pages/ServerPage'), 'ServerPage'),
};
