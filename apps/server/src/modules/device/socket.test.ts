import {
  DeviceStatus,
  OFFLINE_AFTER_SECONDS,
  PlayerSocketClose,
  type ServerMessage,
} from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { devices } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildDevice, registerPlayer } from '../../test/device-factories';
import { buildTenant, callAs } from '../../test/team-factories';
import { sweepOffline } from './hub';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildTestApp();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
});

const open: WebSocket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.terminate();
});

/** A player socket that queues what the server sends, for next() to take in order. */
async function connect(headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${base}/backend/player/socket`, { headers });
  open.push(socket);
  const inbox: ServerMessage[] = [];
  const waiting: ((message: ServerMessage) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as ServerMessage;
    const take = waiting.shift();
    if (take) take(message);
    else inbox.push(message);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = () =>
    new Promise<ServerMessage>((resolve) => {
      const message = inbox.shift();
      if (message) resolve(message);
      else waiting.push(resolve);
    });
  const say = (message: object) => socket.send(JSON.stringify(message));
  return { socket, next, say, closed };
}

const rowOf = async (id: number) => (await app.db.select().from(devices).where(eq(devices.id, id)))[0];

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out');
}

describe('the player socket', () => {
  it('welcomes an authenticated player, answers heartbeats and tracks online/offline', async () => {
    const tenant = await buildTenant(app);
    const { token, row } = await buildDevice(app, tenant.root, 'Hall');
    const player = await connect();
    player.say({ type: 'auth', token, info: { resolution: '800x600' } });
    const welcome = await player.next();
    expect(welcome).toMatchObject({ type: 'welcome', state: { paired: true, device_name: 'Hall' } });
    expect(Math.abs((welcome as { server_time: number }).server_time - Date.now())).toBeLessThan(5000);
    expect(await rowOf(row.id)).toMatchObject({ status: DeviceStatus.online, resolution: '800x600' });

    player.say({ type: 'heartbeat', sent_at: 1234 });
    expect(await player.next()).toMatchObject({ type: 'heartbeat', sent_at: 1234 });
    // The clock's ping: the server's time at once, with the player's own time back.
    const before = Date.now();
    player.say({ type: 'ping', sent_at: 987.5 });
    const pong = (await player.next()) as { type: string; server_time: number; sent_at: number };
    expect(pong).toMatchObject({ type: 'pong', sent_at: 987.5 });
    expect(pong.server_time).toBeGreaterThanOrEqual(before);
    expect(pong.server_time).toBeLessThanOrEqual(Date.now());

    player.socket.close();
    await player.closed;
    await until(async () => (await rowOf(row.id)).status === DeviceStatus.offline);
  });

  it('closes with 4401 for an unknown token or a first message that is not auth', async () => {
    const unknown = await connect();
    unknown.say({ type: 'auth', token: 'y'.repeat(43) });
    expect(await unknown.closed).toBe(PlayerSocketClose.unauthorized);
    const rude = await connect();
    rude.say({ type: 'heartbeat', sent_at: 1 });
    expect(await rude.closed).toBe(PlayerSocketClose.unauthorized);
    // No time for a socket that did not authenticate.
    const early = await connect();
    early.say({ type: 'ping', sent_at: 1 });
    expect(await early.closed).toBe(PlayerSocketClose.unauthorized);
  });

  it('refuses a browser of another origin', async () => {
    await expect(connect({ origin: 'https://evil.example' })).rejects.toThrow(/403/);
    // The same host under another scheme is another origin; the server's own one is welcome.
    const own = base.replace(/^ws/, 'http');
    await expect(connect({ origin: own.replace(/^http/, 'https') })).rejects.toThrow(/403/);
    await connect({ origin: own });
  });

  it('replaces an older socket of the same device with 4409', async () => {
    const { token, row } = await registerPlayer(app);
    const first = await connect();
    first.say({ type: 'auth', token });
    await first.next();
    const second = await connect();
    second.say({ type: 'auth', token });
    await second.next();
    expect(await first.closed).toBe(PlayerSocketClose.replaced);
    // The first one's close did not take the second one's place in the hub.
    expect(app.deviceHub.isConnected(row.id)).toBe(true);
  });

  it('pushes the state when claimed and renamed, and unpaired when deleted', async () => {
    const tenant = await buildTenant(app);
    const asOwner = await callAs(app, tenant.owner);
    const { state, token, row } = await registerPlayer(app);
    const player = await connect();
    player.say({ type: 'auth', token });
    expect(await player.next()).toMatchObject({ type: 'welcome', state: { paired: false, pin: state.pin } });

    const added = await asOwner({
      method: 'POST',
      url: '/backend/manager/device',
      payload: {
        signage_id: state.signage_id,
        device_name: 'Door',
        group_id: tenant.root.id,
        authentication: state.pin,
      },
    });
    expect(added.json().data).toMatchObject({ online: true });
    // Claiming binds the screen's trial licence, which also tells it to fetch its manifest; the
    // two messages may come in either order.
    const claimed = [await player.next(), await player.next()];
    expect(claimed).toContainEqual({ type: 'manifest' });
    expect(claimed.find((message) => message.type === 'state')).toMatchObject({
      state: { paired: true, device_name: 'Door' },
    });

    await asOwner({
      method: 'PUT',
      url: `/backend/manager/device/${row.id}`,
      payload: { device_name: 'Gate' },
    });
    expect(await player.next()).toMatchObject({ type: 'state', state: { device_name: 'Gate' } });

    await asOwner({ method: 'DELETE', url: `/backend/manager/device/${row.id}` });
    expect(await player.next()).toEqual({ type: 'unpaired' });
    await player.closed;
  });
});

describe('sweepOffline', () => {
  it('marks claimed devices offline whose heartbeats stopped', async () => {
    const tenant = await buildTenant(app);
    const stale = new Date(Date.now() - (OFFLINE_AFTER_SECONDS + 5) * 1000);
    const old = await buildDevice(app, tenant.root, 'Old', {
      status: DeviceStatus.online,
      lastSeenAt: stale,
    });
    const fresh = await buildDevice(app, tenant.root, 'Fresh', {
      status: DeviceStatus.online,
      lastSeenAt: new Date(),
    });
    expect(await sweepOffline(app.db)).toBeGreaterThanOrEqual(1);
    expect((await rowOf(old.row.id)).status).toBe(DeviceStatus.offline);
    expect((await rowOf(fresh.row.id)).status).toBe(DeviceStatus.online);
  });
});

describe('the device hub', () => {
  it('terminates a socket that answers no ping, and the device goes offline', async () => {
    const tenant = await buildTenant(app);
    const { token, row } = await buildDevice(app, tenant.root, 'Silent');
    const socket = new WebSocket(`${base}/backend/player/socket`, { autoPong: false });
    open.push(socket);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const welcomed = new Promise((resolve) => socket.once('message', resolve));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'auth', token }));
    await welcomed;
    app.deviceHub.ping();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(app.deviceHub.isConnected(row.id)).toBe(true);
    app.deviceHub.ping();
    expect(await closed).toBe(1006);
    await until(async () => (await rowOf(row.id)).status === DeviceStatus.offline);
  });

  it('keeps a socket that answers pings', async () => {
    const tenant = await buildTenant(app);
    const { token, row } = await buildDevice(app, tenant.root, 'Talkative');
    const player = await connect();
    player.say({ type: 'auth', token });
    await player.next();
    for (let round = 0; round < 3; round++) {
      app.deviceHub.ping();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(app.deviceHub.isConnected(row.id)).toBe(true);
  });

  it('stores noted signs of life in one flush, not for a device whose socket closed', async () => {
    const tenant = await buildTenant(app);
    const long = new Date(Date.now() - 600_000);
    const a = await buildDevice(app, tenant.root, 'A', { lastSeenAt: long });
    const b = await buildDevice(app, tenant.root, 'B', { lastSeenAt: long });
    app.deviceHub.touch(a.row.id);
    app.deviceHub.touch(b.row.id);
    await app.deviceHub.flush();
    for (const id of [a.row.id, b.row.id]) {
      const stored = await rowOf(id);
      expect(stored.status).toBe(DeviceStatus.online);
      expect(stored.lastSeenAt!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    }

    const player = await connect();
    player.say({ type: 'auth', token: a.token });
    await player.next();
    app.deviceHub.touch(a.row.id);
    player.socket.close();
    await player.closed;
    await until(async () => (await rowOf(a.row.id)).status === DeviceStatus.offline);
    await app.deviceHub.flush();
    expect((await rowOf(a.row.id)).status).toBe(DeviceStatus.offline);
  });
});
