import type {
  EmailResult,
  InvitedUser,
  LockState,
  LoginRequest,
  LoginResult,
  RegisterRequest,
  RegistrationState,
  SetPasswordRequest,
} from '@vitrine/contract';
import { request } from '../../lib/http';

// The calls of the pages a visitor sees before logging in (spec 000 §7). Plain promises: these
// pages do not load the query cache. They answer errors inline, so the calls are silent: the
// "tips" notification would only repeat what the page already shows.

// The terms checkbox is the form's; the calls send accept_terms: true once it passed.
export type LoginInput = Omit<LoginRequest, 'accept_terms'>;
export type RegisterInput = Omit<RegisterRequest, 'accept_terms'>;

const silent = { silent: true } as const;
const post = <T>(url: string, body?: unknown) => request<T>('POST', url, { body, ...silent });
const codePath = (base: string, code: string) => `${base}/${encodeURIComponent(code)}`;

/** The server compares emails trimmed and lower-cased; the lock check does the same. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const publicCalls = {
  login: (input: LoginInput) => post<LoginResult>('/account/login', { ...input, accept_terms: true }),
  /** Whether the platform lets anyone register a company (/setting/server). */
  registration: () => request<RegistrationState>('GET', '/account/register', silent),
  register: (input: RegisterInput) => post<unknown>('/account/register', { ...input, accept_terms: true }),
  /** The invited user's link (/user/active?code=): who is being activated. */
  checkActiveCode: (code: string) => post<InvitedUser>('/account/check/code', { active_code: code }),
  activate: ({ code, ...input }: SetPasswordRequest & { code: string }) =>
    post<unknown>(codePath('/account/active', code), input),
  registerActive: (code: string) => post<EmailResult>(codePath('/account/register-active', code)),
  forgetPwd: (email: string) => post<unknown>('/account/forget-pwd', { email }),
  checkForgetCode: (code: string) => post<EmailResult>('/account/check/forget-code', { code }),
  resetPwd: ({ code, ...input }: SetPasswordRequest & { code: string }) =>
    post<unknown>(codePath('/account/reset', code), input),
  /** Right after login: the language chosen before logging in becomes the account's (mails use it). */
  saveLanguage: (language: string) => post<unknown>('/manager/sys/language', { language }),
  /** Whether an account is locked after failed logins; asked only for a well-formed email. */
  checkLock: (email: string) => post<LockState>('/account/check-lock', { email }),
  unlockEmail: (email: string) => post<unknown>('/account/unlock-email', { email, act_url: '/login' }),
  unlock: (unlockCode: string) => post<unknown>(codePath('/account/unlock', unlockCode)),
};
