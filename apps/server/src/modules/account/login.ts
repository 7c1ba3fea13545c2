import { AccountStatus, type LoginResult, ResultCode } from '@vitrine/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { loginHistory, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { SessionStore } from '../../platform/session';
import { newToken } from '../../platform/tokens';
import { remoteConfigFor } from '../setting';
import { type Client, mailLanguage, mailTime } from './client';
import { lockedError, lockMinutesLeft, recordAttempt, recordFailure } from './lock';
import { roleName, type User } from './presenter';
import { userInfo } from './profile';

let dummyHash: Promise<string> | null = null;
/** Checked when the email is unknown, so that answer takes as long as a wrong password. */
const dummy = () => {
  dummyHash ??= hashPassword(newToken());
  return dummyHash;
};

/**
 * Login (spec 000 §7): 401001 for an unknown email and a wrong password alike, 423001 while
 * locked, then 403004 / 403003 for an inactive / disabled account; a new session on success.
 */
export async function login(
  app: FastifyInstance,
  input: { email: string; password: string },
  client: Client,
): Promise<LoginResult> {
  const [user] = await app.db.select().from(users).where(eq(users.email, input.email)).limit(1);
  if (!user) {
    await verifyPassword(await dummy(), input.password);
    await recordAttempt(app.db, { id: null, email: input.email }, client, false);
    throw new AppError(ResultCode.wrongCredentials);
  }
  // While locked the password is not even checked: guesses teach nothing.
  const lockedFor = lockMinutesLeft(user.lockedUntil);
  if (lockedFor > 0) {
    await recordAttempt(app.db, user, client, false);
    throw lockedError(lockedFor);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const minutes = await recordFailure(app, user.id, client);
    throw minutes > 0 ? lockedError(minutes) : new AppError(ResultCode.wrongCredentials);
  }
  if (user.status !== AccountStatus.active) {
    throw new AppError(
      user.status === AccountStatus.inactive ? ResultCode.accountInactive : ResultCode.accountDisabled,
    );
  }

  const { row, token } = await app.db.transaction(async (tx) => {
    const alarm = user.offSiteLoginAlarm && (await isNewAddress(tx, user.id, client.ip));
    const now = new Date();
    const [row] = await tx
      .update(users)
      .set({
        failedLogins: 0,
        lockedUntil: null,
        loginTimes: sql`${users.loginTimes} + 1`,
        lastLoginAt: now,
        lastLoginIp: client.ip,
      })
      .where(eq(users.id, user.id))
      .returning();
    await recordAttempt(tx, row, client, true);
    const token = await new SessionStore(tx).create(row.id, {
      ip: client.ip,
      userAgent: client.userAgent ?? undefined,
    });
    if (alarm) await sendRemoteLoginMail(app, tx, row, now, client);
    return { row, token };
  });

  return {
    token,
    role: { role_id: row.roleId, name: roleName(row.roleId) },
    info: await userInfo(app.db, row),
    permissions: [...(await app.matrix.of(row.roleId))],
    config: await remoteConfigFor(app.db, row),
  };
}

/** The off-site alarm needs a baseline: earlier successful logins, none of them from this address. */
async function isNewAddress(db: Db, userId: number, ip: string): Promise<boolean> {
  const [seen] = await db
    .select({
      total: count(),
      here: sql<number>`count(*) filter (where ${loginHistory.ip} = ${ip})`.mapWith(Number),
    })
    .from(loginHistory)
    .where(and(eq(loginHistory.userId, userId), eq(loginHistory.success, true)));
  return seen.total > 0 && seen.here === 0;
}

function sendRemoteLoginMail(app: FastifyInstance, db: Db, user: User, time: Date, client: Client) {
  return app.mail.enqueue(
    {
      to: user.email,
      template: 'remote-login',
      language: mailLanguage(user.language),
      vars: {
        username: user.username,
        time: mailTime(time, user),
        ip: client.ip,
        user_agent: client.userAgent ?? '',
      },
    },
    db,
  );
}

/** Ends the caller's session; its token then answers 600003. */
export async function logout(app: FastifyInstance, tokenHash: string) {
  await app.sessions.revoke(tokenHash, 'logout');
  return null;
}
