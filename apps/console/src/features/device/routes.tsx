import { type AppRoute, DETAIL, lazyPage } from '../../lib/route-table';

// Routes without a page are the spec's, waiting for the part of the area that builds them.
const page = {
  list: lazyPage(() => import('./pages/DeviceListPage'), 'DeviceListPage'),
  detail: lazyPage(() => import('./pages/DeviceDetailPage'), 'DeviceDetailPage'),
  timer: lazyPage(() => import('./pages/DeviceTimerPage'), 'DeviceTimerPage'),
  // The OTA area's pages, in the device area's menu (spec 000 §2).
  ota: lazyPage(() => import('../ota/ui'), 'DeviceOtaPage'),
  otaLog: lazyPage(() => import('../ota/ui'), 'DeviceOtaLogPage'),
  // The sensor area's page, in the device area's menu (spec 000 §2).
  sensors: lazyPage(() => import('../sensor/ui'), 'SensorListPage'),
  // The preset area's page, in the device area's menu.
  presets: lazyPage(() => import('../preset/ui'), 'PresetListPage'),
  // The control rules area's page, in the device area's menu.
  rules: lazyPage(() => import('../rule/ui'), 'RuleListPage'),
  // The video-wall area's pages, in the device area's menu (spec 000 §2).
  walls: lazyPage(() => import('../video-wall/ui'), 'VideoWallListPage'),
  wall: lazyPage(() => import('../video-wall/ui'), 'VideoWallEditorPage'),
};

/** Screens. */
export const DEVICE_ROUTES: AppRoute = {
  path: '/device',
  tourAnchor: 'route-Devices',
  permission: 'device',
  title: 'route.device',
  icon: 'device',
  redirect: '/device/list',
  children: [
    {
      path: '/device/list',
      name: 'DevicesList',
      permission: 'device:dev:list',
      title: 'route.deviceList',
      page: page.list,
    },
    {
      path: '/device/video-wall-list',
      permission: 'device:videowall:list',
      title: 'route.videoWallList',
      page: page.walls,
    },
    {
      path: '/device/preset-setting',
      permission: 'device:preset-prop:list',
      title: 'route.presetSetting',
      page: page.presets,
    },
    { path: '/device/rule', permission: 'device:scene:list', title: 'route.deviceRule', page: page.rules },
    { path: '/device/ota', permission: 'device:ota:list', title: 'route.deviceOta', page: page.ota },
    {
      path: '/device/ota/log',
      permission: 'setting:ota-history',
      title: 'route.deviceOtaLog',
      ...DETAIL,
      page: page.otaLog,
    },
    { path: '/device/sensors', permission: 'device:sensor:list', title: 'route.sensors', page: page.sensors },
    {
      path: '/device/timer/:device_id?',
      permission: 'device:timer:add',
      title: 'route.deviceTimer',
      ...DETAIL,
      page: page.timer,
    },
    {
      path: '/device/video-wall',
      permission: 'device:videowall:add',
      redirect: '/device/video-wall/0',
      hidden: true,
      children: [
        {
          path: '/device/video-wall/:wall_id',
          permission: 'device:videowall:info',
          title: 'route.videoWall',
          ...DETAIL,
          page: page.wall,
        },
      ],
    },
    {
      path: '/device/:device_id',
      permission: 'device:dev:info',
      title: 'route.deviceInfo',
      ...DETAIL,
      page: page.detail,
    },
  ],
};
