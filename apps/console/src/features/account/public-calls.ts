import {
  ACCOUNT_ROUTES,
  type accountOperations,
  type LoginRequest,
  type RegisterRequest,
  type RegistrationState,
  type SetPasswordRequest,
} from '@vitrine/contract';
import { callRoute } from '../../lib/call';
import { request } from '../../lib/http';

// The calls of the pages a visitor sees before logging in (spec 000 §7). Plain promises: these
// pages do not load the query cache. They answer errors inline, so the calls are silent: the
// "tips" notification would only repeat what the page already shows. The account operations are
// called by their zod-free routes (the login page's budget); their types are the operations'.

// The terms checkbox is the form's; the calls send accept_terms: true once it passed.
export type LoginInput = Omit<LoginRequest, 'accept_terms'>;
export type RegisterInput = Omit<RegisterRequest, 'accept_terms'>;

type Ops = typeof accountOperations;
const silent = { silent: true } as const;
const post = <T>(url: string, body?: unknown) => request<T>('POST', url, { body, ...silent });

/** The server compares emails trimmed and lower-cased; the lock check does the same. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const publicCalls = {
  login: (input: LoginInput) =>
    callRoute<Ops['login']>(ACCOUNT_ROUTES.login, { body: { ...input, accept_terms: true } }, silent),
  /** Whether the platform lets anyone register a company (/setting/server). */
  registration: () => request<RegistrationState>('GET', '/account/register', silent),
  register: (input: RegisterInput) =>
    callRoute<Ops['register']>(ACCOUNT_ROUTES.register, { body: { ...input, accept_terms: true } }, silent),
  /** The invited user's link (/user/active?code=): who is being activated. */
  checkActiveCode: (code: string) =>
    callRoute<Ops['checkCode']>(ACCOUNT_ROUTES.checkCode, { body: { active_code: code } }, silent),
  activate: ({ code, ...body }: SetPasswordRequest & { code: string }) =>
    callRoute<Ops['activate']>(ACCOUNT_ROUTES.activate, { params: { active_code: code }, body }, silent),
  registerActive: (code: string) =>
    callRoute<Ops['registerActive']>(
      ACCOUNT_ROUTES.registerActive,
      { params: { active_code: code } },
      silent,
    ),
  forgetPwd: (email: string) =>
    callRoute<Ops['forgetPassword']>(ACCOUNT_ROUTES.forgetPassword, { body: { email } }, silent),
  checkForgetCode: (code: string) =>
    callRoute<Ops['checkForgetCode']>(ACCOUNT_ROUTES.checkForgetCode, { body: { code } }, silent),
  resetPwd: ({ code, ...body }: SetPasswordRequest & { code: string }) =>
    callRoute<Ops['resetPassword']>(
      ACCOUNT_ROUTES.resetPassword,
      { params: { reset_code: code }, body },
      silent,
    ),
  /** Right after login: the language chosen before logging in becomes the account's (mails use it). */
  saveLanguage: (language: string) => post<unknown>('/manager/sys/language', { language }),
  /** Whether an account is locked after failed logins; asked only for a well-formed email. */
  checkLock: (email: string) =>
    callRoute<Ops['checkLock']>(ACCOUNT_ROUTES.checkLock, { body: { email } }, silent),
  unlockEmail: (email: string) =>
    callRoute<Ops['unlockEmail']>(ACCOUNT_ROUTES.unlockEmail, { body: { email, act_url: '/login' } }, silent),
  unlock: (unlockCode: string) =>
    callRoute<Ops['unlock']>(ACCOUNT_ROUTES.unlock, { params: { unlock_code: unlockCode } }, silent),
};
