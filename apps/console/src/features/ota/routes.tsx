import { type AppRoute, lazyPage } from '../../lib/route-table';

/**
 * OTA upgrades (spec 000 §2): /ota opens /ota/plan. The children without a page yet have neither
 * route nor menu entry.
 */
export const OTA_ROUTES: AppRoute = {
  path: '/ota',
  permission: 'ota',
  title: 'route.ota',
  icon: 'upgrade',
  redirect: '/ota/plan',
  children: [
    {
      path: '/ota/plan',
      permission: 'ota:plan:list',
      title: 'route.otaPlan',
      page: lazyPage(() => import('./pages/PlanPage'), 'PlanPage'),
    },
    {
      path: '/ota/package',
      permission: 'ota:pkg:list',
      title: 'route.otaPackage',
      page: lazyPage(() => import('./pages/PackagePage'), 'PackagePage'),
    },
    { path: '/ota/appkey', permission: 'ota:appkey:list', title: 'route.otaAppKey' },
    {
      path: '/ota/validation-exemption',
      permission: 'ota:custom-validation-rule:list',
      title: 'route.otaValidationExemption',
    },
    { path: '/ota/device-key', permission: 'ota:device-key:list', title: 'route.otaDeviceKey' },
  ],
};
