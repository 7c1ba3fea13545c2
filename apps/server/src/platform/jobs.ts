import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rowsOf } from '../db/client';
import { jobs, recurringJobs } from '../db/schema';

/**
 * Each job type's payload, by type name. A module adds its own types next to their handler:
 * `declare module '…/platform/jobs' { interface JobPayloads { 'my-job': { id: number } } }`
 * (an interface, because only interfaces merge).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules through declaration merging
export interface JobPayloads {}

export type Job = {
  id: number;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
};

export type JobHandler<P = Record<string, unknown>> = (payload: P, job: Job) => Promise<void>;

/** Work that runs every interval; its result is ignored, a failure is logged. */
export type RecurringWork = () => Promise<unknown>;

export type EveryOptions = {
  /** The first run when the job is new to the database (default: one interval). */
  firstAfterMs?: number;
};

type Recurring = {
  intervalMs: number;
  firstAfterMs: number;
  work: RecurringWork;
  /** Its row exists, with a next run at most one interval away. */
  seeded: boolean;
  /** This process's run in progress, if any. */
  running: Promise<void> | null;
};

export type EnqueueOptions = { runAt?: Date; maxAttempts?: number };

type JobRow = {
  id: number | string;
  type: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

const jobOf = (row: JobRow): Job => ({
  id: Number(row.id),
  type: row.type,
  payload: row.payload,
  attempts: row.attempts,
  maxAttempts: row.max_attempts,
});

const POLL_MS = 1000;
const BATCH = 10;
/** A job running this long is taken to belong to a process that died; it is queued again. */
const STALE_MINUTES = 10;
/** The same for a long job (media processing: a transcode may take ten minutes by itself). */
const LONG_STALE_MINUTES = 60;
const BACKOFF_BASE_SECONDS = 10;
const BACKOFF_MAX_SECONDS = 3600;

/** Seconds to wait before the next try after `attempts` failed ones: 10 s, 20 s, 40 s … at most 1 h. */
export const backoffSeconds = (attempts: number) =>
  Math.min(BACKOFF_MAX_SECONDS, BACKOFF_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));

/**
 * Background jobs from one table (ARCHITECTURE §10). Claiming locks rows with FOR UPDATE SKIP
 * LOCKED, so several server processes on one PostgreSQL run each job once. Recurring work
 * (every()) has a row of its own in recurring_jobs, claimed the same way when its next run is due,
 * so each run happens once across the instances that run jobs (RUN_JOBS). `M` maps job types to
 * their payloads.
 */
