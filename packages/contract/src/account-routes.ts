import type { OperationRoute } from './operation';

// The account operations' methods, paths and access without their schemas (zod-free): the pages
// seen before logging in call them from here within the login page's download budget, and
// accountOperations (account.ts) adds the schemas for the server and the signed-in console.

const ACCOUNT = '/backend/account';

/** Logging in and out, registering, activation, password reset and unlock: open to visitors. */
export const ACCOUNT_ROUTES = {
  login: { method: 'POST', path: `${ACCOUNT}/login`, access: 'public' },
  logout: { method: 'POST', path: `${ACCOUNT}/logout`, access: 'authenticated' },
  register: { method: 'POST', path: `${ACCOUNT}/register`, access: 'public' },
  registerActive: { method: 'POST', path: `${ACCOUNT}/register-active/:active_code`, access: 'public' },
  checkCode: { method: 'POST', path: `${ACCOUNT}/check/code`, access: 'public' },
  activate: { method: 'POST', path: `${ACCOUNT}/active/:active_code`, access: 'public' },
  forgetPassword: { method: 'POST', path: `${ACCOUNT}/forget-pwd`, access: 'public' },
  checkForgetCode: { method: 'POST', path: `${ACCOUNT}/check/forget-code`, access: 'public' },
  resetPassword: { method: 'POST', path: `${ACCOUNT}/reset/:reset_code`, access: 'public' },
  checkLock: { method: 'POST', path: `${ACCOUNT}/check-lock`, access: 'public' },
  unlockEmail: { method: 'POST', path: `${ACCOUNT}/unlock-email`, access: 'public' },
  unlock: { method: 'POST', path: `${ACCOUNT}/unlock/:unlock_code`, access: 'public' },
} as const satisfies Record<string, OperationRoute>;
