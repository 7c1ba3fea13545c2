import { Role } from '@vitrine/contract';
import { type ComponentType, lazy } from 'react';
import type { AppRoute } from './route-types';

// The route table of spec 000 §2 as data. Every route is here with its permission key; a route
// gets a `page` when its area is built, and only routes with a page reach the router and the menu.
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const account = {
  login: page(() => import('../features/account/pages/LoginPage'), 'LoginPage'),
  register: page(() => import('../features/account/pages/RegisterPage'), 'RegisterPage'),
  userActive: page(() => import('../features/account/pages/UserActivePage'), 'UserActivePage'),
  registerActive: page(() => import('../features/account/pages/RegisterActivePage'), 'RegisterActivePage'),
  forget: page(() => import('../features/account/pages/ForgetPage'), 'ForgetPage'),
  notFound: page(() => import('../features/account/pages/NotFoundPage'), 'NotFoundPage'),
  policy: page(() => import('../features/account/pages/PolicyPage'), 'PolicyPage'),
  terms: page(() => import('../features/account/pages/TermsPage'), 'TermsPage'),
  profile: page(() => import('../features/account/pages/ProfilePage'), 'ProfilePage'),
};
const HomePage = page(() => import('../features/dashboard/pages/HomePage'), 'HomePage');
const team = {
  userList: page(() => import('../features/team/pages/UserListPage'), 'UserListPage'),
  customerList: page(() => import('../features/team/pages/CustomerListPage'), 'CustomerListPage'),
  company: page(() => import('../features/team/pages/CompanyListPage'), 'CompanyListPage'),
  userDetail: page(() => import('../features/team/pages/UserDetailPage'), 'UserDetailPage'),
  ownerForm: page(() => import('../features/team/pages/OwnerFormPage'), 'OwnerFormPage'),
  companyForm: page(() => import('../features/team/pages/CompanyFormPage'), 'CompanyFormPage'),
};
const WorkspaceListPage = page(
  () => import('../features/workspace/pages/WorkspaceListPage'),
  'WorkspaceListPage',
);
const device = {
  list: page(() => import('../features/device/pages/DeviceListPage'), 'DeviceListPage'),
  detail: page(() => import('../features/device/pages/DeviceDetailPage'), 'DeviceDetailPage'),
  timer: page(() => import('../features/device/pages/DeviceTimerPage'), 'DeviceTimerPage'),
};
const loadContent = () => import('../features/content/pages/ContentPages');
const content = {
  image: page(loadContent, 'ImageLibraryPage'),
  video: page(loadContent, 'VideoLibraryPage'),
  document: page(loadContent, 'DocumentLibraryPage'),
  website: page(loadContent, 'WebsiteLibraryPage'),
  stream: page(loadContent, 'StreamLibraryPage'),
  music: page(loadContent, 'MusicLibraryPage'),
  text: page(() => import('../features/text/pages/TextListPage'), 'TextListPage'),
  font: page(() => import('../features/font/pages/FontListPage'), 'FontListPage'),
  sticker: page(() => import('../features/sticker/pages/StickerPage'), 'StickerPage'),
};
const template = {
  library: page(() => import('../features/template/pages/TemplateLibraryPage'), 'TemplateLibraryPage'),
  types: page(() => import('../features/template/pages/TemplateTypePage'), 'TemplateTypePage'),
};
const playlist = {
  list: page(() => import('../features/playlist/pages/PlaylistListPage'), 'PlaylistListPage'),
  editor: page(() => import('../features/playlist/pages/PlaylistEditorPage'), 'PlaylistEditorPage'),
};
const composition = {
  list: page(() => import('../features/composition/pages/CompositionListPage'), 'CompositionListPage'),
  template: page(
    () => import('../features/composition/pages/CompositionTemplatePage'),
    'CompositionTemplatePage',
  ),
};
const loadSchedule = {
  live: () => import('../features/schedule/pages/ScheduleLivePage'),
  audit: () => import('../features/schedule/pages/ScheduleAuditPage'),
  approval: () => import('../features/schedule/pages/ScheduleApprovalPage'),
  preview: () => import('../features/schedule/pages/SchedulePreviewPage'),
  holiday: () => import('../features/schedule/pages/HolidayPage'),
};
const schedule = {
  live: page(loadSchedule.live, 'ScheduleLivePage'),
  audit: page(loadSchedule.audit, 'ScheduleAuditPage'),
  approval: page(loadSchedule.approval, 'ScheduleApprovalPage'),
  preview: page(loadSchedule.preview, 'SchedulePreviewPage'),
  holiday: page(loadSchedule.holiday, 'HolidayPage'),
};
const statistics = {
  playbackLog: page(() => import('../features/statistics/pages/PlaybackLogPage'), 'PlaybackLogPage'),
  export: page(() => import('../features/statistics/pages/ExportPage'), 'ExportPage'),
};
const ContentErrorPage = page(() => import('../features/notice/pages/ContentErrorPage'), 'ContentErrorPage');
const PermissionPage = page(() => import('../features/setting/pages/PermissionPage'), 'PermissionPage');
// The schedule editors: the wizard of /schedule/add and /schedule/edit, the spot editor.
const scheduleEditor = {
  wizard: page(() => import('../features/schedule/editor/ScheduleEditorPage'), 'ScheduleEditorPage'),
  spot: page(() => import('../features/schedule/editor/SpotEditorPage'), 'SpotEditorPage'),
};

