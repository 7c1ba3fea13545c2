import { type AppRoute, DETAIL, lazyPage } from '../../lib/route-table';

// The settings' own entries; routes without a page wait for the part of the area that builds them.
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

export const SETTING_ROUTES = {
  permission: {
    path: '/setting/permission',
    permission: 'setting:pms',
    title: 'route.permission',
    page: lazyPage(() => import('./pages/PermissionPage'), 'PermissionPage'),
  },
  server: { path: '/setting/server', permission: 'setting:sys:list', title: 'route.server' },
  model: { path: '/setting/model', permission: 'setting:model-manage', title: 'route.model' },
  logo: { path: '/setting/logo', permission: 'setting:sys:customer-logo', title: 'route.logo' },
  licenseRemind: {
    path: '/setting/license-remind',
    permission: 'license:renewal-reminder:set',
    title: 'route.licenseRemind',
  },
  mail: [
    { path: '/setting/mail-index', permission: 'setting:sys:mail-config', title: 'route.mailIndex' },
    { path: '/setting/mailserver', permission: 'setting:sys:mail-config', title: 'route.mailServer' },
    ...MAIL_TEMPLATES.map((type) => ({
      path: `/setting/mail-index/${type}`,
      permission: 'setting:sys:mail-config' as const,
      title: `route.mailTemplate.${type}`,
      ...DETAIL,
    })),
  ],
  domains: [
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
  ],
  // The customer's mobile layout pages.
  mobile: [
    { path: '/setting/home', permission: 'setting', title: 'route.mobileHome', hidden: true },
    { path: '/setting/profile', permission: 'setting', title: 'route.mobileProfile', ...DETAIL },
    { path: '/setting/reset-pwd', permission: 'setting', title: 'route.mobileResetPwd', ...DETAIL },
    { path: '/setting/set-language', permission: 'setting', title: 'route.mobileLanguage', ...DETAIL },
  ],
} satisfies Record<string, AppRoute | readonly AppRoute[]>;
