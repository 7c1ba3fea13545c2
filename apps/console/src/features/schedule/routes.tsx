import { type AppRoute, DETAIL, lazyPage } from '../../lib/route-table';

const page = {
  live: lazyPage(() => import('./pages/ScheduleLivePage'), 'ScheduleLivePage'),
  audit: lazyPage(() => import('./pages/ScheduleAuditPage'), 'ScheduleAuditPage'),
  approval: lazyPage(() => import('./pages/ScheduleApprovalPage'), 'ScheduleApprovalPage'),
  preview: lazyPage(() => import('./pages/SchedulePreviewPage'), 'SchedulePreviewPage'),
  // The wizard of /schedule/add and /schedule/edit, and the spot, sensor and video-wall editors.
  wizard: lazyPage(() => import('./editor/ScheduleEditorPage'), 'ScheduleEditorPage'),
  spot: lazyPage(() => import('./editor/SpotEditorPage'), 'SpotEditorPage'),
  sensor: lazyPage(() => import('./editor/SensorEditorPage'), 'SensorEditorPage'),
  wall: lazyPage(() => import('./editor/WallScheduleEditorPage'), 'WallScheduleEditorPage'),
};

/** Schedules: what plays where and when. */
export const SCHEDULE_ROUTES: AppRoute = {
  path: '/schedule',
  tourAnchor: 'route-Schedule',
  permission: 'schedule',
  title: 'route.schedule',
  icon: 'schedule',
  redirect: '/schedule/live',
  children: [
    {
      path: '/schedule/live',
      name: 'ScheduleLiving',
      permission: 'schedule:list',
      title: 'route.scheduleLive',
      page: page.live,
    },
    // The approval list: shown only while the schedule-confirm setting is on.
    {
      path: '/schedule/audit',
      permission: 'schedule:audit',
      title: 'route.scheduleAudit',
      icon: 'auditLog',
      page: page.audit,
    },
    {
      path: '/schedule/add/:id?',
      permission: 'schedule:add',
      title: 'route.scheduleAdd',
      ...DETAIL,
      page: page.wizard,
    },
    {
      path: '/schedule/spot/:id?',
      permission: 'schedule:add',
      title: 'route.scheduleSpot',
      ...DETAIL,
      page: page.spot,
    },
    {
      path: '/schedule/sensors/:id?',
      permission: 'schedule:add',
      title: 'route.scheduleSensors',
      ...DETAIL,
      page: page.sensor,
    },
    {
      path: '/schedule/videowall/:id?',
      permission: 'schedule:add',
      title: 'route.scheduleVideoWall',
      ...DETAIL,
      page: page.wall,
    },
    {
      path: '/schedule/edit/:id',
      permission: 'schedule:info',
      title: 'route.scheduleEdit',
      ...DETAIL,
      page: page.wizard,
    },
    {
      path: '/schedule/audits/:id',
      permission: 'schedule:audit',
      title: 'route.scheduleApproval',
      ...DETAIL,
      page: page.approval,
    },
    {
      path: '/schedule/view/:id',
      permission: 'schedule:audit',
      title: 'route.schedulePreview',
      ...DETAIL,
      page: page.preview,
    },
  ],
};

/** Holidays, under the settings. */
export const HOLIDAY_ROUTE: AppRoute = {
  path: '/setting/exclude-data',
  permission: 'setting:holiday:list',
  title: 'route.holiday',
  page: lazyPage(() => import('./pages/HolidayPage'), 'HolidayPage'),
};
