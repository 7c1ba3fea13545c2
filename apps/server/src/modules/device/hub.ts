import { randomBytes } from 'node:crypto';
import {
  DeviceStatus,
  HEARTBEAT_SECONDS,
  OFFLINE_AFTER_SECONDS,
  PlayerSocketClose,
  type ServerMessage,
} from '@vitrine/contract';
import DataLoader from 'dataloader';
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import { BatchGate } from '../../platform/batches';
import { type BusEvent, type EventBus, publish } from '../../platform/bus';
import { commandMessage } from './commands';
import { playerRows } from './player';
import { type PlayerRow, presentPlayerState } from './presenter';

// The player sockets this instance holds (ARCHITECTURE §7), one per device. A change to devices
// is announced on the bus ('devices-changed', up to 500 in an event); the instance holding a
// socket pushes that device's new state, or 'unpaired' when the row is gone. The states pushed in
// one turn are read together, BATCH_MAX devices to a statement and STATEMENTS_AT_ONCE statements at a
// time, so an OTA plan offered to 10,000 screens is 20 reads that leave the pool to the console
// between them. A sweep marks devices offline whose heartbeats stopped.
//
// Signs of life are written in batches: touch() notes a device, and one UPDATE every FLUSH_MS
// stores last_seen_at for all of them, so a fleet of thousands costs the database a statement
// every few seconds, not one per heartbeat. Sockets are pinged every PING_MS; one that answered
// nothing (no pong, no message) since the last ping is dead and terminated, which closes it as
// offline even when the network dropped it without a word.
//
// Across instances a screen has one live socket too: each accepted socket is announced on the bus
// ('devices-connected', a turn's new sockets in one event). PostgreSQL hands every listener the notifications in the same (commit)
// order, so "the socket announced last" is one answer everywhere: an instance whose socket of the
// device was announced earlier closes it as replaced (a half-open one left behind by a network
// change, or another window), without marking the screen offline, and only the live socket gets
// its commands.

/** How often the sweep runs. */
const SWEEP_MS = 15_000;
/** How often noted signs of life are stored. */
const FLUSH_MS = 5_000;
/** How often each socket is pinged. */
const PING_MS = HEARTBEAT_SECONDS * 1000;
/**
 * A restarting fleet says hello all together. The sockets' lookups, the offline devices coming
 * back, the state pushes and the new sockets' announcements are each gathered over turns of the
 * event loop and sent as one statement for up to BATCH_MAX, STATEMENTS_AT_ONCE of them at a time
 * (BatchGate): the database sees a statement per batch, not per screen, and the console's queries
 * find the rest of the pool free instead of waiting behind a storm's statements.
 */
const BATCH_MAX = 500;
const STATEMENTS_AT_ONCE = 2;
/** New sockets named in one announcement: a NOTIFY payload holds under 8,000 bytes. */
const ANNOUNCE_MAX = 300;

/** Seen: a claimed device is online, an unclaimed one stays unconfirmed. */
export const onlineIfClaimed = sql<number>`case when ${devices.companyId} is null then ${devices.status} else ${DeviceStatus.online} end`;

/**
 * Marks claimed devices offline whose last heartbeat is older than OFFLINE_AFTER_SECONDS;
 * answers how many. Every instance may run it: the update is idempotent.
 */
export async function sweepOffline(
  db: Db,
  now = new Date(),
  then?: (ids: number[]) => Promise<void>,
): Promise<number> {
  const before = new Date(now.getTime() - OFFLINE_AFTER_SECONDS * 1000);
  const rows = await db
    .update(devices)
    .set({ status: DeviceStatus.offline, updatedAt: now })
    .where(
      and(
        eq(devices.status, DeviceStatus.online),
        isNotNull(devices.companyId),
        lt(devices.lastSeenAt, before),
      ),
    )
    .returning({ id: devices.id });
  if (then && rows.length > 0) await then(rows.map((row) => row.id));
  return rows.length;
}

export const send = (socket: WebSocket, message: ServerMessage) => socket.send(JSON.stringify(message));

