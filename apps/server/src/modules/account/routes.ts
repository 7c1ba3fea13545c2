import { accountOperations as ops, userCenterOperations as own, ResultCode } from '@vitrine/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { route } from '../../platform/operations';
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

// Paths, schemas and access are the contract's operations; the rate limits are the routes' own.
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, ops.login, async (request) => ok(await login(app, request.body, clientOf(request))), {
    config: { rateLimit: LOGIN_LIMIT },
    preHandler: addressCeiling(app, LOGIN_ADDRESS_LIMIT),
  });
  route(app, ops.logout, async (request) => ok(await logout(app, request.user.tokenHash)));
  route(app, ops.register, async (request) => ok(await register(app, request.body, clientOf(request))), {
    config: { rateLimit: MAIL_LIMIT },
  });
  route(app, ops.registerActive, async (request) =>
    ok(await registerActive(app, request.params.active_code)),
  );
  route(app, ops.checkCode, async (request) => ok(await checkInvite(app, request.body.active_code)));
  route(app, ops.activate, async (request) =>
    ok(await activateInvited(app, request.params.active_code, request.body.password)),
  );
  route(app, ops.forgetPassword, async (request) => ok(await forgetPassword(app, request.body.email)), {
    config: { rateLimit: MAIL_LIMIT },
    preHandler: addressCeiling(app, FORGET_ADDRESS_LIMIT),
  });
  route(app, ops.checkForgetCode, async (request) => ok(await checkForgetCode(app, request.body.code)));
  route(app, ops.resetPassword, async (request) =>
    ok(await resetPassword(app, request.params.reset_code, request.body.password, clientOf(request))),
  );
  route(app, ops.checkLock, async (request) => ok(await checkLock(app, request.body.email)), {
    config: { rateLimit: CHECK_LOCK_LIMIT },
    preHandler: addressCeiling(app, CHECK_LOCK_ADDRESS_LIMIT),
  });
  route(
    app,
    ops.unlockEmail,
    async (request) => {
      await unlockEmail(app, request.body.email, request.body.act_url, clientOf(request));
      return ok(null);
    },
    { config: { rateLimit: MAIL_LIMIT } },
  );
  route(app, ops.unlock, async (request) => ok(await unlock(app, request.params.unlock_code)));

  route(
    app,
    own.checkOldPassword,
    async (request) => ok(await checkOldPassword(app, request.user.userId, request.body.old_password)),
    { config: { rateLimit: PASSWORD_CHECK_LIMIT } },
  );
  route(
    app,
    own.changePassword,
    async (request) => ok(await changePassword(app, request.user, request.body, clientOf(request))),
    { config: { rateLimit: PASSWORD_CHECK_LIMIT } },
  );
  route(app, own.info, async (request) => ok(await profile(app, request.user.userId)));
  route(app, own.update, async (request) => ok(await updateProfile(app, request.user.userId, request.body)));
};
