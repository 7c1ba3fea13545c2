// The mails the platform sends, in the order the console lists them. Zod-free: the console's route
// table (on the login page's path) names a page for each.
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
export type MailTemplateType = (typeof MAIL_TEMPLATE_TYPES)[number];