export class DeviceHub {
  /** This process, in the sockets it announces. */
  readonly instance = randomBytes(6).toString('hex');
  private readonly sockets = new Map<number, WebSocket>();
  /** Each socket's number in its announcement. */
  private readonly connections = new WeakMap<WebSocket, number>();
  private lastConnection = 0;
  /** Sockets accepted this turn, announced together. */
  private unannounced: [number, number][] = [];
  /** Sockets whose announcement came back over the bus: an announcement from elsewhere after it is newer. */
  private readonly announced = new WeakSet<WebSocket>();
  /** Sockets pinged that have not answered since. */
  private readonly quiet = new WeakSet<WebSocket>();
  private readonly touched = new Set<number>();
  /** The hub's batched statements, STATEMENTS_AT_ONCE at a time. */
  private readonly gate = new BatchGate(STATEMENTS_AT_ONCE);
  private timers: NodeJS.Timeout[] = [];
  /** The device a socket's token names (by the token's SHA-256), looked up in batches. */
  readonly players: DataLoader<string, PlayerRow | undefined>;
  private readonly wakeups: DataLoader<number, true>;
  /** The devices whose state to push, gathered over one turn and read in batches. */
  private readonly pushes: DataLoader<number, true>;
  private offlineListener?: (ids: number[]) => Promise<void>;
  private wakeListener?: (ids: number[]) => Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** The console's public address now (it may change while sockets are open). */
    private readonly consoleUrl: () => string,
  ) {
    const gate = this.gate;
    this.players = new DataLoader(
      gate.holding(async (hashes: readonly string[]) => {
        const rows = await playerRows(db, inArray(devices.tokenHash, [...hashes]));
        const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
        return hashes.map((hash) => byHash.get(hash));
      }),
      gate.options(BATCH_MAX),
    );
    this.wakeups = new DataLoader(
      gate.holding(async (ids: readonly number[]) => {
        if (!this.wakeListener) throw new Error('device hub: nobody marks devices online');
        await this.wakeListener([...new Set(ids)]);
        return ids.map(() => true as const);
      }),
      gate.options(BATCH_MAX),
    );
    this.pushes = new DataLoader(
      gate.holding(async (ids: readonly number[]) => {
        await this.push([...new Set(ids)]);
        return ids.map(() => true as const);
      }),
      gate.options(BATCH_MAX),
    );
  }

  follow(bus: EventBus) {
    bus.on((event) => {
      if (event.type === 'devices-changed') {
        for (const deviceId of event.deviceIds) {
          if (!this.sockets.has(deviceId)) continue;
          this.pushes
            .load(deviceId)
            .catch((err) => this.log.error({ err, deviceId }, 'device hub: push failed'));
        }
      } else if (event.type === 'device-command' && this.sockets.has(event.deviceId)) {
        this.deliver(event.deviceId, event.commandId).catch((err) =>
          this.log.error({ err, event }, 'device hub: command failed'),
        );
      } else if (event.type === 'devices-connected') {
        this.connected(event);
      } else if (event.type === 'manifest-changed') {
        this.tellAll(event.deviceIds, { type: 'manifest' });
      } else if (event.type === 'sensor-read') {
        this.tellAll(event.deviceIds, { type: 'sensor', sensor_id: event.sensorId });
      }
    });
  }

  get size() {
    return this.sockets.size;
  }

  isConnected(deviceId: number) {
    return this.sockets.has(deviceId);
  }

  /** Sends one message to the sockets of these devices this instance holds, written once for all. */
  private tellAll(deviceIds: readonly number[], message: ServerMessage) {
    const text = JSON.stringify(message);
    for (const deviceId of deviceIds) this.sockets.get(deviceId)?.send(text);
  }

  /**
   * Makes this the device's socket; one it held before is closed as replaced, and so is one any
   * other instance holds, once the announcement reaches it.
   */
  attach(deviceId: number, socket: WebSocket) {
    const previous = this.sockets.get(deviceId);
    const connection = ++this.lastConnection;
    this.sockets.set(deviceId, socket);
    this.connections.set(socket, connection);
    socket.on('pong', () => this.heard(socket));
    if (previous && previous !== socket) previous.close(PlayerSocketClose.replaced, 'replaced');
    if (this.unannounced.push([deviceId, connection]) === 1)
      this.gate.schedule(() => {
        this.announce();
      });
  }

  /** Announces the sockets accepted since the last announcement, ANNOUNCE_MAX to an event (a NOTIFY holds under 8,000 bytes), then frees its slot. */
  private async announce() {
    const sockets = this.unannounced;
    this.unannounced = [];
    try {
      for (let start = 0; start < sockets.length; start += ANNOUNCE_MAX) {
        const part = sockets.slice(start, start + ANNOUNCE_MAX);
        await publish(this.db, { type: 'devices-connected', instance: this.instance, sockets: part });
      }
    } catch (err) {
      this.log.error({ err }, 'device hub: announcing sockets failed');
    } finally {
      this.gate.done();
    }
  }

  /** Announcements: ours mark our sockets announced; a later one from elsewhere replaces ours. */
  private connected(event: Extract<BusEvent, { type: 'devices-connected' }>) {
    for (const [deviceId, connection] of event.sockets) {
      const socket = this.sockets.get(deviceId);
      if (!socket) continue;
      if (event.instance === this.instance) {
        if (this.connections.get(socket) === connection) this.announced.add(socket);
        continue;
      }
      // Not announced yet: the other socket was announced first, so it is the older one; its
      // instance closes it when our announcement arrives.
      if (!this.announced.has(socket)) continue;
      this.sockets.delete(deviceId);
      this.touched.delete(deviceId);
      socket.close(PlayerSocketClose.replaced, 'replaced');
    }
  }

  /** The socket said something: alive until the next ping. */
  heard(socket: WebSocket) {
    this.quiet.delete(socket);
  }

  /** Notes a sign of life; stored with the next flush. */
  touch(deviceId: number) {
    this.touched.add(deviceId);
  }

  /** Stores the noted signs of life: last seen now, online when claimed. */
  async flush() {
    if (this.touched.size === 0) return;
    const ids = [...this.touched];
    this.touched.clear();
    await this.db
      .update(devices)
      .set({ lastSeenAt: new Date(), status: onlineIfClaimed })
      .where(inArray(devices.id, ids));
  }

  /** Terminates the sockets silent since the last round, pings the others. */
  ping() {
    for (const socket of this.sockets.values()) {
      if (this.quiet.has(socket)) {
        socket.terminate();
        continue;
      }
      this.quiet.add(socket);
      socket.ping();
    }
  }

  /** Forgets the socket; true when it was still the device's current one. */
  detach(deviceId: number, socket: WebSocket): boolean {
    if (this.sockets.get(deviceId) !== socket) return false;
    this.sockets.delete(deviceId);
    // Gone: a flush after the close must not make it online again.
    this.touched.delete(deviceId);
    return true;
  }

  /** Sends each device's state, or 'unpaired' (and closes) to those deleted. */
  private async push(deviceIds: number[]) {
    const held = deviceIds.filter((id) => this.sockets.has(id));
    if (held.length === 0) return;
    const rows = new Map(
      (await playerRows(this.db, inArray(devices.id, held))).map((row) => [row.id, row] as const),
    );
    // Claimed while its socket is here (another instance may have answered the add): online.
    const woken = [...rows.values()]
      .filter((row) => row.companyId !== null && row.status !== DeviceStatus.online)
      .map((row) => row.id);
    if (woken.length > 0) {
      await this.db
        .update(devices)
        .set({ status: DeviceStatus.online, lastSeenAt: new Date() })
        .where(inArray(devices.id, woken));
    }
    const now = new Date();
    const consoleUrl = this.consoleUrl();
    for (const deviceId of held) {
      const socket = this.sockets.get(deviceId);
      if (!socket) continue;
      const row = rows.get(deviceId);
      if (row) {
        send(socket, { type: 'state', state: presentPlayerState(row, now, consoleUrl) });
        continue;
      }
      send(socket, { type: 'unpaired' });
      this.sockets.delete(deviceId);
      socket.close(1000, 'unpaired');
    }
  }

  /** Sends a command still pending to the device's socket. */
  private async deliver(deviceId: number, commandId: number) {
    const message = await commandMessage(this.db, commandId);
    const socket = this.sockets.get(deviceId);
    if (message && socket) send(socket, message);
  }

  /** Told which devices each sweep marked offline (the status mails). */
  onOffline(listener: (ids: number[]) => Promise<void>) {
    this.offlineListener = listener;
  }

  /** Who marks devices online again (the status mails' markOnline). */
  onWake(listener: (ids: number[]) => Promise<void>) {
    this.wakeListener = listener;
  }

  /** An offline device was seen: online again, together with the others of this turn. */
  async wake(deviceId: number) {
    await this.wakeups.load(deviceId);
  }

  /** Starts the sweep, the flushes and the pings. */
  start() {
    if (this.timers.length > 0) return;
    const every = (ms: number, what: string, work: () => unknown) => {
      const timer = setInterval(async () => {
        try {
          await work();
        } catch (err) {
          this.log.error({ err }, `device hub: ${what} failed`);
        }
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(SWEEP_MS, 'sweep', () => sweepOffline(this.db, new Date(), this.offlineListener));
    every(FLUSH_MS, 'flush', () => this.flush());
    every(PING_MS, 'ping', () => this.ping());
  }

  /** Stops the timers, stores what was noted and closes every socket (the server is shutting down). */
  async close() {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    for (const socket of this.sockets.values()) socket.close(1001, 'server shutting down');
    this.sockets.clear();
    await this.flush();
  }
}
