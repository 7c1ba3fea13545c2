import {
  AccountStatus,
  ResultCode,
  SESSION_ABSOLUTE_DAYS,
  SESSION_IDLE_HOURS,
  SESSION_ROTATE_GRACE_SECONDS,
  SESSION_ROTATE_HOURS,
} from '@vitrine/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { type EventBus, publish } from './bus';
import { AppError } from './errors';
import type { CachedSession, SessionCache, SessionUser } from './session-cache';
import { hashToken, newToken } from './tokens';

const HOUR = 3_600_000;
/** lastSeenAt is written at most this often, so a busy console does not write on every call. */
const TOUCH_EVERY_MS = 60_000;

/** Reasons a session was revoked that the user did not choose on this device: answered 600004. */
const ENDED_ELSEWHERE = new Set(['password', 'disabled', 'elsewhere']);

export type RevokeReason = 'logout' | 'password' | 'disabled' | 'elsewhere';

export type { SessionUser } from './session-cache';

export type ResolvedSession = { user: SessionUser; renewedToken: string | null };
export type SessionMeta = { ip?: string; userAgent?: string };

type StoreOptions = { cache?: SessionCache; log?: FastifyBaseLogger };

/**
 * Sessions: created at login, resolved on every authenticated call, revoked on logout, password
 * change and disable. The app's store keeps live sessions in a SessionCache, so a call costs no
 * query; every write that ends a session or changes its user evicts here at once and, through the
 * event bus, on every other instance (at commit when made inside a transaction).
 */
