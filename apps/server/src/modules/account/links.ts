import { ResultCode } from '@vitrine/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { linkCodes, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { hashToken, newToken } from '../../platform/tokens';
import type { User } from './presenter';

// Codes sent in mailed links (activation, registration, reset, unlock). Only their hash is
// stored; a new code voids the user's earlier ones of the same purpose, and using one voids all.

export type LinkPurpose = 'activate' | 'register' | 'reset' | 'unlock';

const HOUR = 3_600_000;

/** A fresh code for a link valid `hours`; the user's unused codes of this purpose stop working. */
export async function issueLinkCode(db: Db, userId: number, purpose: LinkPurpose, hours: number) {
  await voidCodes(db, userId, purpose);
  const code = newToken();
  await db
    .insert(linkCodes)
    .values({ codeHash: hashToken(code), purpose, userId, expiresAt: new Date(Date.now() + hours * HOUR) });
  return code;
}

/**
 * The user a code was sent to: 400002 when the code is unknown or used, 400003 when it expired.
 * `lock` holds the code's row until the end of the caller's transaction (one use only).
 */
export async function userOfLink(db: Db, code: string, purpose: LinkPurpose, lock = false): Promise<User> {
  const query = db
    .select({ link: linkCodes, user: users })
    .from(linkCodes)
    .innerJoin(users, eq(users.id, linkCodes.userId))
    .where(and(eq(linkCodes.codeHash, hashToken(code)), eq(linkCodes.purpose, purpose)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || row.link.usedAt) throw new AppError(ResultCode.badLink);
  if (row.link.expiresAt.getTime() <= Date.now()) throw new AppError(ResultCode.linkExpired);
  return row.user;
}

/** Uses a code up, inside the caller's transaction, and returns its user. */
export async function consumeLinkCode(tx: Db, code: string, purpose: LinkPurpose): Promise<User> {
  const user = await userOfLink(tx, code, purpose, true);
  await voidCodes(tx, user.id, purpose);
  return user;
}

function voidCodes(db: Db, userId: number, purpose: LinkPurpose) {
  return db
    .update(linkCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(linkCodes.userId, userId), eq(linkCodes.purpose, purpose), isNull(linkCodes.usedAt)));
}
