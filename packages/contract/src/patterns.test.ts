import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MAX_NAME_LENGTH } from './limits';
import {
  checkConfirmPassword,
  checkEmail,
  checkName,
  checkNewPassword,
  checkPassword,
  EMAIL_MAX_LENGTH,
  type FieldCheck,
} from './patterns';
import {
  confirmPasswordSchema,
  emailSchema,
  nameSchema,
  newPasswordSchema,
  passwordSchema,
} from './validation';

/** What a form shows for a value under a schema: its first issue's message key. */
const schemaAnswer = (schema: z.ZodType, value: string | undefined) => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

// Values near every rule: emails, spaces, the character classes of the password rule, and
// lengths on both sides of each limit (well-formed emails among them).
const piece = fc.constantFrom(
  'a',
  'Z',
  '7',
  '#',
  '@',
  '.',
  ' ',
  '\t',
  '\u00a0',
  'é',
  '\u202e',
  '\u2067',
  '\u200f',
  'ada@example.com',
);
const typed = fc.oneof(
  fc.constant(undefined),
  fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
  fc.string({ maxLength: 20 }),
  fc
    .tuple(fc.constantFrom(7, 8, MAX_NAME_LENGTH, 128, EMAIL_MAX_LENGTH), fc.integer({ min: -1, max: 1 }))
    .chain(([limit, delta]) =>
      fc.array(piece, { minLength: limit + delta, maxLength: limit + delta }).map((parts) => parts.join('')),
    ),
  fc
    .integer({ min: EMAIL_MAX_LENGTH - 13, max: EMAIL_MAX_LENGTH - 11 })
    .map((length) => `${'a'.repeat(length)}@example.com`),
);

const pairs: [string, FieldCheck, z.ZodType][] = [
  ['email', checkEmail, emailSchema],
  ['password', checkPassword, passwordSchema],
  ['new password', checkNewPassword, newPasswordSchema],
  ['confirmation', checkConfirmPassword, confirmPasswordSchema],
  ['name', checkName, nameSchema],
];

describe('zod-free field checks', () => {
  it.each(pairs)('answer what the %s schema answers', (_name, check, schema) => {
    fc.assert(
      fc.property(typed, (value) => {
        expect(check(value)).toBe(schemaAnswer(schema, value));
      }),
      { numRuns: 2000 },
    );
  });

  it('give the message keys of the spec', () => {
    expect(checkEmail(' ')).toBe('validation.email.required');
    expect(checkEmail('ada@')).toBe('validation.email.format');
    expect(checkEmail(' ada@example.com ')).toBeNull();
    expect(checkNewPassword('a1#')).toBe('validation.password.min');
    expect(checkNewPassword('abcdefgh1')).toBe('validation.password.pattern');
    expect(checkNewPassword('abcdefg1#')).toBeNull();
    expect(checkPassword('')).toBe('validation.password.required');
    expect(checkConfirmPassword(undefined)).toBe('validation.confirm.required');
    expect(checkName('x'.repeat(MAX_NAME_LENGTH + 1))).toBe('validation.name.max');
    expect(checkName('a\u202egnp.exe.png')).toBe('validation.bidi');
  });
});
