import {
  activeCodeParamsSchema,
  changePasswordRequestSchema,
  checkCodeRequestSchema,
  checkForgetCodeRequestSchema,
  checkOldPasswordRequestSchema,
  checkResultSchema,
  emailRequestSchema,
  emailResultSchema,
  invitedUserSchema,
  lockStateSchema,
  loginRequestSchema,
  loginResultSchema,
  ResultCode,
  registerRequestSchema,
  resetCodeParamsSchema,
  setPasswordRequestSchema,
  unlockCodeParamsSchema,
  unlockEmailRequestSchema,
  updateProfileRequestSchema,
  userInfoSchema,
} from '@vitrine/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { empty, ok, responses } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { clientOf } from './client';
import { checkLock, unlock, unlockEmail } from './lock';
import { login, logout } from './login';
import { changePassword, checkForgetCode, checkOldPassword, forgetPassword, resetPassword } from './password';
import { profile, updateProfile } from './profile';
import { activateInvited, checkInvite, register, registerActive } from './register';

// Account and session calls (spec 000 §7). Calls that send mail or test a password are rate
// limited, counted after validation per address and email (an office behind one NAT address can
// still log in at nine, one account is never hammered) or per logged-in user.
const perAccount = {
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `${request.ip}|${(request.body as { email: string }).email}`,
} as const;
const perUser = {
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => `user:${request.user.userId}`,
} as const;
const LOGIN_LIMIT = { max: 10, timeWindow: '1 minute', ...perAccount };
const MAIL_LIMIT = { max: 5, timeWindow: '1 minute', ...perAccount };
// check-lock tells what a locked login already tells (423001), so it is open but paced like login.
const CHECK_LOCK_LIMIT = { max: 10, timeWindow: '1 minute', ...perAccount };
const PASSWORD_CHECK_LIMIT = { max: 10, timeWindow: '1 minute', ...perUser };
// A ceiling per address across all emails, so one address cannot try account after account;
// high enough for an office of screens' operators behind one NAT address (docs/configure.md).
const perAddress = (max: number) =>
  ({
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `address:${request.ip}`,
  }) as const;
/** A second limit on a route (the plugin runs one per request): 429001 once exceeded. */
const addressCeiling = (app: FastifyInstance, options: ReturnType<typeof perAddress>) => {
  const limit = app.createRateLimit(options);
  return async (request: FastifyRequest) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) throw new AppError(ResultCode.tooManyRequests);
  };
};
const LOGIN_ADDRESS_LIMIT = perAddress(60);
const FORGET_ADDRESS_LIMIT = perAddress(20);
const CHECK_LOCK_ADDRESS_LIMIT = perAddress(60);

const USER_CENTER = '/manager/account/user-center';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/account/login',
    {
      config: { access: 'public', rateLimit: LOGIN_LIMIT },
      preHandler: addressCeiling(app, LOGIN_ADDRESS_LIMIT),
      schema: { body: loginRequestSchema, response: responses(loginResultSchema) },
    },
    async (request) => ok(await login(app, request.body, clientOf(request))),
  );

  app.post(
    '/account/logout',
    { config: { access: 'authenticated' }, schema: { response: responses(empty) } },
    async (request) => ok(await logout(app, request.user.tokenHash)),
  );

  app.post(
    '/account/register',
    {
      config: { access: 'public', rateLimit: MAIL_LIMIT },
      schema: { body: registerRequestSchema, response: responses(emailResultSchema) },
    },
    async (request) => ok(await register(app, request.body, clientOf(request))),
  );

  app.post(
    '/account/register-active/:active_code',
    {
      config: { access: 'public' },
      schema: { params: activeCodeParamsSchema, response: responses(emailResultSchema) },
    },
    async (request) => ok(await registerActive(app, request.params.active_code)),
  );

  app.post(
    '/account/check/code',
    {
      config: { access: 'public' },
      schema: { body: checkCodeRequestSchema, response: responses(invitedUserSchema) },
    },
    async (request) => ok(await checkInvite(app, request.body.active_code)),
  );

  app.post(
    '/account/active/:active_code',
    {
      config: { access: 'public' },
      schema: {
        params: activeCodeParamsSchema,
        body: setPasswordRequestSchema,
        response: responses(emailResultSchema),
      },
    },
    async (request) => ok(await activateInvited(app, request.params.active_code, request.body.password)),
  );

  app.post(
    '/account/forget-pwd',
    {
      config: { access: 'public', rateLimit: MAIL_LIMIT },
      preHandler: addressCeiling(app, FORGET_ADDRESS_LIMIT),
      schema: { body: emailRequestSchema, response: responses(empty) },
    },
    async (request) => ok(await forgetPassword(app, request.body.email)),
  );

  app.post(
    '/account/check/forget-code',
    {
      config: { access: 'public' },
      schema: { body: checkForgetCodeRequestSchema, response: responses(emailResultSchema) },
    },
    async (request) => ok(await checkForgetCode(app, request.body.code)),
  );

  app.post(
    '/account/reset/:reset_code',
    {
      config: { access: 'public' },
      schema: {
        params: resetCodeParamsSchema,
        body: setPasswordRequestSchema,
        response: responses(emailResultSchema),
      },
    },
    async (request) =>
      ok(await resetPassword(app, request.params.reset_code, request.body.password, clientOf(request))),
  );

  app.post(
    '/account/check-lock',
    {
      config: { access: 'public', rateLimit: CHECK_LOCK_LIMIT },
      preHandler: addressCeiling(app, CHECK_LOCK_ADDRESS_LIMIT),
      schema: { body: emailRequestSchema, response: responses(lockStateSchema) },
    },
    async (request) => ok(await checkLock(app, request.body.email)),
  );

  app.post(
    '/account/unlock-email',
    {
      config: { access: 'public', rateLimit: MAIL_LIMIT },
      schema: { body: unlockEmailRequestSchema, response: responses(empty) },
    },
    async (request) => {
      await unlockEmail(app, request.body.email, request.body.act_url, clientOf(request));
      return ok(null);
    },
  );

  app.post(
    '/account/unlock/:unlock_code',
    {
      config: { access: 'public' },
      schema: { params: unlockCodeParamsSchema, response: responses(emailResultSchema) },
    },
    async (request) => ok(await unlock(app, request.params.unlock_code)),
  );

  app.post(
    `${USER_CENTER}/check-old-pwd`,
    {
      config: { access: 'authenticated', rateLimit: PASSWORD_CHECK_LIMIT },
      schema: { body: checkOldPasswordRequestSchema, response: responses(checkResultSchema) },
    },
    async (request) => ok(await checkOldPassword(app, request.user.userId, request.body.old_password)),
  );

  app.post(
    `${USER_CENTER}/reset-pwd`,
    {
      config: { access: 'authenticated', rateLimit: PASSWORD_CHECK_LIMIT },
      schema: { body: changePasswordRequestSchema, response: responses(empty) },
    },
    async (request) => ok(await changePassword(app, request.user, request.body, clientOf(request))),
  );

  app.get(
    `${USER_CENTER}/info`,
    { config: { access: 'authenticated' }, schema: { response: responses(userInfoSchema) } },
    async (request) => ok(await profile(app, request.user.userId)),
  );

  app.post(
    `${USER_CENTER}/update`,
    {
      config: { access: 'authenticated' },
      schema: { body: updateProfileRequestSchema, response: responses(userInfoSchema) },
    },
    async (request) => ok(await updateProfile(app, request.user.userId, request.body)),
  );
};
