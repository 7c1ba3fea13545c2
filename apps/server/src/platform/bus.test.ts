import { Role } from '@vitrine/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { rolePermissions, sessions } from '../db/schema';
import { buildSecondInstance, buildTestApp } from '../test/app';
import { as, loggedIn } from '../test/factories';
import { type BusEvent, publishDevicesChanged } from './bus';
import { SessionStore } from './session';
import { hashToken } from './tokens';

const route = { method: 'GET' as const, url: '/backend/manager/sys/time-frequency' };

/** Every event the instance hears from now on. */
function heard(app: FastifyInstance) {
  const events: BusEvent[] = [];
  const stop = app.bus.on((event) => events.push(event));
  return { events, stop };
}

describe('the event bus on one instance', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });

  it('hears its own events', async () => {
    const { events, stop } = heard(app);
    await app.bus.publish({ type: 'sessions-changed', userIds: [9001] });
    await vi.waitFor(() => expect(events).toEqual([{ type: 'sessions-changed', userIds: [9001] }]));
    stop();
  });

  it('sends an event published in a transaction at its commit, and never after a rollback', async () => {
    const { events, stop } = heard(app);
    await app.db.transaction(async (tx) => {
      await app.bus.publish({ type: 'sessions-changed', userIds: [9002] }, tx);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(events).toEqual([]);
    });
    await vi.waitFor(() => expect(events).toEqual([{ type: 'sessions-changed', userIds: [9002] }]));

    await app.db
      .transaction(async (tx) => {
        await app.bus.publish({ type: 'sessions-changed', userIds: [9003] }, tx);
        tx.rollback();
      })
      .catch(() => {});
    await app.bus.publish({ type: 'sessions-changed', userIds: [9004] });
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events[1]).toEqual({ type: 'sessions-changed', userIds: [9004] });
    stop();
  });

  it('names devices 500 to an event, each once, at the commit', async () => {
    const { events, stop } = heard(app);
    const ids = Array.from({ length: 1_201 }, (_, index) => index + 1);
    await app.db.transaction(async (tx) => {
      await publishDevicesChanged(tx, [...ids, 7]);
      expect(events).toEqual([]);
    });
    await vi.waitFor(() => expect(events).toHaveLength(3));
    expect(events).toEqual([
      { type: 'devices-changed', deviceIds: ids.slice(0, 500) },
      { type: 'devices-changed', deviceIds: ids.slice(500, 1_000) },
      { type: 'devices-changed', deviceIds: ids.slice(1_000) },
    ]);
    stop();
  });

  it('names every user only up to a point, then asks for everything to be dropped', async () => {
    const { events, stop } = heard(app);
    const many = Array.from({ length: 2_000 }, (_, index) => index + 1);
    await app.bus.publish({ type: 'sessions-changed', userIds: many });
    await vi.waitFor(() => expect(events).toEqual([{ type: 'sessions-changed', all: true }]));
    stop();
  });

  it('evicts sessions revoked by a store that holds no cache, once the transaction commits', async () => {
    const { user, call } = await loggedIn(app);
    expect((await call(route)).json().code).toBe(220000);
    await app.db.transaction((tx) => new SessionStore(tx).revokeAll(user.id, 'disabled'));
    await vi.waitFor(async () => expect((await call(route)).json().code).toBe(600004));
  });
});

// Scale-out (ARCHITECTURE §1): several server processes on one PostgreSQL database.
describe.runIf(process.env.DATABASE_URL?.startsWith('postgres'))('two instances on one database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await buildTestApp();
    b = await buildSecondInstance(a);
  });

  it('ends on the other instance a session that one instance logged out', async () => {
    const { token } = await loggedIn(a);
    const onB = as(b, token);
    expect((await onB(route)).json().code).toBe(220000); // now cached on b
    expect((await as(a, token)({ method: 'POST', url: '/backend/account/logout' })).json().code).toBe(220000);
    await vi.waitFor(async () => expect((await onB(route)).json().code).toBe(600003));
  });

  it('gives the other instance a saved permission change', async () => {
    const before = await b.matrix.of(Role.user);
    const saved = before.slice(1);
    await a.db
      .insert(rolePermissions)
      .values({ roleId: Role.user, permissions: [...saved] })
      .onConflictDoUpdate({ target: rolePermissions.roleId, set: { permissions: [...saved] } });
    await a.matrix.invalidate();
    await vi.waitFor(async () => expect(await b.matrix.of(Role.user)).toEqual(saved));
  });

  it('listens again after losing its connection, and drops its caches: events may have been missed', async () => {
    const { token } = await loggedIn(a);
    const onB = as(b, token);
    expect((await onB(route)).json().code).toBe(220000); // now cached on b
    await a.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token))); // unannounced
    const reconnected = vi.fn();
    b.bus.onReconnect(reconnected);
    await a.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'LISTEN vitrine_events'`,
    );
    await vi.waitFor(() => expect(reconnected).toHaveBeenCalled(), { timeout: 10_000 });
    expect((await onB(route)).json().code).toBe(600003);

    const { events, stop } = heard(b);
    await a.bus.publish({ type: 'sessions-changed', userIds: [9100] });
    await vi.waitFor(() => expect(events).toEqual([{ type: 'sessions-changed', userIds: [9100] }]));
    stop();
  });
});
