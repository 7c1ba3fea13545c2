import os from 'node:os';
import { APP_VERSION, type ServerProcess } from '@vitrine/contract';
import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recurringJobs, serverProcesses } from '../../db/schema';

// Every server process records itself in server_processes at start, heartbeats while it runs and
// marks its row stopped on a clean shutdown; the servers page reads the table.

/** Three missed heartbeats and a process shows as not answering. */
const MISSED_HEARTBEATS = 3;
/** The interval recorded when this process heartbeats only when asked (tests): the production one. */
const DEFAULT_HEARTBEAT_MS = 15_000;
/** Rows of processes stopped (or silent) this long are removed. */
const PRUNE_AFTER = '24 hours';

export class ProcessRegistry {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly app: FastifyInstance,
    /** When the console this process serves was built, if it serves one. */
    private readonly builtAt: Date | null,
  ) {}

  /** This process start's id: the job runner's worker name, so recurring_jobs.last_run_by points here. */
  get id(): string {
    return this.app.jobs.worker;
  }

  /**
   * Records this process and heartbeats every config.heartbeatMs until stop() (unref'd: it never
   * keeps the process alive); with 0, only when beat() is called.
   */
  async start() {
    const { app } = this;
    const intervalMs = app.config.heartbeatMs;
    const now = sql`now()`;
    await app.db.transaction(async (tx) => {
      // The embedded database belongs to one process (the data folder is locked): any other row is
      // an earlier run of this same server, so the page shows one row.
      if (app.database.kind === 'pglite')
        await tx.delete(serverProcesses).where(ne(serverProcesses.id, this.id));
      await tx.insert(serverProcesses).values({
        id: this.id,
        address: this.address(),
        version: APP_VERSION.slice(0, 64),
        builtAt: this.builtAt,
        database: app.database.kind,
        startedAt: now,
        heartbeatAt: now,
        heartbeatMs: intervalMs || DEFAULT_HEARTBEAT_MS,
        runsJobs: app.config.runJobs,
        jobTypes: app.jobs.types,
      });
    });
    if (intervalMs > 0) {
      this.timer = setInterval(() => {
        this.beat().catch((err) => app.log.error({ err }, 'server heartbeat failed'));
      }, intervalMs);
      this.timer.unref();
    }
  }

  /** Says this process still answers (with its players and address now), and prunes old rows. */
  async beat() {
    const { db } = this.app;
    await db
      .update(serverProcesses)
      .set({
        heartbeatAt: sql`now()`,
        address: this.address(),
        players: this.app.deviceHub.size,
        jobTypes: this.app.jobs.types,
      })
      .where(eq(serverProcesses.id, this.id));
    await db
      .delete(serverProcesses)
      .where(
        sql`coalesce(${serverProcesses.stoppedAt}, ${serverProcesses.heartbeatAt}) < now() - ${PRUNE_AFTER}::interval`,
      );
  }

  /** A clean shutdown: no more heartbeats, and the row says stopped. */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.app.db
      .update(serverProcesses)
      .set({ stoppedAt: sql`now()`, players: 0 })
      .where(eq(serverProcesses.id, this.id));
  }

  /** host:port: the port it listens on once listening, the configured one before. */
  private address(): string {
    const bound = this.app.server.listening ? this.app.server.address() : null;
    const port = bound && typeof bound === 'object' ? bound.port : this.app.config.port;
    return `${os.hostname()}:${port}`.slice(0, 128);
  }
}

/** Every process on record, the running ones first, with what its recurring jobs last ran. */
export async function serverList(app: FastifyInstance, currentId: string): Promise<ServerProcess[]> {
  const status = sql<ServerProcess['status']>`case
    when ${serverProcesses.stoppedAt} is not null then 'stopped'
    when ${serverProcesses.heartbeatAt} < now() - ${serverProcesses.heartbeatMs} * ${MISSED_HEARTBEATS} * interval '1 millisecond' then 'not_answering'
    else 'running' end`;
  const rows = await app.db
    .select({ row: serverProcesses, status })
    .from(serverProcesses)
    .orderBy(sql`${serverProcesses.stoppedAt} is not null`, desc(serverProcesses.startedAt));
  const ids = rows.map(({ row }) => row.id);
  const runs =
    ids.length === 0
      ? []
      : await app.db
          .select({ name: recurringJobs.name, at: recurringJobs.lastRunAt, by: recurringJobs.lastRunBy })
          .from(recurringJobs)
          .where(and(isNotNull(recurringJobs.lastRunBy), inArray(recurringJobs.lastRunBy, ids)))
          .orderBy(recurringJobs.name);
  return rows.map(({ row, status }) => ({
    id: row.id,
    address: row.address,
    version: row.version,
    built_at: row.builtAt?.toISOString() ?? null,
    database: row.database === 'postgres' ? 'postgres' : 'pglite',
    started_at: row.startedAt.toISOString(),
    heartbeat_at: row.heartbeatAt.toISOString(),
    stopped_at: row.stoppedAt?.toISOString() ?? null,
    status,
    players: row.players,
    runs_jobs: row.runsJobs,
    job_types: row.jobTypes,
    recurring_jobs: runs
      .filter((run) => run.by === row.id)
      .map((run) => ({ name: run.name, last_run_at: run.at?.toISOString() ?? null })),
    current: row.id === currentId,
  }));
}
