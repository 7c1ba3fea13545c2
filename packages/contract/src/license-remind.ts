import { z } from 'zod';
import { operation } from './operation';
import { bodyIdSchema, emailSchema } from './validation';

// Renewal reminders (/setting/license-remind): a company's owner, or the platform's system roles,
// choose when the licences nearing their expiry are mailed about and to whom. docs/license.md
// "Renewal reminders" has the rules.

/** Days of the week as numbers, 0 = Sunday … 6 = Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const LICENSE_REMIND_MAX_DAYS = 365;
export const LICENSE_REMIND_MAX_RECIPIENTS = 20;

const days = (key: string) => z.number({ error: key }).int(key).min(1, key).max(LICENSE_REMIND_MAX_DAYS, key);

export const licenseRemindRequestSchema = z
  .object({
    /** Off: nothing is sent; the other fields are kept. */
    enabled: z.boolean({ error: 'validation.invalid' }),
    /** A licence is reminded about once it expires within this many days (or has expired). */
    threshold_days: days('validation.licenseRemind.threshold'),
    /** A licence reminded about is reminded again after this many days at the earliest. */
    frequency_days: days('validation.licenseRemind.frequency'),
    /** Users of the caller's tenant. */
    user_ids: z
      .array(bodyIdSchema, { error: 'validation.licenseRemind.recipients' })
      .max(LICENSE_REMIND_MAX_RECIPIENTS, 'validation.licenseRemind.recipients'),
    /** Other addresses (they get the platform's default language). */
    emails: z
      .array(emailSchema, { error: 'validation.licenseRemind.recipients' })
      .max(LICENSE_REMIND_MAX_RECIPIENTS, 'validation.licenseRemind.recipients'),
    /** Days of the week on which nothing is sent (not all seven). */
    exempt_days: z
      .array(z.number().int().min(0).max(6), { error: 'validation.licenseRemind.exemptDays' })
      .max(6, 'validation.licenseRemind.exemptDays'),
    /** HH:mm, UTC: the time from which the day's reminders go out. */
    send_time: z
      .string({ error: 'validation.licenseRemind.sendTime' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.licenseRemind.sendTime'),
  })
  .refine((body) => !body.enabled || body.user_ids.length + body.emails.length > 0, {
    message: 'validation.licenseRemind.recipients',
    path: ['user_ids'],
  });
export type LicenseRemindRequest = z.input<typeof licenseRemindRequestSchema>;

export const licenseRemindSchema = z.object({
  enabled: z.boolean(),
  threshold_days: z.number(),
  frequency_days: z.number(),
  user_ids: z.array(z.number()),
  emails: z.array(z.string()),
  exempt_days: z.array(z.number()),
  send_time: z.string(),
  /** Null: never saved (the fields are the defaults). */
  updated_at: z.string().nullable(),
});
export type LicenseRemind = z.infer<typeof licenseRemindSchema>;

/** A user who may receive the reminders: the caller's company's users, or the platform's. */
export const licenseRemindUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
});

export const licenseRemindStateSchema = z.object({
  settings: licenseRemindSchema,
  /** Whose devices the reminders cover: the company's own, or every company's (the platform). */
  covers: z.enum(['company', 'platform']),
  users: z.array(licenseRemindUserSchema),
});
export type LicenseRemindState = z.infer<typeof licenseRemindStateSchema>;

const REMIND = '/backend/manager/license/remind';

/** The caller's renewal reminder settings (system roles: the platform's; an owner: its company's). */
export const licenseRemindOperations = {
  remind: operation({
    method: 'GET',
    path: REMIND,
    response: licenseRemindStateSchema,
    access: 'license:renewal-reminder:set',
  }),
  saveRemind: operation({
    method: 'PUT',
    path: REMIND,
    body: licenseRemindRequestSchema,
    response: licenseRemindStateSchema,
    access: 'license:renewal-reminder:set',
  }),
};
