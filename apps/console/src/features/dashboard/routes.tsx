import { HOME_PATH } from '../../lib/paths';
import { type AppRoute, lazyPage } from '../../lib/route-table';

export const DASHBOARD_ROUTE: AppRoute = {
  path: HOME_PATH,
  name: 'Home',
  permission: 'dashboard:data',
  title: 'route.home',
  icon: 'home',
  page: lazyPage(() => import('./pages/DashboardPage'), 'DashboardPage'),
};
