import { type AppRoute, lazyPage } from '../../lib/route-table';

/** OTA upgrades (spec 000 §2): /ota opens /ota/plan. */
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
    {
      path: '/ota/appkey',
      permission: 'ota:appkey:list',
      title: 'route.otaAppKey',
      page: lazyPage(() => import('./pages/AppKeyPage'), 'AppKeyPage'),
    },
    {
      path: '/ota/validation-exemption',
      permission: 'ota:custom-validation-rule:list',
      title: 'route.otaValidationExemption',
      page: lazyPage(() => import('./pages/ExemptionPage'), 'ExemptionPage'),
    },
    {
      path: '/ota/device-key',
      permission: 'ota:device-key:list',
      title: 'route.otaDeviceKey',
      page: lazyPage(() => import('./pages/DeviceKeyPage'), 'DeviceKeyPage'),
    },
  ],
};
