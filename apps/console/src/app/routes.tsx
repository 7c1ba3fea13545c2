import { ACCOUNT_PUBLIC_ROUTES, PROFILE_ROUTE } from '../features/account/routes';
import { COMPOSITION_ROUTES } from '../features/composition/routes';
import { CONTENT_ROUTES } from '../features/content/routes';
import { DASHBOARD_ROUTE } from '../features/dashboard/routes';
import { DEVICE_ROUTES } from '../features/device/routes';
import { MODEL_ROUTE } from '../features/device-model/routes';
import { FONT_ROUTE } from '../features/font/routes';
import { LICENSE_REMIND_ROUTE, LICENSE_ROUTES } from '../features/license/routes';
import { MAIL_ROUTES } from '../features/mail/routes';
import { NOTICE_ROUTES } from '../features/notice/routes';
import { OTA_ROUTES } from '../features/ota/routes';
import { PLAYLIST_ROUTES } from '../features/playlist/routes';
import { HOLIDAY_ROUTE, SCHEDULE_ROUTES } from '../features/schedule/routes';
import { SETTING_ROUTES } from '../features/setting/routes';
import { STATISTICS_ROUTES } from '../features/statistics/routes';
import { STICKER_ROUTE } from '../features/sticker/routes';
import { SERVER_ROUTE } from '../features/system/routes';
import { TEAM_ROUTES } from '../features/team/routes';
import { TEMPLATE_ROUTES } from '../features/template/routes';
import { TEXT_ROUTE } from '../features/text/routes';
import { VIDEO_WALL_CONTENT_ROUTE } from '../features/video-wall/routes';
import { WORKSPACE_ROUTE } from '../features/workspace/routes';
import { HOME_PATH } from '../lib/paths';
import type { AppRoute } from '../lib/route-table';

// The route table of spec 000 §2, in menu order. Each feature writes its own entries
// (features/<area>/routes.tsx); the groups shared by several areas, and the areas not built yet,
// are written here. Only routes with a page reach the router and the menu.

export const PUBLIC_ROUTES: readonly AppRoute[] = ACCOUNT_PUBLIC_ROUTES;

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', permission: 'dashboard:data', redirect: HOME_PATH, hidden: true },
  DASHBOARD_ROUTE,
  TEAM_ROUTES,
  DEVICE_ROUTES,
  {
    path: '/content',
    tourAnchor: 'route-Content',
    permission: 'res',
    title: 'route.content',
    icon: 'content',
    redirect: '/content/image',
    children: [
      CONTENT_ROUTES.image,
      CONTENT_ROUTES.video,
      TEMPLATE_ROUTES.library,
      COMPOSITION_ROUTES.list,
      CONTENT_ROUTES.document,
      CONTENT_ROUTES.website,
      CONTENT_ROUTES.stream,
      CONTENT_ROUTES.music,
      PLAYLIST_ROUTES.list,
      VIDEO_WALL_CONTENT_ROUTE,
      TEXT_ROUTE,
      COMPOSITION_ROUTES.template,
      STICKER_ROUTE,
      PLAYLIST_ROUTES.add,
      PLAYLIST_ROUTES.info,
    ],
  },
  SCHEDULE_ROUTES,
  OTA_ROUTES,
  NOTICE_ROUTES,
  STATISTICS_ROUTES,
  LICENSE_ROUTES,
  {
    path: '/setting',
    permission: 'setting',
    title: 'route.setting',
    icon: 'setting',
    redirect: '/setting/permission',
    children: [
      WORKSPACE_ROUTE,
      SETTING_ROUTES.permission,
      SERVER_ROUTE,
      TEMPLATE_ROUTES.types,
      MODEL_ROUTE,
      SETTING_ROUTES.logo,
      HOLIDAY_ROUTE,
      LICENSE_REMIND_ROUTE,
      ...MAIL_ROUTES,
      FONT_ROUTE,
      ...SETTING_ROUTES.domains,
      ...SETTING_ROUTES.mobile,
    ],
  },
  PROFILE_ROUTE,
];
