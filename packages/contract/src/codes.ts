// Result codes of the envelope { code, msg, data } (ARCHITECTURE §5). Six digits: the HTTP
// status followed by a reason, except the two session codes that make the console log out.
export const ResultCode = {
  success: 220000,
  validation: 400001,
  badLink: 400002,
  linkExpired: 400003,
  termsNotAccepted: 400004,
  wrongCredentials: 401001,
  notLoggedIn: 401002,
  wrongOldPassword: 401003,
  permission: 403001,
  workspaceForbidden: 403002,
  accountDisabled: 403003,
  accountInactive: 403004,
  notFound: 404001,
  inUse: 409001,
  emailTaken: 409002,
  userLimitExceeded: 409003,
  /** A playlist would contain itself. */
  loop: 409004,
  /** The item's state does not allow this action (a schedule already pending, approved…). */
  stateConflict: 409005,
  /** Another item already has this unique value (a holiday on the same date). */
  duplicate: 409006,
  /** More licences asked for than the holder has available (spec 001 §8). */
  insufficientLicenses: 409007,
  tooLarge: 413001,
  accountLocked: 423001,
  tooManyRequests: 429001,
  serverError: 500001,
  sessionExpired: 600003,
  sessionEndedElsewhere: 600004,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Codes that end the session in the console (spec 000 §4). */
export const LOGOUT_CODES: readonly number[] = [ResultCode.sessionExpired, ResultCode.sessionEndedElsewhere];

/** HTTP status that carries a result code: its first three digits, 401 for the session codes. */
export function httpStatusOf(code: number): number {
  if (code === ResultCode.success) return 200;
  if (code >= 600000) return 401;
  return Math.floor(code / 1000);
}

/** Message key of a result code in the contract's locales. */
export const codeMessageKey = (code: number): string => `code.${code}`;

export type Envelope<T> = { code: number; msg: string; data: T };
