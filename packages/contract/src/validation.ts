import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH, PASSWORD_MIN_LENGTH, SIGNAGE_ID_LENGTH } from './limits';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  MAC_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_PATTERN,
  PIN_PATTERN,
  SIGNAGE_ID_PATTERN,
} from './patterns';

export * from './patterns';

// Validation rules of spec 000 §5 and spec 001 §5. Every message is a key of the contract's
// locales (src/locales/<lang>.json): the server answers it in the caller's language and the
// console's forms show the same text.

/** A string's message when it is missing (other failures keep their own). */
export const required = (key: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? key : undefined),
});

export const emailSchema = z
  .string(required('validation.email.required'))
  .trim()
  .min(1, 'validation.email.required')
  .max(EMAIL_MAX_LENGTH, 'validation.email.format')
  .regex(EMAIL_PATTERN, 'validation.email.format')
  .transform((value) => value.toLowerCase());

/** A new password: required, 8 or more characters, letters + digits + special characters. */
export const newPasswordSchema = z
  .string(required('validation.password.required'))
  .min(1, 'validation.password.required')
  .min(PASSWORD_MIN_LENGTH, 'validation.password.min')
  .max(PASSWORD_MAX_LENGTH, 'validation.password.max')
  .regex(PASSWORD_PATTERN, 'validation.password.pattern');

/** A password typed to log in: only required (rules apply when it is set, not when it is used). */
export const passwordSchema = z
  .string(required('validation.password.required'))
  .min(1, 'validation.password.required')
  .max(PASSWORD_MAX_LENGTH, 'validation.password.max');

export const oldPasswordSchema = z
  .string(required('validation.oldPassword.required'))
  .min(1, 'validation.oldPassword.required')
  .max(PASSWORD_MAX_LENGTH, 'validation.password.max');

export const confirmPasswordSchema = z
  .string(required('validation.confirm.required'))
  .min(1, 'validation.confirm.required')
  .max(PASSWORD_MAX_LENGTH, 'validation.password.max');

/** Adds the "Two entries do not match" rule to an object with password and confirm_password. */
export function withConfirmation<T extends z.ZodObject<{ password: z.ZodType; confirm_password: z.ZodType }>>(
  schema: T,
) {
  return schema.refine((value) => value.password === value.confirm_password, {
    message: 'validation.confirm.mismatch',
    path: ['confirm_password'],
  });
}

export const nameSchema = z
  .string(required('validation.name.required'))
  .trim()
  .min(1, 'validation.name.required')
  .max(MAX_NAME_LENGTH, 'validation.name.max');

export const textSchema = z.string().max(MAX_TEXT_LENGTH, 'validation.text.max');

export const pinSchema = z
  .string(required('validation.pin.required'))
  .regex(PIN_PATTERN, 'validation.pin.format');

export const signageIdSchema = z
  .string(required('validation.signageId.required'))
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(
    z
      .string()
      .length(SIGNAGE_ID_LENGTH, 'validation.signageId.format')
      .regex(SIGNAGE_ID_PATTERN, 'validation.signageId.format'),
  );

export const macSchema = z
  .string(required('validation.mac.required'))
  .regex(MAC_PATTERN, 'validation.mac.format');

export const idSchema = z.coerce.number().int().positive('validation.id');

/** The terms of use and privacy policy must be accepted (spec 001 §5). */
export const acceptTermsSchema = z.literal(true, { error: 'validation.terms.required' });

/** Lists: page, page_size, sort "column,asc|desc", keyword (ARCHITECTURE §5). */
export function listQuerySchema<const C extends readonly [string, ...string[]]>(sortColumns: C) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(200).default(20),
    sort: z
      .string()
      .regex(new RegExp(`^(${sortColumns.join('|')}),(asc|desc)$`), 'validation.sort')
      .optional(),
    keyword: z.string().trim().max(MAX_NAME_LENGTH).optional(),
  });
}

export type ListResult<T> = { list: T[]; total: number };
export const listResultSchema = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number() });

/**
 * A list whose count stops at a cap (USER_LIST_TOTAL_CAP), as search products show "1,000+":
 * `total` is exact when `total_capped` is false, else the cap itself. Pages beyond it still load.
 */
export type CappedListResult<T> = ListResult<T> & { total_capped: boolean };
export const cappedListResultSchema = <T extends z.ZodType>(item: T) =>
  listResultSchema(item).extend({ total_capped: z.boolean() });
