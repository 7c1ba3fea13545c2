import { z } from 'zod';
import { LANGUAGES } from './i18n';
import { ACTIVATION_LINK_HOURS, RESET_LINK_HOURS } from './limits';
import { MAIL_TEMPLATE_TYPES, type MailTemplateType } from './mail-types';
import { operation } from './operation';
import { EMAIL_MAX_LENGTH } from './patterns';
import { emailSchema, required } from './validation';

// The mail server and the mail templates (/setting/mailserver, /setting/mail-index): platform-wide,
// for the holders of setting:sys:mail-config (the system role), under /backend/manager/sys/mail.

const SAMPLE_LINK = 'https://vitrine.example/s/K7M2QX';
const SAMPLE = {
  username: 'Eve Martin',
  time: '2 Jan 2026, 10:00 UTC',
  ip: '203.0.113.9',
  device_name: 'Lobby screen',
  signage_id: 'K7M2QX',
};

/**
 * The variables each mail offers (`{{name}}` in its subject and body), with the sample value a
 * preview shows; a template naming any other is refused.
 */
export const MAIL_TEMPLATE_VARIABLES: Record<MailTemplateType, Record<string, string>> = {
  invite: {
    username: SAMPLE.username,
    link: 'https://vitrine.example/register/active?code=sample',
    hours: String(ACTIVATION_LINK_HOURS),
  },
  license: {
    username: SAMPLE.username,
    company: 'Acme Retail',
    licence_count: '25',
    expiry_date: '31 Jan 2026',
    link: 'https://vitrine.example/license',
  },
  'reset-pwd': {
    username: SAMPLE.username,
    link: 'https://vitrine.example/forget?code=sample',
    hours: String(RESET_LINK_HOURS),
  },
  'device-status': {
    username: SAMPLE.username,
    device_name: SAMPLE.device_name,
    signage_id: SAMPLE.signage_id,
    status: 'Offline',
    time: SAMPLE.time,
    link: SAMPLE_LINK,
  },
  'changed-pwd': { username: SAMPLE.username, time: SAMPLE.time, ip: SAMPLE.ip },
  'remote-login': {
    username: SAMPLE.username,
    time: SAMPLE.time,
    ip: SAMPLE.ip,
    user_agent: 'Firefox/140.0 (Windows)',
  },
  'login-error': {
    username: SAMPLE.username,
    time: SAMPLE.time,
    ip: SAMPLE.ip,
    link: 'https://vitrine.example/unlock?code=sample',
    minutes: '30',
  },
  'schedule-empty': {
    username: SAMPLE.username,
    device_name: SAMPLE.device_name,
    signage_id: SAMPLE.signage_id,
    link: SAMPLE_LINK,
  },
};

export const MAIL_SUBJECT_MAX = 256;
/** The body's limit in bytes of UTF-8. */
export const MAIL_BODY_MAX_BYTES = 64 * 1024;

// ── The mail server ──────────────────────────────────────────────────────────────────────────

