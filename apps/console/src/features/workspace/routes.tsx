import { type AppRoute, lazyPage } from '../../lib/route-table';

export const WORKSPACE_ROUTE: AppRoute = {
  path: '/setting/workspace-list',
  permission: 'workspace:tree',
  title: 'route.workspaceList',
  icon: 'workspace',
  page: lazyPage(() => import('./pages/WorkspaceListPage'), 'WorkspaceListPage'),
};
