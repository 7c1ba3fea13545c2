import { type AppRoute, lazyPage } from '../../lib/route-table';

/** Wall content, in the content menu (spec 000 §2). The walls' pages are in the device menu (features/device/routes.tsx). */
export const VIDEO_WALL_CONTENT_ROUTE: AppRoute = {
  path: '/content/videowall-list',
  permission: 'res:videowall:list',
  title: 'route.videoWallContent',
  page: lazyPage(() => import('./pages/VideoWallContentPage'), 'VideoWallContentPage'),
};
