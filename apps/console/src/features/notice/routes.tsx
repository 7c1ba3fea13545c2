import { type AppRoute, lazyPage } from '../../lib/route-table';

export const NOTICE_ROUTES: AppRoute = {
  path: '/notice',
  permission: 'notice:error-content-logs',
  title: 'route.notice',
  icon: 'notice',
  redirect: '/notice/content-error',
  children: [
    {
      path: '/notice/content-error',
      permission: 'notice:error-content-logs',
      title: 'route.contentError',
      page: lazyPage(() => import('./pages/ContentErrorPage'), 'ContentErrorPage'),
    },
  ],
};