/** none: plain SMTP (port 25/587 without TLS), ssl: TLS from the start (465), starttls: upgraded. */
export const MAIL_SECURITY = ['none', 'ssl', 'starttls'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

/** Where mail goes when no server is saved: SMTP_URL when it is set, else the outbox folder. */
export const MAIL_FALLBACKS = ['smtp_url', 'outbox'] as const;

const HOST_PATTERN =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$|^\[?[0-9a-f:.]+\]?$/i;

const optionalText = (max: number, key: string) =>
  z
    .string({ error: key })
    .trim()
    .max(max, key)
    .nullish()
    .transform((value) => value || null);

export const mailServerRequestSchema = z.object({
  host: z.string(required('validation.mail.host')).trim().regex(HOST_PATTERN, 'validation.mail.host'),
  port: z
    .number({ error: 'validation.mail.port' })
    .int('validation.mail.port')
    .min(1, 'validation.mail.port')
    .max(65535, 'validation.mail.port'),
  security: z.enum(MAIL_SECURITY, { error: 'validation.mail.security' }).default('none'),
  user: optionalText(256, 'validation.mail.user'),
  /** Absent or empty: the saved password stays (unless remove_password). */
  password: z.string({ error: 'validation.mail.password' }).max(256, 'validation.mail.password').nullish(),
  /** Saves the server without a password. */
  remove_password: z.boolean({ error: 'validation.invalid' }).default(false),
  from_address: z
    .string({ error: 'validation.email.format' })
    .trim()
    .max(EMAIL_MAX_LENGTH, 'validation.email.format')
    .nullish()
    .transform((value) => value || null)
    .pipe(emailSchema.nullable()),
  from_name: optionalText(64, 'validation.name.max'),
});
export type MailServerRequest = z.input<typeof mailServerRequestSchema>;
export type MailServerFields = z.output<typeof mailServerRequestSchema>;

/** The saved server as the console sees it: never the password, only whether one is saved. */
export const mailServerSchema = z.object({
  host: z.string(),
  port: z.number(),
  security: z.enum(MAIL_SECURITY),
  user: z.string().nullable(),
  password_set: z.boolean(),
  from_address: z.string().nullable(),
  from_name: z.string().nullable(),
  updated_at: z.string(),
});
export type MailServer = z.infer<typeof mailServerSchema>;

export const mailServerStateSchema = z.object({
  /** null: none saved, mail goes to the fallback. */
  server: mailServerSchema.nullable(),
  fallback: z.enum(MAIL_FALLBACKS),
});
export type MailServerState = z.infer<typeof mailServerStateSchema>;

/** Where a test mail goes: the caller's own address when none is given. */
const testRecipientSchema = z.object({ to: emailSchema.optional() });

export const mailServerTestRequestSchema = testRecipientSchema.extend({
  /** The settings on screen, not yet saved; absent: what mail uses now. */
  server: mailServerRequestSchema.optional(),
});
export type MailServerTestRequest = z.input<typeof mailServerTestRequestSchema>;

/** A test mail's outcome: the SMTP server's own answer, whether it accepted the mail or not. */
export const mailTestResultSchema = z.object({
  ok: z.boolean(),
  /** server: the given or saved server, smtp_url, outbox: written to the outbox folder. */
  via: z.enum(['server', ...MAIL_FALLBACKS]),
  to: z.string(),
  /** The accepted response line, the server's refusal, or the connection's failure. */
  response: z.string(),
  /** The failure's kind, when it has one: ECONNREFUSED, ETIMEDOUT, EAUTH … */
  error_code: z.string().nullable(),
});
export type MailTestResult = z.infer<typeof mailTestResultSchema>;

// ── The templates ────────────────────────────────────────────────────────────────────────────

export const mailTemplateParamsSchema = z.object({
  type: z.enum(MAIL_TEMPLATE_TYPES, { error: 'validation.mail.type' }),
  language: z.enum(LANGUAGES, { error: 'validation.mail.language' }),
});
export type MailTemplateParams = z.infer<typeof mailTemplateParamsSchema>;

const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;

export const mailTemplateRequestSchema = z.object({
  subject: z
    .string(required('validation.mail.subject'))
    .trim()
    .min(1, 'validation.mail.subject')
    .max(MAIL_SUBJECT_MAX, 'validation.mail.subjectMax'),
  body: z
    .string(required('validation.mail.body'))
    .refine((body) => body.trim().length > 0, 'validation.mail.body')
    .refine((body) => utf8Bytes(body) <= MAIL_BODY_MAX_BYTES, 'validation.mail.bodyMax'),
});
export type MailTemplateRequest = z.input<typeof mailTemplateRequestSchema>;

export const mailTemplateTestRequestSchema = mailTemplateRequestSchema.extend(testRecipientSchema.shape);
export type MailTemplateTestRequest = z.input<typeof mailTemplateTestRequestSchema>;

export const mailVariableSchema = z.object({ name: z.string(), sample: z.string() });
export type MailVariable = z.infer<typeof mailVariableSchema>;

export const mailTemplateSchema = z.object({
  type: z.enum(MAIL_TEMPLATE_TYPES),
  language: z.enum(LANGUAGES),
  subject: z.string(),
  /** The edited HTML, or the shipped mail in the same editable form. */
  body: z.string(),
  edited: z.boolean(),
  /** When it was edited; null for the shipped default. */
  updated_at: z.string().nullable(),
  variables: z.array(mailVariableSchema),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

export const mailTemplateStateSchema = z.object({
  language: z.enum(LANGUAGES),
  edited: z.boolean(),
  updated_at: z.string().nullable(),
});

export const mailTemplateListSchema = z.array(
  z.object({ type: z.enum(MAIL_TEMPLATE_TYPES), languages: z.array(mailTemplateStateSchema) }),
);
export type MailTemplateList = z.infer<typeof mailTemplateListSchema>;

/** A mail as it is sent: subject, HTML and the plain-text part. */
export const renderedMailSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type RenderedMailData = z.infer<typeof renderedMailSchema>;

// ── Operations ───────────────────────────────────────────────────────────────────────────────

const MAIL = '/backend/manager/sys/mail';
const TEMPLATE = `${MAIL}/template/:type/:language`;
const ACCESS = 'setting:sys:mail-config';

export const mailOperations = {
  server: operation({
    method: 'GET',
    path: `${MAIL}/server`,
    response: mailServerStateSchema,
    access: ACCESS,
  }),
  saveServer: operation({
    method: 'PUT',
    path: `${MAIL}/server`,
    body: mailServerRequestSchema,
    response: mailServerStateSchema,
    access: ACCESS,
  }),
  /** Forgets the saved server: mail goes through SMTP_URL, else to the outbox. */
  removeServer: operation({
    method: 'DELETE',
    path: `${MAIL}/server`,
    response: mailServerStateSchema,
    access: ACCESS,
  }),
  testServer: operation({
    method: 'POST',
    path: `${MAIL}/server/test`,
    body: mailServerTestRequestSchema,
    response: mailTestResultSchema,
    access: ACCESS,
  }),
  templates: operation({
    method: 'GET',
    path: `${MAIL}/template`,
    response: mailTemplateListSchema,
    access: ACCESS,
  }),
  template: operation({
    method: 'GET',
    path: TEMPLATE,
    params: mailTemplateParamsSchema,
    response: mailTemplateSchema,
    access: ACCESS,
  }),
  saveTemplate: operation({
    method: 'PUT',
    path: TEMPLATE,
    params: mailTemplateParamsSchema,
    body: mailTemplateRequestSchema,
    response: mailTemplateSchema,
    access: ACCESS,
  }),
  /** Back to the shipped default: the edited version is deleted. */
  resetTemplate: operation({
    method: 'DELETE',
    path: TEMPLATE,
    params: mailTemplateParamsSchema,
    response: mailTemplateSchema,
    access: ACCESS,
  }),
  /** The given subject and body filled with the sample values, exactly as the mail is sent. */
  previewTemplate: operation({
    method: 'POST',
    path: `${TEMPLATE}/preview`,
    params: mailTemplateParamsSchema,
    body: mailTemplateRequestSchema,
    response: renderedMailSchema,
    access: ACCESS,
  }),
  testTemplate: operation({
    method: 'POST',
    path: `${TEMPLATE}/test`,
    params: mailTemplateParamsSchema,
    body: mailTemplateTestRequestSchema,
    response: mailTestResultSchema,
    access: ACCESS,
  }),
};
