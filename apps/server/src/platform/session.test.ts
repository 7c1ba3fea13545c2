import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../db/schema';
import { buildTestApp } from '../test/app';
import { buildUser, loggedIn } from '../test/factories';
import { SessionStore } from './session';
import { SessionCache } from './session-cache';
import { hashToken } from './tokens';

const HOUR = 3_600_000;
const route = { method: 'GET' as const, url: '/backend/manager/sys/time-frequency' };

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** forgetUser, then its event back from the database (on PostgreSQL it arrives a little later). */
async function forget(userId: number) {
  let back = false;
  const stop = app.bus.on((event) => {
    if ('userIds' in event && event.userIds.includes(userId)) back = true;
  });
  await app.sessions.forgetUser(userId);
  await vi.waitFor(() => expect(back).toBe(true));
  stop();
}

const sessionRow = async (token: string) =>
  (
    await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0];

/** resolve() answers a cached session without a promise, so it may throw rather than reject. */
const resolving = async (store: SessionStore, token: string) => store.resolve(token);

describe('the session cache', () => {
  it('answers a known token without the database until told its user changed', async () => {
    const { user, token, call } = await loggedIn(app);
    expect((await call(route)).json().code).toBe(220000);
    // Gone from the database behind the store's back: the cached session still answers…
    await app.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect((await call(route)).json().code).toBe(220000);
    // …until the change is announced, as every write that ends a session does.
    await app.sessions.forgetUser(user.id);
    expect((await call(route)).json().code).toBe(600003);
  });

  it('slides the idle expiry at most once a minute, without holding up the call', async () => {
    const { user, token, call } = await loggedIn(app);
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
    await app.db
      .update(sessions)
      .set({ lastSeenAt: twoMinutesAgo, idleExpiresAt: new Date(Date.now() + HOUR) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await forget(user.id);

    expect((await call(route)).json().code).toBe(220000);
    await app.sessions.drain();
    const touched = await sessionRow(token);
    expect(touched.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect(touched.idleExpiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * HOUR);

    // Within the minute nothing is written again.
    await app.db
      .update(sessions)
      .set({ lastSeenAt: twoMinutesAgo })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await call(route)).json().code).toBe(220000);
    await app.sessions.drain();
    expect((await sessionRow(token)).lastSeenAt).toEqual(twoMinutesAgo);
  });

  it('answers a cached session at once, without a promise or a query', async () => {
    const user = await buildUser(app);
    const store = new SessionStore(app.db, { cache: new SessionCache(10, 60_000) });
    const token = await store.create(user.id);
    const first = store.resolve(token);
    expect(first).toBeInstanceOf(Promise); // not cached yet: read from the database
    await first;
    const again = store.resolve(token);
    expect(again).not.toBeInstanceOf(Promise);
    expect(again).toMatchObject({ user: { userId: user.id }, renewedToken: null });
  });

  it('ends a cached session on time: idle, then absolute expiry', async () => {
    const user = await buildUser(app);
    const store = new SessionStore(app.db, { cache: new SessionCache(10, 40 * 24 * HOUR) });
    const token = await store.create(user.id);
    const now = Date.now();
    await store.resolve(token);
    vi.spyOn(Date, 'now').mockReturnValue(now + 25 * HOUR); // idle for longer than 24 hours
    await expect(resolving(store, token)).rejects.toMatchObject({ code: 600003 });

    const fresh = await store.create(user.id, {}, new Date(now + HOUR));
    vi.spyOn(Date, 'now').mockReturnValue(now);
    await store.resolve(fresh);
    vi.spyOn(Date, 'now').mockReturnValue(now + HOUR + 1_000); // past the absolute expiry
    await expect(resolving(store, fresh)).rejects.toMatchObject({ code: 600003 });
  });

  it('renews a cached token once, however many calls are under way', async () => {
    const user = await buildUser(app);
    const store = new SessionStore(app.db, { cache: new SessionCache(10, 40 * 24 * HOUR) });
    const token = await store.create(user.id);
    const now = Date.now();
    await store.resolve(token);
    vi.spyOn(Date, 'now').mockReturnValue(now + 13 * HOUR);
    const answers = await Promise.all([store.resolve(token), store.resolve(token), store.resolve(token)]);
    expect(answers.filter((answer) => answer.renewedToken !== null)).toHaveLength(1);
    await store.drain();
    expect((await sessionRow(token)).replacedAt).not.toBeNull();
  });

  it('forgets a whole user within a transaction: its event leaves at commit', async () => {
    const { user, token, call } = await loggedIn(app);
    expect((await call(route)).json().code).toBe(220000);
    await app.db.transaction(async (tx) => {
      await app.sessions.within(tx).revokeAll(user.id, 'disabled');
    });
    expect((await call(route)).json().code).toBe(600004);
    expect((await sessionRow(token)).revokeReason).toBe('disabled');
  });
});
