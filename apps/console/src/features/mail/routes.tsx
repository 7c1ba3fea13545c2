import type { AppRoute } from '../../lib/route-table';
import { DETAIL } from '../../lib/route-table';

// The mail server and the eight mail templates (spec 000 §2), all under setting:sys:mail-config.
export const MAIL_TEMPLATE_TYPES = [
  'invite',
  'license',
  'reset-pwd',
  'device-status',
  'changed-pwd',
  'remote-login',
  'login-error',
  'schedule-empty',
] as const;

export const MAIL_ROUTES: readonly AppRoute[] = [
  { path: '/setting/mail-index', permission: 'setting:sys:mail-config', title: 'route.mailIndex' },
  { path: '/setting/mailserver', permission: 'setting:sys:mail-config', title: 'route.mailServer' },
  ...MAIL_TEMPLATE_TYPES.map((type) => ({
    path: `/setting/mail-index/${type}`,
    permission: 'setting:sys:mail-config' as const,
    title: `route.mailTemplate.${type}`,
    ...DETAIL,
  })),
];
