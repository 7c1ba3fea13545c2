import { changedPwd } from './changed-pwd';
import { deviceStatus } from './device-status';
import { invite } from './invite';
import type { LocalizedMail } from './layout';
import { loginError } from './login-error';
import { remoteLogin } from './remote-login';
import { resetPwd } from './reset-pwd';
import { scheduleEmpty } from './schedule-empty';

export const MAIL_TEMPLATE_TYPES = [
  'invite',
  'reset-pwd',
  'changed-pwd',
  'remote-login',
  'login-error',
  'device-status',
  'schedule-empty',
] as const;
export type MailTemplateType = (typeof MAIL_TEMPLATE_TYPES)[number];

/** The shipped wording of every mail in the nine languages; a mail_templates row overrides one. */
export const SHIPPED_TEMPLATES: Record<MailTemplateType, LocalizedMail> = {
  invite,
  'reset-pwd': resetPwd,
  'changed-pwd': changedPwd,
  'remote-login': remoteLogin,
  'login-error': loginError,
  'device-status': deviceStatus,
  'schedule-empty': scheduleEmpty,
};
