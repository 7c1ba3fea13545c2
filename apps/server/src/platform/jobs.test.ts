import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { jobs, recurringJobs } from '../db/schema';
import { buildTestApp } from '../test/app';
import { backoffSeconds, JobQueue } from './jobs';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

/** The job types these tests use. */
type TestJobs = {
  count: { n: number };
  flaky: Record<string, never>;
  'nobody-handles-this': Record<string, never>;
  orphan: { x: number };
  tx: { kept: boolean };
  slow: Record<string, never>;
  transcode: { n: number };
  mail: Record<string, never>;
  early: { n: number };
};
const queue = () => new JobQueue<TestJobs>(app.db, app.log);
const jobRow = async (id: number) => (await app.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const makeDue = (id: number) => app.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, id));
const secondsUntil = (date: Date) => (date.getTime() - Date.now()) / 1000;

describe('JobQueue', () => {
  it('runs each job once when two queues on the same database claim at the same time', async () => {
    const runs = new Map<number, number>();
    const handler = async (_payload: unknown, job: { id: number }) => {
      await new Promise((resolve) => setTimeout(resolve, 2));
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    };
    const a = queue();
    const b = queue();
    a.register('count', handler);
    b.register('count', handler);
    const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => a.enqueue('count', { n })));

    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);

    expect(ranA + ranB).toBe(30);
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(ids.sort((x, y) => x - y));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const rows = await app.db.select().from(jobs).where(eq(jobs.type, 'count'));
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1 && row.finishedAt)).toBe(true);
  });

  it('retries a failing job later with backoff and marks it failed after maxAttempts', async () => {
    const q = queue();
    let calls = 0;
    q.register('flaky', async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    });
    const id = await q.enqueue('flaky', {}, { maxAttempts: 3 });

    expect(await q.runDue()).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1', lockedBy: null });
    expect(secondsUntil(row.runAt)).toBeGreaterThan(8);
    expect(secondsUntil(row.runAt)).toBeLessThanOrEqual(10.5);
    // Not due yet: nothing runs.
    expect(await q.runDue()).toBe(0);

    await makeDue(id);
    expect(await q.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, lastError: 'boom 2' });
    expect(secondsUntil(row.runAt)).toBeGreaterThan(18);

    await makeDue(id);
    expect(await q.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
    expect(row.finishedAt).not.toBeNull();

    await makeDue(id);
    expect(await q.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('doubles the delay per attempt, capped at one hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds(20)).toBe(3600);
  });

  it('refuses to enqueue an unknown type and fails a stored job of an unknown type at once', async () => {
    const q = queue();
    await expect(q.enqueue('nobody-handles-this', {})).rejects.toThrow(
      /No handler is registered.*nobody-handles-this/,
    );

    const [row] = await app.db.insert(jobs).values({ type: 'from-a-newer-version', payload: {} }).returning();
    expect(await q.runDue()).toBe(1);
    expect(await jobRow(row.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'No handler is registered for job type "from-a-newer-version"',
    });
  });

  it('requeues a job left running by a dead worker', async () => {
    const q = queue();
    const seen: unknown[] = [];
    q.register('orphan', async (payload) => {
      seen.push(payload);
    });
    const [row] = await app.db
      .insert(jobs)
      .values({
        type: 'orphan',
        payload: { x: 1 },
        status: 'running',
        attempts: 1,
        lockedBy: 'dead-worker',
        lockedAt: sql`now() - interval '11 minutes'`,
      })
      .returning();
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual([{ x: 1 }]);
    expect(await jobRow(row.id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('runs a job enqueued in a transaction only once it commits', async () => {
    const q = queue();
    const seen: unknown[] = [];
    q.register('tx', async (payload) => {
      seen.push(payload);
    });
    await expect(
      app.db.transaction(async (tx) => {
        await q.enqueue('tx', { kept: false }, {}, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await app.db.transaction(async (tx) => {
      await q.enqueue('tx', { kept: true }, {}, tx);
    });
    await q.runDue();
    expect(seen).toEqual([{ kept: true }]);
  });

  it('runs a queued job early, before its time, once; a job already taken is left to its runner', async () => {
    const q = queue();
    const other = queue();
    const seen: number[] = [];
    for (const one of [q, other]) {
      one.register('early', async ({ n }) => {
        seen.push(n);
        if (n === 3) throw new Error('not now');
      });
    }
    const later = new Date(Date.now() + 60_000);
    const id = await q.enqueue('early', { n: 1 }, { runAt: later });
    expect(await q.runDue()).toBe(0); // not due
    expect(await q.runEarly(id)).toBe(true);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(await q.runEarly(id)).toBe(false); // done: not again

    // Taken by another runner meanwhile: that one runs it.
    const taken = await q.enqueue('early', { n: 2 }, { runAt: later });
    await makeDue(taken);
    expect(await other.runDue()).toBe(1);
    expect(await q.runEarly(taken)).toBe(false);
    expect(seen).toEqual([1, 2]);

    // A failure is retried later, as any job's; settled() waits for what runs early.
    const failing = await q.enqueue('early', { n: 3 }, { runAt: later });
    void q.runEarly(failing);
    await q.settled();
    const row = await jobRow(failing);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'not now' });
    expect(secondsUntil(row.runAt)).toBeGreaterThan(5);
  });

  it('when started, runs an enqueued job at once and stop() waits for it', async () => {
    const q = queue();
    let finished = false;
    q.register('slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      finished = true;
    });
    q.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const enqueuedAt = Date.now();
    const id = await q.enqueue('slow', {});
    while ((await jobRow(id)).status === 'queued' && Date.now() - enqueuedAt < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Picked up well before the next one-second poll.
    expect(Date.now() - enqueuedAt).toBeLessThan(800);
    await q.stop();
    expect(finished).toBe(true);
    expect((await jobRow(id)).status).toBe('done');
  });

  it('runs a long job beside the queue, one at a time: short jobs do not wait behind it', async () => {
    const q = queue();
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let running = 0;
    let most = 0;
    q.register(
      'transcode',
      async (payload: { n: number }) => {
        running += 1;
        most = Math.max(most, running);
        order.push(`transcode ${payload.n} started`);
        if (payload.n === 1) await held;
        running -= 1;
      },
      { long: true },
    );
    q.register('mail', async () => {
      order.push('mail');
    });
    const first = await q.enqueue('transcode', { n: 1 });
    const second = await q.enqueue('transcode', { n: 2 });
    const mail = await q.enqueue('mail', {});
    q.start();
    const started = Date.now();
    while ((await jobRow(mail)).status !== 'done' && Date.now() - started < 3000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // The mail went while the first transcode still ran; the second waits its turn.
    expect((await jobRow(mail)).status).toBe('done');
    expect((await jobRow(first)).status).toBe('running');
    expect((await jobRow(second)).status).toBe('queued');
    release();
    while ((await jobRow(second)).status !== 'done' && Date.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await q.stop();
    expect(order).toEqual(['transcode 1 started', 'mail', 'transcode 2 started']);
    expect(most).toBe(1);
  });
});

describe('recurring jobs', () => {
  const recurringRow = async (name: string) =>
    (await app.db.select().from(recurringJobs).where(eq(recurringJobs.name, name)))[0];
  const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);

  it('runs once per interval across two queues on the same database', async () => {
    const a = queue();
    const b = queue();
    let runs = 0;
    const work = async () => {
      runs += 1;
    };
    a.every('sweep', 60_000, work, { firstAfterMs: 0 });
    b.every('sweep', 60_000, work, { firstAfterMs: 0 });

    expect(sum(await Promise.all([a.runRecurring(), b.runRecurring()]))).toBe(1);
    expect(runs).toBe(1);
    const row = await recurringRow('sweep');
    expect(secondsUntil(row.nextRunAt)).toBeGreaterThan(58);
    expect(row.lastRunBy === a.worker || row.lastRunBy === b.worker).toBe(true);

    // Within the interval: nobody runs it.
    expect(await Promise.all([a.runRecurring(), b.runRecurring()])).toEqual([0, 0]);
    // The next interval: one of them runs it once more.
    await app.db.update(recurringJobs).set({ nextRunAt: sql`now()` }).where(eq(recurringJobs.name, 'sweep'));
    expect(sum(await Promise.all([a.runRecurring(), b.runRecurring()]))).toBe(1);
    expect(runs).toBe(2);
  });

  it('waits its first interval, logs a failure and runs again the next interval', async () => {
    const q = queue();
    let calls = 0;
    q.every('fails', 60_000, async () => {
      calls += 1;
      throw new Error('disk full');
    });
    expect(await q.runRecurring()).toBe(0);
    expect(secondsUntil((await recurringRow('fails')).nextRunAt)).toBeGreaterThan(58);
    await app.db.update(recurringJobs).set({ nextRunAt: sql`now()` }).where(eq(recurringJobs.name, 'fails'));
    expect(await q.runRecurring()).toBe(1);
    expect(calls).toBe(1);
    expect(() => q.every('fails', 1000, async () => {})).toThrow(/already registered/);
  });
});

// Whole servers on one database, as in a scale-out: the job instances share each sweep, an
// instance with RUN_JOBS=false never runs it, and a closed one stops.
describe('recurring jobs in running servers', () => {
  /** Another server on `first`'s database (PGlite: the same one in this process). */
  async function sibling(first: FastifyInstance, overrides: Partial<Config>) {
    const config = { ...first.config, ...overrides };
    const own = first.database.kind === 'postgres';
    const database = own ? await openDatabase(config.databaseUrl, config.dataDir) : first.database;
    const server = await buildApp({ config, database, logger: false });
    await server.ready();
    return {
      server,
      close: async () => {
        await server.close();
        if (own) await database.close();
      },
    };
  }

  let first: FastifyInstance;
  beforeAll(async () => {
    first = await buildTestApp({ runJobs: true });
  });

  it('runs a sweep once per interval across two job instances and stops with its server', async () => {
    const second = await sibling(first, { runJobs: true });
    const apiOnly = await sibling(first, { runJobs: false });
    const INTERVAL = 400;
    const runs: { by: string; at: number }[] = [];
    const servers = { first, second: second.server, apiOnly: apiOnly.server };
    for (const [by, server] of Object.entries(servers)) {
      server.jobs.every(
        'heartbeat',
        INTERVAL,
        async () => {
          runs.push({ by, at: Date.now() });
        },
        { firstAfterMs: 0 },
      );
    }
    let closedAt = 0;
    try {
      await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(5), {
        timeout: 15_000,
        interval: 50,
      });
      await second.close();
      closedAt = Date.now();
      // The sweep goes on, on the instance left.
      await vi.waitFor(
        () => expect(runs.filter((run) => run.at > closedAt).length).toBeGreaterThanOrEqual(3),
        {
          timeout: 15_000,
          interval: 50,
        },
      );
    } finally {
      if (!closedAt) await second.close();
      await apiOnly.close();
    }
    // Never twice in one interval (two instances running it would run it a few milliseconds apart).
    const gaps = runs.slice(1).map((run, i) => run.at - runs[i].at);
    expect(Math.min(...gaps)).toBeGreaterThan(INTERVAL / 2);
    expect(runs.some((run) => run.by === 'apiOnly')).toBe(false);
    // A closed server's queue has stopped: only the other instance runs it after.
    expect(runs.filter((run) => run.at > closedAt).every((run) => run.by === 'first')).toBe(true);
  });
});
