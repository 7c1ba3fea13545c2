import {
  AccountStatus,
  type CheckResult,
  type EmailResult,
  RESET_LINK_HOURS,
  ResultCode,
} from '@vitrine/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { SessionUser } from '../../platform/session';
import { type Client, consoleLink, mailLanguage, mailTime } from './client';
import { consumeLinkCode, issueLinkCode, userOfLink } from './links';
import type { User } from './presenter';

// Passwords: forgotten (mailed reset link) and changed in the user center. Either way every other
// session of the user ends with 600004 and the user gets a changed-pwd mail.

/** Mails a reset link when an active account has this email. The caller answers success either way. */
export async function forgetPassword(app: FastifyInstance, email: string) {
  const [user] = await app.db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.status, AccountStatus.active)))
    .limit(1);
  if (!user) return null;
  await app.db.transaction(async (tx) => {
    const code = await issueLinkCode(tx, user.id, 'reset', RESET_LINK_HOURS);
    await app.mail.enqueue(
      {
        to: user.email,
        template: 'reset-pwd',
        language: mailLanguage(user.language),
        vars: { username: user.username, link: consoleLink(app, '/forget', { code }) },
      },
      tx,
    );
  });
  return null;
}

/** A reset link is only good for an account that is still active. */
async function resetUser(db: Db, code: string, consume = false) {
  const user = consume ? await consumeLinkCode(db, code, 'reset') : await userOfLink(db, code, 'reset');
  if (user.status !== AccountStatus.active) throw new AppError(ResultCode.badLink);
  return user;
}

export async function checkForgetCode(app: FastifyInstance, code: string): Promise<EmailResult> {
  return { email: (await resetUser(app.db, code)).email };
}

/** Sets the password from a reset link. */
export async function resetPassword(
  app: FastifyInstance,
  code: string,
  password: string,
  client: Client,
): Promise<EmailResult> {
  await resetUser(app.db, code); // before the slow hash
  const passwordHash = await hashPassword(password);
  return app.db.transaction(async (tx) => {
    const user = await resetUser(tx, code, true);
    await setPassword(app, tx, user, passwordHash, client);
    await app.sessions.within(tx).revokeAll(user.id, 'password');
    return { email: user.email };
  });
}

async function currentUser(app: FastifyInstance, userId: number): Promise<User> {
  const [user] = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError(ResultCode.sessionExpired);
  return user;
}

export async function checkOldPassword(
  app: FastifyInstance,
  userId: number,
  oldPassword: string,
): Promise<CheckResult> {
  const user = await currentUser(app, userId);
  return { result: await verifyPassword(user.passwordHash, oldPassword) };
}

/**
 * Changes the caller's password: 401003 when the old one is wrong (nothing changes). Other
 * sessions end as "password" (600004); the caller's own as a logout, since the console goes to /login.
 */
export async function changePassword(
  app: FastifyInstance,
  caller: SessionUser,
  input: { password: string; old_password: string },
  client: Client,
) {
  const user = await currentUser(app, caller.userId);
  if (!(await verifyPassword(user.passwordHash, input.old_password))) {
    throw new AppError(ResultCode.wrongOldPassword);
  }
  const passwordHash = await hashPassword(input.password);
  await app.db.transaction(async (tx) => {
    await setPassword(app, tx, user, passwordHash, client);
    const sessions = app.sessions.within(tx);
    await sessions.revokeAll(user.id, 'password', caller.tokenHash);
    await sessions.revoke(caller.tokenHash, 'logout');
  });
  return null;
}

/** Whoever sets a password proved they own the account (mailbox or old password): a lock is lifted. */
async function setPassword(app: FastifyInstance, db: Db, user: User, passwordHash: string, client: Client) {
  const now = new Date();
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: now, failedLogins: 0, lockedUntil: null, updatedAt: now })
    .where(eq(users.id, user.id));
  await app.mail.enqueue(
    {
      to: user.email,
      template: 'changed-pwd',
      language: mailLanguage(user.language),
      vars: { username: user.username, time: mailTime(now, user), ip: client.ip },
    },
    db,
  );
}
