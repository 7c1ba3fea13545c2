import {
  ResultCode,
  SESSION_ABSOLUTE_DAYS,
  SESSION_IDLE_HOURS,
  SESSION_ROTATE_GRACE_SECONDS,
  SESSION_ROTATE_HOURS,
} from '@vitrine/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { AppError } from './errors';
import { hashToken, newToken } from './tokens';

const HOUR = 3_600_000;
/** lastSeenAt is written at most this often, so a busy console does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

/** Reasons a session was revoked that the user did not choose on this device: answered 600004. */
const ENDED_ELSEWHERE = new Set(['password', 'disabled', 'elsewhere']);

export type RevokeReason = 'logout' | 'password' | 'disabled' | 'elsewhere';

export type SessionUser = {
  userId: number;
  email: string;
  username: string;
  roleId: number;
  status: number;
  customerId: number | null;
  companyId: number | null;
  workspaceId: number | null;
  activeWorkspaceId: number | null;
  language: string;
  tokenHash: string;
};

export type ResolvedSession = { user: SessionUser; renewedToken: string | null };

export class SessionStore {
  constructor(private readonly db: Db) {}

  /** Starts a session and returns its token; only the hash is stored. */
  async create(
    userId: number,
    meta: { ip?: string; userAgent?: string } = {},
    expiresAt?: Date,
  ): Promise<string> {
    const token = newToken();
    const now = Date.now();
    await this.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      idleExpiresAt: new Date(now + SESSION_IDLE_HOURS * HOUR),
      expiresAt: expiresAt ?? new Date(now + SESSION_ABSOLUTE_DAYS * 24 * HOUR),
      ip: meta.ip?.slice(0, 64),
      userAgent: meta.userAgent?.slice(0, 256),
    });
    return token;
  }

  /**
   * The user behind a token, or 600003 (expired, unknown) / 600004 (ended elsewhere). Slides the
   * idle expiry and, once the token is old enough, hands out a new one (returned as renewedToken).
   */
  async resolve(token: string, meta: { ip?: string; userAgent?: string } = {}): Promise<ResolvedSession> {
    const tokenHash = hashToken(token);
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    if (!row) throw new AppError(ResultCode.sessionExpired);
    const { session, user } = row;
    const now = Date.now();
    if (session.revokedAt) {
      throw new AppError(
        ENDED_ELSEWHERE.has(session.revokeReason ?? '')
          ? ResultCode.sessionEndedElsewhere
          : ResultCode.sessionExpired,
      );
    }
    if (user.status === 2) throw new AppError(ResultCode.sessionEndedElsewhere);
    if (session.replacedAt && now - session.replacedAt.getTime() > SESSION_ROTATE_GRACE_SECONDS * 1000) {
      throw new AppError(ResultCode.sessionExpired);
    }
    if (now > session.expiresAt.getTime() || now > session.idleExpiresAt.getTime()) {
      throw new AppError(ResultCode.sessionExpired);
    }

    let renewedToken: string | null = null;
    if (!session.replacedAt && now - session.createdAt.getTime() > SESSION_ROTATE_HOURS * HOUR) {
      renewedToken = await this.rotate(session.tokenHash, session.userId, session.expiresAt, meta);
    } else if (now - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now), idleExpiresAt: new Date(now + SESSION_IDLE_HOURS * HOUR) })
        .where(eq(sessions.tokenHash, tokenHash));
    }

    return {
      renewedToken,
      user: {
        userId: user.id,
        email: user.email,
        username: user.username,
        roleId: user.roleId,
        status: user.status,
        customerId: user.customerId,
        companyId: user.companyId,
        workspaceId: user.workspaceId,
        activeWorkspaceId: user.activeWorkspaceId,
        language: user.language,
        tokenHash,
      },
    };
  }

  private async rotate(
    oldHash: string,
    userId: number,
    expiresAt: Date,
    meta: { ip?: string; userAgent?: string },
  ) {
    return this.db.transaction(async (tx) => {
      const store = new SessionStore(tx as unknown as Db);
      const token = await store.create(userId, meta, expiresAt);
      await tx.update(sessions).set({ replacedAt: new Date() }).where(eq(sessions.tokenHash, oldHash));
      return token;
    });
  }

  /** Ends one session (logout). */
  async revoke(tokenHash: string, reason: RevokeReason) {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  }

  /** Ends every session of a user, except optionally the caller's own. */
  async revokeAll(userId: number, reason: RevokeReason, exceptTokenHash?: string) {
    const mine = exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : undefined;
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), mine));
  }
}
