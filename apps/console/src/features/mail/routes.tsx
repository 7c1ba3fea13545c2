import { MAIL_TEMPLATE_TYPES } from '@vitrine/contract';
import type { AppRoute } from '../../lib/route-table';
import { DETAIL, lazyPage } from '../../lib/route-table';

// The mail server and the eight mail templates (spec 000 §2), all under setting:sys:mail-config.
const page = {
  index: lazyPage(() => import('./pages/MailIndexPage'), 'MailIndexPage'),
  server: lazyPage(() => import('./pages/MailServerPage'), 'MailServerPage'),
  template: lazyPage(() => import('./pages/MailTemplatePage'), 'MailTemplatePage'),
};

export const MAIL_ROUTES: readonly AppRoute[] = [
  {
    path: '/setting/mail-index',
    permission: 'setting:sys:mail-config',
    title: 'route.mailIndex',
    page: page.index,
  },
  {
    path: '/setting/mailserver',
    permission: 'setting:sys:mail-config',
    title: 'route.mailServer',
    page: page.server,
  },
  ...MAIL_TEMPLATE_TYPES.map((type) => ({
    path: `/setting/mail-index/${type}`,
    permission: 'setting:sys:mail-config' as const,
    title: `route.mailTemplate.${type}`,
    ...DETAIL,
    page: page.template,
  })),
];
