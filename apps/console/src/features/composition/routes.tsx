import { type AppRoute, lazyPage } from '../../lib/route-table';

export const COMPOSITION_ROUTES = {
  list: {
    path: '/content/composition-list',
    permission: 'res:composition:list',
    title: 'route.composition',
    page: lazyPage(() => import('./pages/CompositionListPage'), 'CompositionListPage'),
  },
  template: {
    path: '/content/composition-template',
    permission: 'res:com-temp:list',
    title: 'route.compositionTemplate',
    page: lazyPage(() => import('./pages/CompositionTemplatePage'), 'CompositionTemplatePage'),
  },
} satisfies Record<string, AppRoute>;
