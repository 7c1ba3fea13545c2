import type { MailTemplateType } from '@vitrine/contract';
import { changedPwd } from './changed-pwd';
import { deviceStatus } from './device-status';
import { invite } from './invite';
import type { LocalizedMail } from './layout';
import { license } from './license';
import { loginError } from './login-error';
import { remoteLogin } from './remote-login';
import { resetPwd } from './reset-pwd';
import { scheduleEmpty } from './schedule-empty';

/** The shipped wording of every mail in the nine languages; a mail_templates row overrides one. */
export const SHIPPED_TEMPLATES: Record<MailTemplateType, LocalizedMail> = {
  invite,
  license,
  'reset-pwd': resetPwd,
  'changed-pwd': changedPwd,
  'remote-login': remoteLogin,
  'login-error': loginError,
  'device-status': deviceStatus,
  'schedule-empty': scheduleEmpty,
};