export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
export const HOME_PATH = '/home';

export const PUBLIC_ROUTES: readonly AppRoute[] = [
  { path: LOGIN_PATH, name: 'UserLogin', title: 'route.login', page: account.login },
  { path: '/user/active', title: 'route.userActive', page: account.userActive },
  { path: '/register/active', title: 'route.registerActive', page: account.registerActive },
  { path: '/forget', title: 'route.forget', page: account.forget },
  { path: '/register', title: 'route.register', page: account.register },
  { path: NOT_FOUND_PATH, title: 'route.notFound', page: account.notFound },
  { path: '/policy', title: 'route.policy', page: account.policy },
  { path: '/terms', title: 'route.terms', page: account.terms },
];

const detail = { hidden: true, hasReturn: true } as const;

const MAIL_TEMPLATES = [
  'invite',
  'license',
  'reset-pwd',
  'device-status',
  'changed-pwd',
  'remote-login',
  'login-error',
  'schedule-empty',
] as const;

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/', permission: 'dashboard:data', redirect: HOME_PATH, hidden: true },
  {
    path: HOME_PATH,
    name: 'Home',
    permission: 'dashboard:data',
    title: 'route.home',
    icon: 'home',
    page: HomePage,
  },
  {
    path: '/user',
    permission: 'team',
    title: 'route.team',
    icon: 'account',
    redirect: '/user/list',
    children: [
      {
        path: '/user/list',
        permission: 'team:user:list',
        title: 'route.userList',
        titleByRole: { [Role.customer]: 'route.userListCustomer' },
        page: team.userList,
      },
      {
        path: '/user/customer-list',
        permission: 'team:cus:list',
        title: 'route.customerList',
        page: team.customerList,
      },
      {
        path: '/user/company',
        permission: 'team:group:list',
        title: 'route.company',
        // Inside a company the page holds the company's user groups: tab and page say so.
        titleByRole: { [Role.owner]: 'route.userGroups', [Role.userAdmin]: 'route.userGroups' },
        page: team.company,
      },
      {
        path: '/user/:user_id',
        permission: 'team:user:info',
        title: 'route.userInfo',
        ...detail,
        page: team.userDetail,
      },
      {
        path: '/owner/add/:id?',
        permission: 'team:user:add',
        title: 'route.ownerAdd',
        ...detail,
        page: team.ownerForm,
      },
      {
        path: '/company/add/:id?/:name?/:can_del?',
        permission: 'team:user:add',
        title: 'route.companyAdd',
        ...detail,
        page: team.companyForm,
      },
    ],
  },
  {
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
        page: device.list,
      },
      { path: '/device/video-wall-list', permission: 'device:videowall:list', title: 'route.videoWallList' },
      { path: '/device/preset-setting', permission: 'device:preset-prop:list', title: 'route.presetSetting' },
      { path: '/device/rule', permission: 'device:scene:list', title: 'route.deviceRule' },
      { path: '/device/ota', permission: 'device:ota:list', title: 'route.deviceOta' },
      { path: '/device/ota/log', permission: 'setting:ota-history', title: 'route.deviceOtaLog', ...detail },
      { path: '/device/sensors', permission: 'device:sensor:list', title: 'route.sensors' },
      {
        path: '/device/timer/:device_id?',
        permission: 'device:timer:add',
        title: 'route.deviceTimer',
        ...detail,
        page: device.timer,
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
            ...detail,
          },
        ],
      },
      {
        path: '/device/:device_id',
        permission: 'device:dev:info',
        title: 'route.deviceInfo',
        ...detail,
        page: device.detail,
      },
    ],
  },
  {
    path: '/content',
    tourAnchor: 'route-Content',
    permission: 'res',
    title: 'route.content',
    icon: 'content',
    redirect: '/content/image',
    children: [
      {
        path: '/content/image',
        name: 'ImageList',
        permission: 'res:image:list',
        title: 'route.image',
        page: content.image,
      },
      { path: '/content/video', permission: 'res:video:list', title: 'route.video', page: content.video },
      {
        path: '/content/tmp',
        permission: 'res:template:list',
        title: 'route.mobileTemplate',
        page: template.library,
      },
      {
        path: '/content/composition-list',
        permission: 'res:composition:list',
        title: 'route.composition',
        page: composition.list,
      },
      {
        path: '/content/document',
        permission: 'res:document:list',
        title: 'route.document',
        page: content.document,
      },
      {
        path: '/content/website',
        permission: 'res:link:list',
        title: 'route.website',
        page: content.website,
      },
      { path: '/content/stream', permission: 'res:stream:list', title: 'route.stream', page: content.stream },
      { path: '/content/music', permission: 'res:music:list', title: 'route.music', page: content.music },
      {
        path: '/content/play-list',
        permission: 'res:playlist:list',
        title: 'route.playlist',
        page: playlist.list,
      },
      { path: '/content/videowall-list', permission: 'res:videowall:list', title: 'route.videoWallContent' },
      { path: '/content/text', permission: 'res:text:list', title: 'route.text', page: content.text },
      {
        path: '/content/composition-template',
        permission: 'res:com-temp:list',
        title: 'route.compositionTemplate',
        page: composition.template,
      },
      {
        path: '/content/sticker',
        permission: 'res:com-sticker:list',
        title: 'route.sticker',
        page: content.sticker,
      },
      {
        path: '/content/play-list/add',
        permission: 'res:playlist:add',
        title: 'route.playlistAdd',
        ...detail,
        page: playlist.editor,
      },
      {
        path: '/content/play-list/:id',
        permission: 'res:playlist:info',
        title: 'route.playlistInfo',
        ...detail,
        page: playlist.editor,
      },
    ],
  },
  {
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
        page: schedule.live,
      },
      // The approval list: shown only while the schedule-confirm setting is on.
      {
        path: '/schedule/audit',
        permission: 'schedule:audit',
        title: 'route.scheduleAudit',
        icon: 'auditLog',
        page: schedule.audit,
      },
      {
        path: '/schedule/add/:id?',
        permission: 'schedule:add',
        title: 'route.scheduleAdd',
        ...detail,
        page: scheduleEditor.wizard,
      },
      {
        path: '/schedule/spot/:id?',
        permission: 'schedule:add',
        title: 'route.scheduleSpot',
        ...detail,
        page: scheduleEditor.spot,
      },
      {
        path: '/schedule/sensors/:id?',
        permission: 'schedule:add',
        title: 'route.scheduleSensors',
        ...detail,
      },
      {
        path: '/schedule/videowall/:id?',
        permission: 'schedule:add',
        title: 'route.scheduleVideoWall',
        ...detail,
      },
      {
        path: '/schedule/edit/:id',
        permission: 'schedule:info',
        title: 'route.scheduleEdit',
        ...detail,
        page: scheduleEditor.wizard,
      },
      {
        path: '/schedule/audits/:id',
        permission: 'schedule:audit',
        title: 'route.scheduleApproval',
        ...detail,
        page: schedule.approval,
      },
      {
        path: '/schedule/view/:id',
        permission: 'schedule:audit',
        title: 'route.schedulePreview',
        ...detail,
        page: schedule.preview,
      },
    ],
  },
  {
    path: '/ota',
    permission: 'ota',
    title: 'route.ota',
    icon: 'upgrade',
    redirect: '/ota/plan',
    children: [
      { path: '/ota/plan', permission: 'ota:plan:list', title: 'route.otaPlan' },
      { path: '/ota/package', permission: 'ota:pkg:list', title: 'route.otaPackage' },
      { path: '/ota/appkey', permission: 'ota:appkey:list', title: 'route.otaAppKey' },
      {
        path: '/ota/validation-exemption',
        permission: 'ota:custom-validation-rule:list',
        title: 'route.otaValidationExemption',
      },
      { path: '/ota/device-key', permission: 'ota:device-key:list', title: 'route.otaDeviceKey' },
    ],
  },
  {
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
        page: ContentErrorPage,
      },
    ],
  },
  {
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
        page: statistics.playbackLog,
      },
      {
        path: '/statistics/export',
        permission: 'statistics:export:list',
        title: 'route.statisticsExport',
        page: statistics.export,
      },
    ],
  },
  {
    // The spec's /license/commercial is one page per role; the guard opens the first permitted child.
    path: '/license',
    permission: [
      'license:company-shunt:list',
      'license:commercial:list',
      'license:shunt:list',
      'license:key:list',
      'license:trial:info',
      'license:white:list',
    ],
    title: 'route.license',
    icon: 'license',
    children: [
      {
        path: '/license/commercial-owner',
        permission: 'license:company-shunt:list',
        title: 'route.licenseCommercial',
      },
      {
        path: '/license/commercial-sy',
        permission: 'license:commercial:list',
        title: 'route.licenseCommercial',
      },
      { path: '/license/commercial-cus', permission: 'license:shunt:list', title: 'route.licenseCommercial' },
      {
        path: '/license/license-detail',
        permission: 'license:key:list',
        title: 'route.licenseDetail',
        titleByRole: { [Role.customer]: 'route.licenseSearch', [Role.owner]: 'route.licenseBind' },
      },
      { path: '/license/trial', permission: 'license:trial:info', title: 'route.licenseTrial' },
      { path: '/license/whitelist', permission: 'license:white:list', title: 'route.licenseWhitelist' },
      {
        path: '/license/assign/:id?',
        permission: 'license:shunt:list',
        title: 'route.licenseAssign',
        ...detail,
      },
    ],
  },
  {
    path: '/setting',
    permission: 'setting',
    title: 'route.setting',
    icon: 'setting',
    redirect: '/setting/permission',
    children: [
      {
        path: '/setting/workspace-list',
        permission: 'workspace:tree',
        title: 'route.workspaceList',
        icon: 'workspace',
        page: WorkspaceListPage,
      },
      {
        path: '/setting/permission',
        permission: 'setting:pms',
        title: 'route.permission',
        page: PermissionPage,
      },
      { path: '/setting/server', permission: 'setting:sys:list', title: 'route.server' },
      {
        path: '/setting/tmptype',
        permission: 'setting:template-type:list',
        title: 'route.templateType',
        page: template.types,
      },
      { path: '/setting/model', permission: 'setting:model-manage', title: 'route.model' },
      { path: '/setting/logo', permission: 'setting:sys:customer-logo', title: 'route.logo' },
      {
        path: '/setting/exclude-data',
        permission: 'setting:holiday:list',
        title: 'route.holiday',
        page: schedule.holiday,
      },
      {
        path: '/setting/license-remind',
        permission: 'license:renewal-reminder:set',
        title: 'route.licenseRemind',
      },
      { path: '/setting/mail-index', permission: 'setting:sys:mail-config', title: 'route.mailIndex' },
      { path: '/setting/mailserver', permission: 'setting:sys:mail-config', title: 'route.mailServer' },
      ...MAIL_TEMPLATES.map((type) => ({
        path: `/setting/mail-index/${type}`,
        permission: 'setting:sys:mail-config',
        title: `route.mailTemplate.${type}`,
        ...detail,
      })),
      { path: '/setting/font', permission: 'setting:font-manage', title: 'route.font', page: content.font },
      {
        path: '/setting/system-property',
        permission: 'setting:custom-domain-rule:list',
        title: 'route.systemProperty',
      },
      {
        path: '/setting/custom-domain',
        permission: 'setting:custom-domain-rule:list',
        title: 'route.customDomain',
      },
      // The customer's mobile layout pages.
      { path: '/setting/home', permission: 'setting', title: 'route.mobileHome', hidden: true },
      { path: '/setting/profile', permission: 'setting', title: 'route.mobileProfile', ...detail },
      { path: '/setting/reset-pwd', permission: 'setting', title: 'route.mobileResetPwd', ...detail },
      { path: '/setting/set-language', permission: 'setting', title: 'route.mobileLanguage', ...detail },
    ],
  },
  {
    path: '/profile/info',
    name: 'UserProfile',
    permission: 'profile:info',
    title: 'route.profile',
    ...detail,
    page: account.profile,
  },
];
