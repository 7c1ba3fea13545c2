import { MAX_NAME_LENGTH, PASSWORD_MIN_LENGTH, SIGNAGE_ID_LENGTH } from './limits';

// The patterns and limits of spec 000 §5 without zod, so that the console's public pages check a
// field without downloading it. validation.ts builds its schemas from these; the checks below apply
// the same rules in the same order and answer the same message keys (patterns.test.ts holds them
// to it).

/** Basic email pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A letter, a digit and a special character (spec 000 §5). */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z\d\s]).+$/;
export const PIN_PATTERN = /^\d{6}$/;
export const MAC_PATTERN = /^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/;
/** Signage IDs use an alphabet without look-alikes (no 0/O, 1/I/L). */
export const SIGNAGE_ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const SIGNAGE_ID_PATTERN = new RegExp(`^[${SIGNAGE_ID_ALPHABET}]{${SIGNAGE_ID_LENGTH}}$`);

/**
 * Invisible characters that change the direction of the text around them (marks, embeddings,
 * overrides, isolates). In a name one can disguise what others see: `a\u202egnp.exe` reads as
 * "aexe.png".
 */
export const BIDI_CONTROL_PATTERN = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL_PATTERN, 'g');

/** The text without its direction controls (a file's name becomes its content's name). */
export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROLS, '');

export const EMAIL_MAX_LENGTH = MAX_NAME_LENGTH * 4;
export const PASSWORD_MAX_LENGTH = 128;

/** The message key of the first rule a typed value breaks, or null when it passes. */
export type FieldCheck = (value: string | undefined) => string | null;

export const checkEmail: FieldCheck = (value) => {
  const email = value?.trim();
  if (!email) return 'validation.email.required';
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return 'validation.email.format';
  return null;
};

/** A password typed to log in: only required. */
export const checkPassword: FieldCheck = (value) => {
  if (!value) return 'validation.password.required';
  return value.length > PASSWORD_MAX_LENGTH ? 'validation.password.max' : null;
};

/** A new password: 8 or more characters with letters, digits and special characters. */
export const checkNewPassword: FieldCheck = (value) => {
  if (!value) return 'validation.password.required';
  if (value.length < PASSWORD_MIN_LENGTH) return 'validation.password.min';
  if (value.length > PASSWORD_MAX_LENGTH) return 'validation.password.max';
  return PASSWORD_PATTERN.test(value) ? null : 'validation.password.pattern';
};

export const checkConfirmPassword: FieldCheck = (value) => {
  if (!value) return 'validation.confirm.required';
  return value.length > PASSWORD_MAX_LENGTH ? 'validation.password.max' : null;
};

export const checkName: FieldCheck = (value) => {
  const name = value?.trim();
  if (!name) return 'validation.name.required';
  if (name.length > MAX_NAME_LENGTH) return 'validation.name.max';
  return BIDI_CONTROL_PATTERN.test(name) ? 'validation.bidi' : null;
};
