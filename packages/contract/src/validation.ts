import { z } from 'zod';
import {
  MAC_BATCH_LIMIT,
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
  PASSWORD_MIN_LENGTH,
  QUANTITY_LIMIT,
  SIGNAGE_ID_LENGTH,
} from './limits';
import {
  BIDI_CONTROL_PATTERN,
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

/** Names are shown to others: no direction controls that could reorder what they read. */
const withoutBidi = (name: string) => !BIDI_CONTROL_PATTERN.test(name);

export const nameSchema = z
  .string(required('validation.name.required'))
  .trim()
  .min(1, 'validation.name.required')
  .max(MAX_NAME_LENGTH, 'validation.name.max')
  .refine(withoutBidi, 'validation.bidi');

/** A name that may be left out or cleared (nickname, client type). */
export const optionalNameSchema = z
  .string()
  .trim()
  .max(MAX_NAME_LENGTH, 'validation.name.max')
  .refine(withoutBidi, 'validation.bidi')
  .nullable()
  .optional();

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

/** One MAC address, aa:aa:aa:aa:aa:aa (spec 001 §5). */
export const macSchema = z
  .string(required('validation.mac.required'))
  .regex(MAC_PATTERN, 'validation.mac.format');

/** MAC addresses entered at once: at least one, at most MAC_BATCH_LIMIT (50), each lower-cased. */
export const macBatchSchema = z
  .array(
    macSchema.transform((mac) => mac.toLowerCase()),
    { error: 'validation.mac.required' },
  )
  .min(1, 'validation.mac.required')
  .max(MAC_BATCH_LIMIT, 'validation.mac.max');

/**
 * A count a user enters (quantities, use times, limits): a whole number from `min` and below
 * QUANTITY_LIMIT (spec 001 §5 "Numbers: below 10000"); every failure answers `message`.
 */
export const countSchema = (message: string, min = 1) =>
  z
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(QUANTITY_LIMIT - 1, message);

/** Ids are 32-bit serial columns: a larger number names no row, and PostgreSQL refuses it in a query. */
export const MAX_ID = 2_147_483_647;

/** Whether a number can be an id (for ids read outside a schema, such as a header). */
export const isId = (value: number) => Number.isInteger(value) && value > 0 && value <= MAX_ID;

/** The rules of every id; each returns its own schema, so the cast keeps the type. */
const idRules = <T extends z.ZodNumber | z.ZodCoercedNumber>(number: T): T =>
  number.int('validation.id').positive('validation.id').max(MAX_ID, 'validation.id') as T;

/** An id in a path or a query string: the number its text spells. */
export const idSchema = idRules(z.coerce.number({ error: 'validation.id' }));

/** An id in a JSON body: a number, not a text. */
export const bodyIdSchema = idRules(z.number({ error: 'validation.id' }));

/** The terms of use and privacy policy must be accepted (spec 001 §5). */
export const acceptTermsSchema = z.literal(true, { error: 'validation.terms.required' });

/** Lists: page, page_size, sort "column,asc|desc", keyword (ARCHITECTURE §5). */
export function listQuerySchema<const C extends readonly [string, ...string[]]>(sortColumns: C) {
  return z.object({
    page: z.coerce.number().int().min(1).max(MAX_ID).default(1),
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
 * A list whose count stops at a cap (LIST_TOTAL_CAP), as search products show "1,000+":
 * `total` is exact when `total_capped` is false, else the cap itself. Pages beyond it still load.
 */
export type CappedListResult<T> = ListResult<T> & { total_capped: boolean };
export const cappedListResultSchema = <T extends z.ZodType>(item: T) =>
  listResultSchema(item).extend({ total_capped: z.boolean() });

type InputPath = (string | number)[];

/**
 * Plain data only (a raw body such as a Buffer is bytes, not text): an object literal, or one
 * whose prototype has none (a parsed query string's).
 */
const isPlain = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || Object.getPrototypeOf(prototype) === null;
};

/** Where a request's input holds U+0000, in a text or a key; null when nowhere. */
export function nulPath(value: unknown, path: InputPath = []): InputPath | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = nulPath(value[index], [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object' || !isPlain(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = nulPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * A request's schema that first refuses U+0000 anywhere in the input: PostgreSQL cannot store it
 * in text, and no field of the product has a use for it. The server wraps every route's schemas
 * in it, so no route can forget.
 */
export const withoutNul = <T extends z.ZodType>(schema: T) =>
  z
    .unknown()
    .superRefine((value, context) => {
      const path = nulPath(value);
      if (path) context.addIssue({ code: 'custom', message: 'validation.nul', path, input: value });
    })
    .pipe(schema);
