import { z } from 'zod';
import { remoteConfigSchema, userGuideSchema } from './account';
import { LANGUAGES } from './i18n';
import { DATE_FORMATS, ERROR_REPORT_MAX_RECORDS, TIME_FORMATS, WEEK_STARTS } from './limits';
import { operation } from './operation';
import { nameSchema } from './validation';

// Settings and configuration calls (spec 000 §7 "Settings and configuration"), under
// /backend/manager/sys. Every message is a locale key, as in validation.ts.

/** Logo and icon: an http(s) link, or an inline PNG, JPEG, WebP or ICO image (no SVG: it can run scripts). */
export const BRAND_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon'] as const;
export const BRAND_IMAGE_MAX_BYTES = 256 * 1024;
export const BRAND_URL_MAX_LENGTH = 2048;
/** Features a user can have marked as seen; more are ignored. */
export const FEATURE_HIGHLIGHT_MAX = 256;

const DATA_URL = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/]*={0,2})$/i;

/** The type of a brand image by its first bytes (base64): PNG, JPEG, WebP or ICO, else null. */
export function sniffBrandImage(base64: string): string | null {
  let head: number[];
  try {
    head = [...atob(base64.slice(0, 16))].map((c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  const at = (offset: number, bytes: number[]) => bytes.every((byte, i) => head[offset + i] === byte);
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'image/webp';
  if (at(0, [0x00, 0x00, 0x01, 0x00])) return 'image/x-icon';
  return null;
}

/** What is wrong with a logo or icon value: nothing, its format, or its size. */
export function brandImageProblem(value: string): 'format' | 'size' | null {
  const data = DATA_URL.exec(value);
  if (data) {
    if (!(BRAND_IMAGE_TYPES as readonly string[]).includes(data[1].toLowerCase())) return 'format';
    const encoded = data[2];
    const bytes = (encoded.length * 3) / 4 - (encoded.endsWith('==') ? 2 : encoded.endsWith('=') ? 1 : 0);
    if (encoded.length % 4 !== 0 || bytes === 0) return 'format';
    if (bytes > BRAND_IMAGE_MAX_BYTES) return 'size';
    // Checked by content: the bytes must be the image the type names (a script called image/png is refused).
    return sniffBrandImage(encoded) === data[1].toLowerCase() ? null : 'format';
  }
  if (value.length > BRAND_URL_MAX_LENGTH || !/^https?:\/\//i.test(value)) return 'format';
  try {
    new URL(value);
    return null;
  } catch {
    return 'format';
  }
}

export const brandImageSchema = z.string().superRefine((value, ctx) => {
  const problem = brandImageProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: `validation.logo.${problem}` });
});

/** POST customer-logo: a value replaces the image, null goes back to the default, absent keeps it. */
export const customerLogoRequestSchema = z.object({
  customer_logo: brandImageSchema.nullable().optional(),
  customer_icon: brandImageSchema.nullable().optional(),
});
export type CustomerLogoRequest = z.infer<typeof customerLogoRequestSchema>;
export const customerLogoSchema = remoteConfigSchema.pick({ customer_logo: true, customer_icon: true });
export type CustomerLogo = z.infer<typeof customerLogoSchema>;

export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const colorSchema = z
  .string({ error: 'validation.color' })
  .regex(COLOR_PATTERN, 'validation.color')
  .transform((value) => value.toLowerCase());

export const themeDetailSchema = z.object({
  primary_color: colorSchema,
  nav_nackground_color: colorSchema,
  main_background_color: colorSchema,
});
export const customerThemeRequestSchema = z.object({
  /** A preset's number; 0 is a custom theme. */
  id: z
    .number({ error: 'validation.theme' })
    .int('validation.theme')
    .min(0, 'validation.theme')
    .max(999, 'validation.theme'),
  detail: themeDetailSchema,
});
export type CustomerThemeRequest = z.output<typeof customerThemeRequestSchema>;
export const customerThemeSchema = remoteConfigSchema.pick({ customer_theme: true });
export type CustomerTheme = z.infer<typeof customerThemeSchema>;

export const guideSchema = z.object({ user_guide: z.object({ value: userGuideSchema }) });
export type Guide = z.infer<typeof guideSchema>;
export const guideRequestSchema = z.object({ user_guide: userGuideSchema });

export const languageRequestSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'validation.language' }),
});
export const languageResultSchema = z.object({ language: z.enum(LANGUAGES) });

