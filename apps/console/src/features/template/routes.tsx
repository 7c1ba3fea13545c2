import { type AppRoute, lazyPage } from '../../lib/route-table';

export const TEMPLATE_ROUTES = {
  /** H5 templates, a tab of the content library. */
  library: {
    path: '/content/tmp',
    permission: 'res:template:list',
    title: 'route.mobileTemplate',
    page: lazyPage(() => import('./pages/TemplateLibraryPage'), 'TemplateLibraryPage'),
  },
  /** Template types, under the settings. */
  types: {
    path: '/setting/tmptype',
    permission: 'setting:template-type:list',
    title: 'route.templateType',
    page: lazyPage(() => import('./pages/TemplateTypePage'), 'TemplateTypePage'),
  },
} satisfies Record<string, AppRoute>;
