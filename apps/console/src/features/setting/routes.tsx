import { MOBILE_PATHS } from '../../lib/paths';
import { type AppRoute, DETAIL, lazyPage } from '../../lib/route-table';

const mobilePages = () => import('./mobile/pages');
const brandPages = () => import('./pages/brand-pages');

// The settings' own entries; routes without a page wait for the part of the area that builds them.
export const SETTING_ROUTES = {
  permission: {
    path: '/setting/permission',
    permission: 'setting:pms',
    title: 'route.permission',
    page: lazyPage(() => import('./pages/PermissionPage'), 'PermissionPage'),
  },
  logo: {
    path: '/setting/logo',
    permission: 'setting:sys:customer-logo',
    title: 'route.logo',
    page: lazyPage(() => brandPages(), 'LogoPage'),
  },
  domains: [
    {
      path: '/setting/system-property',
      permission: 'setting:custom-domain-rule:list',
      title: 'route.systemProperty',
      page: lazyPage(() => brandPages(), 'SystemPropertyPage'),
    },
    {
      path: '/setting/custom-domain',
      permission: 'setting:custom-domain-rule:list',
      title: 'route.customDomain',
      page: lazyPage(() => brandPages(), 'CustomDomainPage'),
    },
  ],
  // The customer's mobile layout pages (any role holding `setting` may open them).
  mobile: [
    {
      path: MOBILE_PATHS.home,
      permission: 'setting',
      title: 'route.mobileHome',
      hidden: true,
      page: lazyPage(() => mobilePages(), 'MobileHomePage'),
    },
    {
      path: MOBILE_PATHS.profile,
      permission: 'setting',
      title: 'route.mobileProfile',
      ...DETAIL,
      page: lazyPage(() => mobilePages(), 'MobileProfilePage'),
    },
    {
      path: MOBILE_PATHS.password,
      permission: 'setting',
      title: 'route.mobileResetPwd',
      ...DETAIL,
      page: lazyPage(() => mobilePages(), 'MobilePasswordPage'),
    },
    {
      path: MOBILE_PATHS.language,
      permission: 'setting',
      title: 'route.mobileLanguage',
      ...DETAIL,
      page: lazyPage(() => mobilePages(), 'MobileLanguagePage'),
    },
  ],
} satisfies Record<string, AppRoute | readonly AppRoute[]>;