/** An IANA time zone the runtime knows (any case); transformed to its canonical spelling. */
export const timezoneSchema = z
  .string({ error: 'validation.timezone' })
  .max(64, 'validation.timezone')
  .transform((value, ctx) => {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'validation.timezone' });
      return z.NEVER;
    }
  });
export const timezoneRequestSchema = z.object({ timezone: timezoneSchema });
export const timeFormatRequestSchema = z.object({
  time_format: z.enum(TIME_FORMATS, { error: 'validation.format' }),
});
export const dateFormatRequestSchema = z.object({
  date_format: z.enum(DATE_FORMATS, { error: 'validation.format' }),
});

/** GET of a preference: the user's value and the choices. */
export const preferenceSchema = z.object({ value: z.string(), options: z.array(z.string()) });
export type Preference = z.infer<typeof preferenceSchema>;
/** What a preference write answers: the value now saved. */
export const preferenceValueSchema = z.object({ value: z.string() });

export const weekSchema = z.object({
  week_start: z.enum(WEEK_STARTS),
  /** ISO weekdays (1 Monday … 7 Sunday) in the caller's language, starting with week_start. */
  list: z.array(z.object({ value: z.number().int().min(1).max(7), name: z.string() })),
});
export type Week = z.infer<typeof weekSchema>;

export const timeFrequencySchema = z.object({
  list: z.array(z.object({ value: z.number().int(), name: z.string() })),
});
export type TimeFrequency = z.infer<typeof timeFrequencySchema>;

export const featureHighlightSchema = z.object({ list: z.array(z.string()) });
export const featureHighlightRequestSchema = z.object({ feature_name: nameSchema });

export const offSiteLoginAlarmSchema = z.object({
  user_off_site_login_alarm: z.boolean({ error: 'validation.boolean' }),
});

export const powerMailSchema = z.object({
  user_power_mail: z.boolean({ error: 'validation.boolean' }),
});

const clip = (max: number) => (value: string) => value.slice(0, max);
/** A query string or body as the console saw it: kept as text, objects as JSON, cut to `max`. */
const capturedText = (max: number) =>
  z
    .unknown()
    .transform((value) =>
      value === undefined || value === null
        ? null
        : (typeof value === 'string' ? value : JSON.stringify(value)).slice(0, max),
    );
const shortText = (max: number) =>
  z.union([z.string(), z.number()]).transform((value) => String(value).slice(0, max));
const INT32 = 2 ** 31 - 1;

/** One failed request, as the console's error-report queue sends it (spec 000 §3). */
export const errorRecordSchema = z.object({
  /** Null before login: the console reports failed logins too. */
  uid: shortText(64).nullish(),
  url: z.string({ error: 'validation.required' }).min(1, 'validation.required').transform(clip(1024)),
  method: z
    .string({ error: 'validation.required' })
    .min(1, 'validation.required')
    .transform((value) => value.toUpperCase().slice(0, 16)),
  qs: capturedText(4096).optional(),
  body: capturedText(4096).optional(),
  /** The envelope or HTTP code; anything that is not a whole number is dropped. */
  code: z
    .union([z.number(), z.string()])
    .transform((value) => {
      const code = Number(value);
      return Number.isInteger(code) && Math.abs(code) <= INT32 ? code : null;
    })
    .nullish(),
  msg: capturedText(1024).optional(),
  tz: shortText(64).optional(),
  time: shortText(64).optional(),
});
export type ErrorRecord = z.input<typeof errorRecordSchema>;

export const errorReportRequestSchema = z
  .array(errorRecordSchema)
  .min(1, 'validation.errorReport.count')
  .max(ERROR_REPORT_MAX_RECORDS, 'validation.errorReport.count');
/** The records as stored: strings cut to their column sizes, codes as numbers or null. */
export type ErrorReport = z.output<typeof errorReportRequestSchema>;
export const errorReportResultSchema = z.object({ saved: z.number() });

// ── Operations ───────────────────────────────────────────────────────────────────────────────
const SYS = '/backend/manager/sys';

