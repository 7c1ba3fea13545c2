import { type AppRoute, lazyPage } from '../../lib/route-table';

export const STATISTICS_ROUTES: AppRoute = {
  path: '/statistics',
  permission: ['statistics:play-back-logs', 'statistics:export:list'],
  title: 'route.statistics',
  icon: 'statistics',
  redirect: '/statistics/playback-log',
  children: [
    {
      path: '/statistics/playback-log',
      permission: 'statistics:play-back-logs',
      title: 'route.playbackLog',
      page: lazyPage(() => import('./pages/PlaybackLogPage'), 'PlaybackLogPage'),
    },
    {
      path: '/statistics/export',
      permission: 'statistics:export:list',
      title: 'route.statisticsExport',
      page: lazyPage(() => import('./pages/ExportPage'), 'ExportPage'),
    },
  ],
};
