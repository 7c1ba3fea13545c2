import {
  type EmailResult,
  LOGIN_LOCK_MINUTES,
  LOGIN_LOCK_THRESHOLD,
  type LockState,
  ResultCode,
  UNLOCK_LINK_HOURS,
} from '@vitrine/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { loginHistory, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { type Client, consoleLink, mailLanguage, mailTime } from './client';
import { consumeLinkCode, issueLinkCode } from './links';
import type { User } from './presenter';

// Lockout after failed logins (ARCHITECTURE §6): counting, the unlock mail, check-lock, unlock.

const MINUTE = 60_000;
/** Where an unlock link opens when the console names no page of its own. */
const LOGIN_PATH = '/login';

/** Whole minutes until a lock ends; 0 when the account is not locked. */
export function lockMinutesLeft(lockedUntil: Date | null, now = Date.now()): number {
  const left = lockedUntil ? lockedUntil.getTime() - now : 0;
  return left > 0 ? Math.ceil(left / MINUTE) : 0;
}

export const lockedError = (minutes: number) =>
  new AppError(ResultCode.accountLocked, undefined, { minutes }, { minutes });

export function recordAttempt(
  db: Db,
  user: { id: number | null; email: string },
  client: Client,
  success: boolean,
) {
  return db
    .insert(loginHistory)
    .values({ userId: user.id, email: user.email, ip: client.ip, userAgent: client.userAgent, success });
}

/**
 * Counts a wrong password. The LOGIN_LOCK_THRESHOLD-th in a row locks the account for
 * LOGIN_LOCK_MINUTES and mails its owner an unlock link. Returns the minutes locked, 0 if not.
 */
export function recordFailure(app: FastifyInstance, userId: number, client: Client): Promise<number> {
  return app.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    await recordAttempt(tx, user, client, false);
    const now = Date.now();
    const minutes = lockMinutesLeft(user.lockedUntil, now);
    if (minutes > 0) return minutes; // another attempt locked it meanwhile
    // A lock that ran out starts a new count.
    const failures = (user.lockedUntil ? 0 : user.failedLogins) + 1;
    const lock = failures >= LOGIN_LOCK_THRESHOLD;
    await tx
      .update(users)
      .set({ failedLogins: failures, lockedUntil: lock ? new Date(now + LOGIN_LOCK_MINUTES * MINUTE) : null })
      .where(eq(users.id, userId));
    if (!lock) return 0;
    await sendUnlockMail(
      app,
      tx,
      user,
      LOGIN_PATH,
      { time: new Date(now), ip: client.ip },
      LOGIN_LOCK_MINUTES,
    );
    return LOGIN_LOCK_MINUTES;
  });
}

async function sendUnlockMail(
  app: FastifyInstance,
  db: Db,
  user: User,
  path: string,
  attempt: { time: Date; ip: string },
  minutes: number,
) {
  const code = await issueLinkCode(db, user.id, 'unlock', UNLOCK_LINK_HOURS);
  await app.mail.enqueue(
    {
      to: user.email,
      template: 'login-error',
      language: mailLanguage(user.language),
      vars: {
        username: user.username,
        time: mailTime(attempt.time, user),
        ip: attempt.ip,
        link: consoleLink(app, path, { unlock_code: code }),
        minutes: String(minutes),
      },
    },
    db,
  );
}

const findUser = async (db: Db, email: string): Promise<User | undefined> =>
  (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

/** An unknown email answers "not locked": the call tells nothing about who has an account. */
export async function checkLock(app: FastifyInstance, email: string): Promise<LockState> {
  const user = await findUser(app.db, email);
  const minutes = lockMinutesLeft(user?.lockedUntil ?? null);
  return { locked: minutes > 0, minutes };
}

/** Only a same-site path may be the unlock page: never another host (`//x`, `\x`, `https:`). */
export function unlockPath(actUrl: string | undefined): string {
  return actUrl && /^\/(?![/\\])[A-Za-z0-9\-._~/]*$/.test(actUrl) ? actUrl : LOGIN_PATH;
}

/** Mails a fresh unlock link when the account is locked; silent otherwise. */
export async function unlockEmail(
  app: FastifyInstance,
  email: string,
  actUrl: string | undefined,
  client: Client,
) {
  const user = await findUser(app.db, email);
  const minutes = lockMinutesLeft(user?.lockedUntil ?? null);
  if (!user || minutes === 0) return;
  // The mail tells of the failed login that locked the account, not of this request.
  const [last] = await app.db
    .select({ time: loginHistory.createdAt, ip: loginHistory.ip })
    .from(loginHistory)
    .where(and(eq(loginHistory.userId, user.id), eq(loginHistory.success, false)))
    .orderBy(desc(loginHistory.createdAt))
    .limit(1);
  const attempt = { time: last?.time ?? new Date(), ip: last?.ip ?? client.ip };
  await app.db.transaction((tx) => sendUnlockMail(app, tx, user, unlockPath(actUrl), attempt, minutes));
}

export function unlock(app: FastifyInstance, code: string): Promise<EmailResult> {
  return app.db.transaction(async (tx) => {
    const user = await consumeLinkCode(tx, code, 'unlock');
    await tx.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
    return { email: user.email };
  });
}
