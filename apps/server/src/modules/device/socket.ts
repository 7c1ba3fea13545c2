import {
  DeviceStatus,
  OFFLINE_AFTER_SECONDS,
  type PlayerInfo,
  PlayerSocketClose,
  playerInfoSchema,
  ResultCode,
} from '@vitrine/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { devices } from '../../db/schema';
import { hashToken } from '../../platform/tokens';
import { acknowledge, ackSchema } from './commands';
import { send } from './hub';
import { changedColumns, infoColumns, renewPin } from './player';
import { recordSeen } from './presence';
import { presentPlayerState } from './presenter';
import { wentOffline } from './status-mail';

// One player's socket (ARCHITECTURE §7): the token in the first message within AUTH_MS, then
// heartbeats. A sign of life is recorded at most every TOUCH_MS per device, not per message, and
// the hub stores those in batches, so a large fleet costs the database little.

// Generous: in a restart storm a player's auth may wait behind thousands of others or be slow to leave.
const AUTH_MS = 30_000;
const TOUCH_MS = 15_000;

const authSchema = z.object({
  type: z.literal('auth'),
  token: z.string().min(20).max(128),
  info: playerInfoSchema.optional(),
});
const heartbeatSchema = z.object({
  type: z.literal('heartbeat'),
  sent_at: z.number(),
  info: playerInfoSchema.optional(),
});

const pingSchema = z.object({ type: z.literal('ping'), sent_at: z.number() });

const parse = (data: unknown): unknown => {
  try {
    return JSON.parse(String(data));
  } catch {
    return null;
  }
};

export function handlePlayerSocket(app: FastifyInstance, socket: WebSocket) {
  let deviceId: number | null = null;
  let authenticating = false;
  let touchedAt = 0;
  let info: PlayerInfo | undefined;
  const log = app.log;
  const refuse = () => socket.close(PlayerSocketClose.unauthorized, 'unauthorized');
  const timer = setTimeout(() => socket.close(PlayerSocketClose.authTimeout, 'auth timeout'), AUTH_MS);

  const authenticate = async (message: z.infer<typeof authSchema>) => {
    if (socket.readyState !== socket.OPEN) return; // gave up while waiting its turn
    const found = await app.deviceHub.players.load(hashToken(message.token));
    if (!found || socket.readyState !== socket.OPEN) return refuse();
    // Only what changed is written now; a screen that reconnects as it was (a restart's whole
    // fleet) costs one read here and a place in the hub's next batched flush.
    const columns = changedColumns(found, infoColumns(message.info));
    const wasOffline = found.companyId !== null && found.status === DeviceStatus.offline;
    await recordSeen(app, found.id, { columns, wasOffline });
    if (socket.readyState !== socket.OPEN) return;
    const now = new Date();
    deviceId = found.id;
    touchedAt = now.getTime();
    app.deviceHub.attach(found.id, socket);
    const row = await renewPin(app.db, { ...found, ...columns }, now);
    send(socket, {
      type: 'welcome',
      server_time: Date.now(),
      state: presentPlayerState(row, now, app.systemSettings.publicUrl),
    });
  };

  const heartbeat = async (message: z.infer<typeof heartbeatSchema>) => {
    send(socket, { type: 'heartbeat', server_time: Date.now(), sent_at: message.sent_at });
    if (message.info) info = { ...info, ...message.info };
    const now = Date.now();
    if (deviceId === null || now - touchedAt < TOUCH_MS) return;
    // Silent so long that a sweep may have marked it offline: back online, with its mail.
    const wasOffline = now - touchedAt >= OFFLINE_AFTER_SECONDS * 1000;
    touchedAt = now;
    const reported = info;
    info = undefined;
    await recordSeen(app, deviceId, { columns: infoColumns(reported), wasOffline });
  };

  socket.on('message', (data) => {
    app.deviceHub.heard(socket);
    const message = parse(data);
    // Read against its own type's schema only: a refused parse costs zod far more than a match,
    // and 10,000 screens' heartbeats are mostly neither ping nor ack.
    const type = (message as { type?: unknown } | null)?.type;
    // The clock's ping: answered before anything else, so the time read is as fresh as can be.
    const ping = deviceId !== null && type === 'ping' ? pingSchema.safeParse(message) : null;
    if (ping?.success) {
      send(socket, { type: 'pong', server_time: Date.now(), sent_at: ping.data.sent_at });
      return;
    }
    const ack = deviceId !== null && type === 'ack' ? ackSchema.safeParse(message) : null;
    let work: Promise<unknown>;
    if (deviceId === null) {
      if (authenticating) return; // one auth at a time; the player waits for its welcome
      const auth = authSchema.safeParse(message);
      if (!auth.success) return refuse();
      authenticating = true;
      clearTimeout(timer);
      work = authenticate(auth.data);
    } else if (ack?.success) {
      work = acknowledge(app.db, deviceId, ack.data);
    } else {
      const beat = heartbeatSchema.safeParse(message);
      if (!beat.success) {
        send(socket, { type: 'error', code: ResultCode.validation, msg: 'unknown message' });
        return;
      }
      work = heartbeat(beat.data);
    }
    work.catch((err) => {
      log.error({ err }, 'player socket: message failed');
      socket.close(1011, 'server error');
    });
  });

  socket.on('close', () => {
    clearTimeout(timer);
    if (deviceId === null || !app.deviceHub.detach(deviceId, socket)) return;
    app.db
      .update(devices)
      .set({ status: DeviceStatus.offline, updatedAt: new Date() })
      .where(and(eq(devices.id, deviceId), eq(devices.status, DeviceStatus.online)))
      .returning({ id: devices.id })
      .then((rows) =>
        wentOffline(
          app,
          rows.map((row) => row.id),
        ),
      )
      .catch((err) => log.error({ err }, 'player socket: offline failed'));
  });
}