export class SessionStore {
  private readonly touches = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly options: StoreOptions = {},
  ) {}

  /** The same store writing through `tx`: its evictions are immediate, its events leave at commit. */
  within(tx: Db): SessionStore {
    return new SessionStore(tx, this.options);
  }

  /** Evicts what any instance announces; everything after the bus may have missed events. */
  follow(bus: EventBus) {
    const cache = this.options.cache;
    if (!cache) return;
    bus.on((event) => {
      if (event.type !== 'sessions-changed') return;
      if ('tokenHash' in event) cache.forgetToken(event.tokenHash);
      else if ('userIds' in event) cache.forgetUsers(event.userIds);
      else cache.clear();
    });
    bus.onReconnect(() => cache.clear());
  }

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
  resolve(token: string, meta: SessionMeta = {}): ResolvedSession | Promise<ResolvedSession> {
    const tokenHash = this.options.cache?.hashOf(token) ?? hashToken(token);
    const now = Date.now();
    const cached = this.options.cache?.get(tokenHash, now);
    // The common case, a cached session that is not due for a new token, costs no promise.
    if (cached && !dueForRotation(cached, now)) {
      checkTimes(cached, now);
      if (now - cached.lastSeenAt > TOUCH_EVERY_MS) this.touch(cached, now);
      return { user: cached.user, renewedToken: null };
    }
    return this.resolveLoaded(tokenHash, now, cached, meta);
  }

  private async resolveLoaded(
    tokenHash: string,
    now: number,
    cached: CachedSession | undefined,
    meta: SessionMeta,
  ): Promise<ResolvedSession> {
    const session = cached ?? (await this.load(tokenHash, now));
    checkTimes(session, now);

    let renewedToken: string | null = null;
    if (dueForRotation(session, now)) {
      session.replacedAt = now; // calls already under way on this token do not rotate it again
      try {
        renewedToken = await this.rotate(session, meta);
      } catch (error) {
        this.options.cache?.forgetToken(tokenHash);
        throw error;
      }
    } else if (now - session.lastSeenAt > TOUCH_EVERY_MS) {
      this.touch(session, now);
    }
    return { user: session.user, renewedToken };
  }

  /** Waits for the idle-expiry writes still under way (before the database closes). */
  async drain() {
    await Promise.all(this.touches);
  }

  private async load(tokenHash: string, now: number): Promise<CachedSession> {
    const mark = this.options.cache?.mark() ?? 0;
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    if (!row) throw new AppError(ResultCode.sessionExpired);
    const { session, user } = row;
    if (session.revokedAt) {
      throw new AppError(
        ENDED_ELSEWHERE.has(session.revokeReason ?? '')
          ? ResultCode.sessionEndedElsewhere
          : ResultCode.sessionExpired,
      );
    }
    if (user.status === AccountStatus.disabled) throw new AppError(ResultCode.sessionEndedElsewhere);
    const loaded: CachedSession = {
      // Frozen: it is shared by every call on this token while cached.
      user: Object.freeze({
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
      }),
      createdAt: session.createdAt.getTime(),
      expiresAt: session.expiresAt.getTime(),
      idleExpiresAt: session.idleExpiresAt.getTime(),
      lastSeenAt: session.lastSeenAt.getTime(),
      replacedAt: session.replacedAt?.getTime() ?? null,
    };
    this.options.cache?.set(loaded, mark, now); // its times are checked on every call, hit or not
    return loaded;
  }

  /** Slides the idle expiry without holding up the call; a failed write is retried next time. */
  private touch(session: CachedSession, now: number) {
    session.lastSeenAt = now;
    session.idleExpiresAt = now + SESSION_IDLE_HOURS * HOUR;
    const write = this.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), idleExpiresAt: new Date(session.idleExpiresAt) })
      .where(eq(sessions.tokenHash, session.user.tokenHash))
      .then(
        () => undefined,
        (err) => {
          session.lastSeenAt = 0;
          this.options.log?.error({ err }, 'session: could not slide the idle expiry');
        },
      )
      .finally(() => this.touches.delete(write));
    this.touches.add(write);
  }

  private async rotate(session: CachedSession, meta: { ip?: string; userAgent?: string }) {
    const { userId, tokenHash } = session.user;
    return this.db.transaction(async (tx) => {
      const token = await this.within(tx as unknown as Db).create(userId, meta, new Date(session.expiresAt));
      await tx.update(sessions).set({ replacedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
      // Other instances may hold the old token as not yet replaced.
      await publish(tx as unknown as Db, { type: 'sessions-changed', tokenHash });
      return token;
    });
  }

  /** Ends one session (logout). */
  async revoke(tokenHash: string, reason: RevokeReason) {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    this.options.cache?.forgetToken(tokenHash);
    await publish(this.db, { type: 'sessions-changed', tokenHash });
  }

  /** Ends every session of a user, except optionally the caller's own. */
  async revokeAll(userId: number, reason: RevokeReason, exceptTokenHash?: string) {
    const mine = exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : undefined;
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), mine));
    await this.forgetUser(userId);
  }

  /**
   * Drops the cached sessions of users whose role, status, company, workspace, language or other
   * session detail changed (or who were deleted), here and on every instance: their next call
   * reads them afresh. Inside the transaction that makes the change, call it as
   * within(tx).forgetUser(…): the other instances then hear of it at commit.
   */
  async forgetUser(userIds: number | readonly number[]) {
    const ids = typeof userIds === 'number' ? [userIds] : [...userIds];
    if (ids.length === 0) return;
    this.options.cache?.forgetUsers(ids);
    await publish(this.db, { type: 'sessions-changed', userIds: ids });
  }
}

/** 600003 once the token is replaced beyond its grace, idle too long, or past its absolute expiry. */
/** Old enough for a new token, and not already handed one. */
const dueForRotation = (session: CachedSession, now: number) =>
  session.replacedAt === null && now - session.createdAt > SESSION_ROTATE_HOURS * HOUR;

function checkTimes(session: CachedSession, now: number) {
  const replacedLongAgo =
    session.replacedAt !== null && now - session.replacedAt > SESSION_ROTATE_GRACE_SECONDS * 1000;
  if (replacedLongAgo || now > session.expiresAt || now > session.idleExpiresAt) {
    throw new AppError(ResultCode.sessionExpired);
  }
}