export class JobQueue<M = JobPayloads> {
  /** Identifies this process in locked_by. */
  readonly worker = `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly recurring = new Map<string, Recurring>();
  /** This process's clock (ms) before which no recurring job is due, as last read; 0: look. */
  private recurringAt = 0;
  /**
   * Types whose jobs may run for minutes. Each runs beside the queue, one at a time per process,
   * so the short jobs (mail) never wait behind it.
   */
  private readonly longTypes = new Set<string>();
  /** The long job this process is running, if any. */
  private long: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  /** The poll in progress, if any: stop() waits for it and the jobs it runs. */
  private ticking: Promise<void> | null = null;
  private wakeAgain = false;
  /** Jobs this process runs ahead of their time (runEarly) that have not ended. */
  private readonly early = new Set<Promise<boolean>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The job types this process has handlers for, and its recurring jobs, by name (the servers page). */
  get types(): string[] {
    return [...this.handlers.keys(), ...this.recurring.keys()].sort();
  }

  register<T extends keyof M & string>(type: T, handler: JobHandler<M[T]>, options: { long?: boolean } = {}) {
    if (this.handlers.has(type)) throw new Error(`A handler for job type "${type}" is already registered`);
    this.handlers.set(type, handler as JobHandler);
    if (options.long) this.longTypes.add(type);
  }

  /**
   * Runs `work` every `intervalMs` (measured from the start of the previous run), once across all
   * instances that run jobs. An instance that dies during a run does not hold up the next one.
   */
  every(name: string, intervalMs: number, work: RecurringWork, options: EveryOptions = {}) {
    if (this.recurring.has(name)) throw new Error(`Recurring job "${name}" is already registered`);
    if (!(intervalMs > 0)) throw new Error(`Recurring job "${name}" needs a positive interval`);
    const firstAfterMs = options.firstAfterMs ?? intervalMs;
    this.recurring.set(name, { intervalMs, firstAfterMs, work, seeded: false, running: null });
    this.recurringAt = 0;
    this.wake();
  }

  /** Adds a job; inside `tx` it exists only if the transaction commits. Returns its id. */
  async enqueue<T extends keyof M & string>(
    type: T,
    payload: M[T],
    options: EnqueueOptions = {},
    tx?: Db,
  ): Promise<number> {
    if (!this.handlers.has(type)) throw new Error(`No handler is registered for job type "${type}"`);
    const [row] = await (tx ?? this.db)
      .insert(jobs)
      .values({
        type,
        payload: payload as Record<string, unknown>,
        ...(options.runAt ? { runAt: options.runAt } : {}),
        ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
      })
      .returning({ id: jobs.id });
    // Inside a transaction the row is not visible yet; the next poll finds it.
    if (!tx) this.wake();
    return row.id;
  }

  /**
   * Runs the queued job `id` here and now instead of at its run_at, claimed as a poll claims it (a
   * job a runner took meanwhile is left to it); answers whether it ran here. For work queued with a
   * delay, as a safety net, in the transaction that calls for it, and done at once once that has
   * committed and answered (an approval's publication): should this process stop first, a runner
   * does it at run_at. A failure is retried as any job's is.
   */
  runEarly(id: number): Promise<boolean> {
    const running = this.claimById(id)
      .then(async (job) => {
        if (!job) return false;
        await this.run(job);
        return true;
      })
      .catch((err) => {
        this.log.error({ err, jobId: id }, 'job runner: could not run a job early');
        return false;
      })
      .finally(() => this.early.delete(running));
    this.early.add(running);
    return running;
  }

  /** Until the jobs run early have ended (stop waits for them too). */
  async settled() {
    await Promise.all([...this.early]);
  }

  /** Runs every job that is due now, including jobs those jobs enqueue; returns how many ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      ran += await this.drain(() => true);
      if (!this.long) return ran;
      await this.long;
    }
  }

  /** Runs the recurring jobs due now and waits for them; returns how many ran. */
  async runRecurring(): Promise<number> {
    this.recurringAt = 0;
    const started = await this.startRecurring();
    await Promise.all([...this.recurring.values()].map((entry) => entry.running));
    return started;
  }

  /** Polls every second (sooner when a recurring job is due), and at once after an enqueue here. */
  start() {
    if (this.started) return;
    this.started = true;
    this.schedule(0);
  }

  /** Stops polling and waits for the jobs that are running. */
  async stop() {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking;
    await this.settled();
    await this.long;
    await Promise.all([...this.recurring.values()].map((entry) => entry.running));
  }

  private async drain(keepGoing: () => boolean): Promise<number> {
    await this.requeueStale();
    let ran = 0;
    while (keepGoing()) {
      if (!this.long && this.longTypes.size > 0) {
        const [job] = await this.claim(1, 'long');
        if (job) {
          ran += 1;
          this.long = this.run(job)
            .catch((err) => this.log.error({ err }, 'job runner: could not record a result'))
            .finally(() => {
              this.long = null;
              this.wake(); // the next long job, if one waits
            });
        }
      }
      const claimed = await this.claim(BATCH, 'short');
      if (claimed.length === 0) break;
      // Settled, not all: every claimed job is waited for even if recording one fails.
      const results = await Promise.allSettled(claimed.map((job) => this.run(job)));
      for (const result of results) {
        if (result.status === 'rejected')
          this.log.error({ err: result.reason }, 'job runner: could not record a result');
      }
      ran += claimed.length;
    }
    return ran;
  }

  private wake() {
    if (!this.started) return;
    if (this.ticking) {
      this.wakeAgain = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref();
  }

  private tick() {
    this.timer = null;
    this.ticking = Promise.all([this.startRecurring(), this.drain(() => this.started)])
      .then(
        () => undefined,
        (err) => this.log.error({ err }, 'job runner: polling failed'),
      )
      .finally(() => {
        this.ticking = null;
        if (!this.started) return;
        const untilRecurring = this.recurring.size > 0 ? this.recurringAt - Date.now() : POLL_MS;
        this.schedule(this.wakeAgain ? 0 : Math.max(0, Math.min(POLL_MS, untilRecurring)));
        this.wakeAgain = false;
      });
  }

  private async claimById(id: number): Promise<Job | undefined> {
    const result = await this.db.execute(sql`
      UPDATE jobs SET status = 'running', locked_at = now(), locked_by = ${this.worker}, attempts = attempts + 1
      WHERE id = ${id} AND status = 'queued'
      RETURNING id, type, payload, attempts, max_attempts`);
    return rowsOf<JobRow>(result).map(jobOf)[0];
  }

  private async claim(limit: number, lane: 'short' | 'long'): Promise<Job[]> {
    const long = [...this.longTypes];
    const ofLane = lane === 'long' ? inArray(jobs.type, long) : notInArray(jobs.type, long);
    const result = await this.db.execute(sql`
      UPDATE jobs SET status = 'running', locked_at = now(), locked_by = ${this.worker}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() AND ${ofLane}
        ORDER BY run_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      RETURNING id, type, payload, attempts, max_attempts`);
    return rowsOf<JobRow>(result).map(jobOf);
  }

  private async run(job: Job) {
    const handler = this.handlers.get(job.type);
    if (!handler) {
      // Retrying cannot help: no process of this version knows the type.
      await this.fail(job, `No handler is registered for job type "${job.type}"`, true);
      return;
    }
    try {
      await handler(job.payload, job);
      await this.db.execute(sql`
        UPDATE jobs SET status = 'done', finished_at = now(), locked_at = NULL, last_error = NULL
        WHERE id = ${job.id} AND locked_by = ${this.worker}`);
    } catch (err) {
      await this.fail(job, err instanceof Error ? err.message : String(err), false);
    }
  }

  private async fail(job: Job, error: string, final: boolean) {
    const last = final || job.attempts >= job.maxAttempts;
    const message = error.slice(0, 2000);
    if (last) {
      this.log.error({ jobId: job.id, type: job.type, attempts: job.attempts, error }, 'job failed for good');
      await this.db.execute(sql`
        UPDATE jobs SET status = 'failed', finished_at = now(), locked_at = NULL, last_error = ${message}
        WHERE id = ${job.id} AND locked_by = ${this.worker}`);
      return;
    }
    const delay = backoffSeconds(job.attempts);
    this.log.warn(
      { jobId: job.id, type: job.type, attempts: job.attempts, retryIn: delay, error },
      'job failed, will retry',
    );
    await this.db.execute(sql`
      UPDATE jobs SET status = 'queued', locked_at = NULL, locked_by = NULL, last_error = ${message},
        run_at = now() + (${delay}::int * interval '1 second')
      WHERE id = ${job.id} AND locked_by = ${this.worker}`);
  }

  /** Claims each recurring job that is due and not running here, and starts it; returns how many. */
  private async startRecurring(): Promise<number> {
    if (this.recurring.size === 0 || Date.now() < this.recurringAt) return 0;
    await this.seedRecurring();
    const names = [...this.recurring.keys()];
    const rows = await this.db
      .select({ name: recurringJobs.name, nextRunAt: recurringJobs.nextRunAt, now: sql<string>`now()` })
      .from(recurringJobs)
      .where(inArray(recurringJobs.name, names));
    let started = 0;
    let next = Number.POSITIVE_INFINITY;
    for (const row of rows) {
      const entry = this.recurring.get(row.name) as Recurring;
      // Read as an offset from the database's clock, so a skewed local clock changes nothing.
      const dueIn = row.nextRunAt.getTime() - new Date(row.now).getTime();
      if (dueIn > 0 || entry.running) {
        // One still running here is looked at again a poll later.
        next = Math.min(next, Date.now() + (entry.running ? Math.max(dueIn, POLL_MS) : dueIn));
        continue;
      }
      const claimed = rowsOf<{ name: string }>(
        await this.db.execute(sql`
          UPDATE recurring_jobs SET next_run_at = now() + ${entry.intervalMs}::int * interval '1 millisecond',
            last_run_at = now(), last_run_by = ${this.worker}
          WHERE name IN (
            SELECT name FROM recurring_jobs WHERE name = ${row.name} AND next_run_at <= now()
            FOR UPDATE SKIP LOCKED
          )
          RETURNING name`),
      );
      next = Math.min(next, Date.now() + entry.intervalMs);
      if (claimed.length === 0) continue; // another instance has it
      started += 1;
      entry.running = entry
        .work()
        .then(
          () => undefined,
          (err) => this.log.error({ err, job: row.name }, 'recurring job failed'),
        )
        .finally(() => {
          entry.running = null;
        });
    }
    // A row gone (a restored backup, a cleared table) is created again at the next look.
    const found = new Set(rows.map((row) => row.name));
    for (const [name, entry] of this.recurring) {
      if (found.has(name)) continue;
      entry.seeded = false;
      next = Date.now();
    }
    this.recurringAt = next;
    return started;
  }

  /**
   * Creates the rows of recurring jobs new to this process. A stored next run stays, so restarts
   * neither run a job early nor put it off, unless it is more than the (shortened) interval away.
   */
  private async seedRecurring() {
    for (const [name, entry] of this.recurring) {
      if (entry.seeded) continue;
      await this.db
        .insert(recurringJobs)
        .values({ name, nextRunAt: sql`now() + ${entry.firstAfterMs}::int * interval '1 millisecond'` })
        .onConflictDoUpdate({
          target: recurringJobs.name,
          set: {
            nextRunAt: sql`least(${recurringJobs.nextRunAt}, now() + ${entry.intervalMs}::int * interval '1 millisecond')`,
          },
        });
      entry.seeded = true;
    }
  }

  /** Jobs left running by a process that died: queued again, or failed when out of attempts. */
  private async requeueStale() {
    await this.db.execute(sql`
      UPDATE jobs SET
        status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
        finished_at = CASE WHEN attempts >= max_attempts THEN now() ELSE NULL END,
        last_error = 'Still running long after it was claimed: the worker was presumed dead',
        locked_at = NULL, locked_by = NULL
      WHERE status = 'running' AND locked_at < now() - (CASE WHEN ${inArray(jobs.type, [...this.longTypes])}
        THEN ${LONG_STALE_MINUTES}::int ELSE ${STALE_MINUTES}::int END * interval '1 minute')`);
  }
}