/** The signed-in user's own tour progress and preferences: any logged-in user. */
export const preferenceOperations = {
  guide: operation({ method: 'GET', path: `${SYS}/guide`, response: guideSchema, access: 'authenticated' }),
  saveGuide: operation({
    method: 'POST',
    path: `${SYS}/guide`,
    body: guideRequestSchema,
    response: guideSchema,
    access: 'authenticated',
  }),
  language: operation({
    method: 'POST',
    path: `${SYS}/language`,
    body: languageRequestSchema,
    response: languageResultSchema,
    access: 'authenticated',
  }),
  timezone: operation({
    method: 'POST',
    path: `${SYS}/timezone`,
    body: timezoneRequestSchema,
    response: preferenceValueSchema,
    access: 'authenticated',
  }),
  timeFormat: operation({
    method: 'POST',
    path: `${SYS}/time/format`,
    body: timeFormatRequestSchema,
    response: preferenceValueSchema,
    access: 'authenticated',
  }),
  dateFormat: operation({
    method: 'POST',
    path: `${SYS}/date/format`,
    body: dateFormatRequestSchema,
    response: preferenceValueSchema,
    access: 'authenticated',
  }),
  offSiteLoginAlarm: operation({
    method: 'POST',
    path: `${SYS}/off-site-login-alarm`,
    body: offSiteLoginAlarmSchema,
    response: offSiteLoginAlarmSchema,
    access: 'authenticated',
  }),
  /** Power on/off mails (spec 001 §1), beside the remote-login alarm. */
  powerMail: operation({
    method: 'POST',
    path: `${SYS}/power-mail`,
    body: powerMailSchema,
    response: powerMailSchema,
    access: 'authenticated',
  }),
};

const BRANDING = 'setting:sys:customer-logo';

/**
 * The white-label look and the shared configuration reads (spec 000 §7): every logged-in user
 * reads them, holders of setting:sys:customer-logo write the look.
 */
export const settingOperations = {
  configMine: operation({
    method: 'GET',
    path: `${SYS}/config/mine`,
    response: remoteConfigSchema,
    access: 'authenticated',
  }),
  logo: operation({
    method: 'GET',
    path: `${SYS}/setting/customer-logo`,
    response: customerLogoSchema,
    access: 'authenticated',
  }),
  saveLogo: operation({
    method: 'POST',
    path: `${SYS}/setting/customer-logo`,
    body: customerLogoRequestSchema,
    response: customerLogoSchema,
    access: BRANDING,
  }),
  theme: operation({
    method: 'GET',
    path: `${SYS}/setting/customer-theme`,
    response: customerThemeSchema,
    access: 'authenticated',
  }),
  saveTheme: operation({
    method: 'POST',
    path: `${SYS}/setting/customer-theme`,
    body: customerThemeRequestSchema,
    response: customerThemeSchema,
    access: BRANDING,
  }),
  timezone: operation({
    method: 'GET',
    path: `${SYS}/timezone`,
    response: preferenceSchema,
    access: 'authenticated',
  }),
  timeFormat: operation({
    method: 'GET',
    path: `${SYS}/time/format`,
    response: preferenceSchema,
    access: 'authenticated',
  }),
  dateFormat: operation({
    method: 'GET',
    path: `${SYS}/date/format`,
    response: preferenceSchema,
    access: 'authenticated',
  }),
  week: operation({ method: 'GET', path: `${SYS}/week`, response: weekSchema, access: 'authenticated' }),
  timeFrequency: operation({
    method: 'GET',
    path: `${SYS}/time-frequency`,
    response: timeFrequencySchema,
    access: 'authenticated',
  }),
  featureHighlight: operation({
    method: 'GET',
    path: `${SYS}/feature-high-light`,
    response: featureHighlightSchema,
    access: 'authenticated',
  }),
  markFeatureSeen: operation({
    method: 'POST',
    path: `${SYS}/feature-high-light`,
    body: featureHighlightRequestSchema,
    response: featureHighlightSchema,
    access: 'authenticated',
  }),
  /** Public: the console reports failures before login too (rate-limited by the server). */
  errorReport: operation({
    method: 'POST',
    path: '/backend/manager/error-report',
    body: errorReportRequestSchema,
    response: errorReportResultSchema,
    access: 'public',
  }),
};
