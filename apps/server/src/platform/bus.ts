import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, Db } from '../db/client';

// Events every server instance hears, this one included (ARCHITECTURE §1: N processes on one
// PostgreSQL talk over LISTEN/NOTIFY). PostgreSQL delivers a NOTIFY sent inside a transaction at
// its commit and drops it on rollback, so an event never runs ahead of the data it announces.

export const CHANNEL = 'vitrine_events';

/** More user ids than this in one event: every instance drops its whole session cache instead. */
const MAX_IDS = 500;

export type BusEvent =
  /** Users whose sessions ended or whose details (role, status, tenant, language) changed. */
  | { type: 'sessions-changed'; userIds: number[] }
  /** One session ended. */
  | { type: 'sessions-changed'; tokenHash: string }
  /** Too many users at once to name. */
  | { type: 'sessions-changed'; all: true }
  /** The role → permission matrix was saved. */
  | { type: 'permissions-changed' }
  /** A company's workspaces were added, moved, renamed or deleted. */
  | { type: 'workspaces-changed'; companyId: number }
  /**
   * Devices were claimed, renamed, moved or deleted, or their upgrade offer came or went: the
   * instances holding their sockets push each one's state (publishDevicesChanged).
   */
  | { type: 'devices-changed'; deviceIds: number[] }
  /**
   * Players' sockets accepted by `instance`, as [device id, connection number] pairs: an instance
   * still holding an older socket of one of them closes it (one live socket per screen).
   */
  | { type: 'devices-connected'; instance: string; sockets: [number, number][] }
  /** A command for a device: the instance holding its socket sends it. */
  | { type: 'device-command'; deviceId: number; commandId: number }
  /** What these devices play changed (modules/program): the instances holding their sockets tell them. */
  | { type: 'manifest-changed'; deviceIds: number[] }
  /** A networked sensor read a tag (modules/sensor): the instances holding these screens' sockets tell them. */
  | { type: 'sensor-read'; deviceIds: number[]; sensorId: string }
  /** The platform-wide system settings were saved (modules/setting). */
  | { type: 'system-settings-changed' }
  /** A brand, custom domain or system property changed (modules/setting): the host → brand cache is dropped. */
  | { type: 'brand-changed' };

type Handler = (event: BusEvent) => void;

/**
 * Sends an event to every instance. Pass the transaction the change is made in: the event then
 * leaves at its commit. pg_notify on whatever connection runs the change, so publishing needs no
 * bus object (a store working on a bare transaction can still announce its writes).
 */
export async function publish(db: Db, event: BusEvent): Promise<void> {
  if (event.type === 'sessions-changed' && 'userIds' in event && event.userIds.length > MAX_IDS) {
    event = { type: 'sessions-changed', all: true }; // a NOTIFY payload holds under 8,000 bytes
  }
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
}

/** Device ids per event naming devices: a NOTIFY payload holds under 8,000 bytes. */
const DEVICE_IDS_PER_EVENT = 500;

/**
 * An event for these devices ('devices-changed': their state; 'manifest-changed': what they
 * play), one per DEVICE_IDS_PER_EVENT of them: a plan of 10,000 screens is 20 NOTIFYs, not
 * 10,000. Pass the transaction of the change: the events leave at its commit.
 */
export async function publishForDevices(
  tx: Db,
  type: 'devices-changed' | 'manifest-changed',
  deviceIds: readonly number[],
): Promise<void> {
  const ids = [...new Set(deviceIds)];
  for (let start = 0; start < ids.length; start += DEVICE_IDS_PER_EVENT) {
    await publish(tx, { type, deviceIds: ids.slice(start, start + DEVICE_IDS_PER_EVENT) });
  }
}

/** The state of these devices changed: the instances holding their sockets push it. */
export const publishDevicesChanged = (tx: Db, deviceIds: readonly number[]) =>
  publishForDevices(tx, 'devices-changed', deviceIds);

export class EventBus {
  private readonly handlers: Handler[] = [];
  private readonly reconnectHandlers: (() => void)[] = [];
  private stopListening: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Calls `handler` with every event any instance publishes; returns what stops that. */
  on(handler: Handler): () => void {
    this.handlers.push(handler);
    return () => {
      const index = this.handlers.indexOf(handler);
      if (index >= 0) this.handlers.splice(index, 1);
    };
  }

  /** Calls `handler` after the listening connection came back: events may have been missed. */
  onReconnect(handler: () => void) {
    this.reconnectHandlers.push(handler);
  }

  publish(event: BusEvent, tx: Db = this.database.db) {
    return publish(tx, event);
  }

  async start() {
    if (this.database.kind === 'pglite') {
      // One embedded database is one instance: LISTEN on its only connection hears its own NOTIFYs.
      const client = (this.database.db as unknown as { $client: PGlite }).$client;
      const unlisten = await client.listen(CHANNEL, (payload) => this.dispatch(payload));
      this.stopListening = () => unlisten();
    } else {
      await this.listenOnServer();
    }
  }

  async close() {
    this.closed = true;
    await this.stopListening?.();
    this.stopListening = null;
  }

  /**
   * LISTEN on a connection of its own (a pooled one goes back to the pool). At startup a failure
   * stops the server; later a lost connection is retried with backoff, and once back the
   * reconnect handlers run, since events sent meanwhile are gone.
   */
  private async listenOnServer(retry = 0): Promise<void> {
    const pool = (this.database.db as unknown as { $client: pg.Pool }).$client;
    const client = new pg.Client(pool.options);
    let lost = false;
    let listening = false;
    const retryLater = (err?: Error) => {
      if (lost || this.closed) return;
      lost = true;
      this.stopListening = null;
      this.log.warn({ err }, 'event bus: connection lost, reconnecting');
      client.end().catch(() => {});
      // A connection that worked is retried at once; one that keeps failing, less and less often.
      const next = listening ? 1 : retry + 1;
      setTimeout(() => void this.listenOnServer(next), Math.min(30_000, 250 * 2 ** next)).unref();
    };
    client.on('error', retryLater);
    client.on('end', () => retryLater());
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) this.dispatch(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      if (retry > 0) return retryLater(err as Error);
      lost = true;
      await client.end().catch(() => {});
      throw err;
    }
    if (this.closed) {
      lost = true;
      await client.end();
      return;
    }
    listening = true;
    this.stopListening = async () => {
      lost = true;
      await client.end();
    };
    if (retry > 0) for (const handler of this.reconnectHandlers) handler();
  }

  private dispatch(payload: string) {
    let event: BusEvent;
    try {
      event = JSON.parse(payload);
    } catch {
      this.log.warn({ payload }, 'event bus: unreadable event');
      return;
    }
    for (const handler of [...this.handlers]) {
      try {
        handler(event);
      } catch (err) {
        this.log.error({ err, event }, 'event bus: handler failed');
      }
    }
  }
}
