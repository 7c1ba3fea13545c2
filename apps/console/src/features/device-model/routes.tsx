import { type AppRoute, lazyPage } from '../../lib/route-table';

// Device models: what devices report, and what presets and OTA packages target (spec 000 §2).
export const MODEL_ROUTE: AppRoute = {
  path: '/setting/model',
  permission: 'setting:model-manage',
  title: 'route.model',
  page: lazyPage(() => import('./pages/DeviceModelPage'), 'DeviceModelPage'),
};
