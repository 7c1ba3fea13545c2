import { APP_VERSION, DeviceStatus, ResultCode, type ServerMessage } from '@vitrine/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { deviceCommands, devices } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { buildTenant, callAs } from '../../test/team-factories';

// Player versions and features through the real routes: the version a player reports is stored at
// each hello and socket auth, and a command or setting its version lacks is refused.

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildTestApp();
  base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
});
const sockets: WebSocket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.terminate();
});

const OLD = '1.20.0';
const REFUSED = 'Old device versions do not support some features.';
const online = { status: DeviceStatus.online, lastSeenAt: new Date() };

/** A tenant's owner and three online screens: an old player, the current one, one never reporting a version. */
async function setup() {
  const tenant = await buildTenant(app);
  const call = await callAs(app, tenant.owner);
  const old = await buildDevice(app, tenant.root, 'Old', { ...online, systemVersion: OLD });
  const current = await buildDevice(app, tenant.root, 'Current', { ...online, systemVersion: APP_VERSION });
  const unknown = await buildDevice(app, tenant.root, 'Unknown', { ...online, systemVersion: null });
  return { call, old: old.row.id, current: current.row.id, unknown: unknown.row.id, token: old.token };
}

const commandsOf = (ids: number[]) =>
  app.db.select().from(deviceCommands).where(inArray(deviceCommands.deviceId, ids));
const rowOf = async (id: number) => (await app.db.select().from(devices).where(eq(devices.id, id)))[0];
const TIMERS = { enabled: true, timers: [{ weekday: 1, on: '08:00', off: '18:00' }] };

/** A player socket authenticating with `info`; answers once it is welcomed. */
async function authenticate(token: string, info: object) {
  const socket = new WebSocket(`${base}/backend/player/socket`);
  sockets.push(socket);
  const welcomed = new Promise<ServerMessage>((resolve) =>
    socket.once('message', (data) => resolve(JSON.parse(String(data)))),
  );
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'auth', token, info }));
  expect(await welcomed).toMatchObject({ type: 'welcome' });
}

describe('the version a player reports', () => {
  it('is stored at every hello and socket auth, so an upgraded player shows its new one at once', async () => {
    const { call, old, token } = await setup();
    const detail = async () =>
      (await call({ method: 'GET', url: `/backend/manager/device/${old}` })).json().data.system_version;
    expect(await detail()).toBe(OLD);
    await app.inject({
      method: 'POST',
      url: '/backend/player/hello',
      payload: { token, info: { player_version: APP_VERSION } },
    });
    expect(await detail()).toBe(APP_VERSION);
    await authenticate(token, { player_version: '1.22.0' });
    expect(await detail()).toBe('1.22.0');
  });
});

describe('a command the device’s version lacks', () => {
  it('is refused for an old player with the spec’s message, and nothing is recorded', async () => {
    const { call, old } = await setup();
    const response = await call({
      method: 'POST',
      url: `/backend/manager/device/${old}/command`,
      payload: { action: 'screenshot' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: ResultCode.validation,
      msg: REFUSED,
      data: { device_ids: [old] },
    });
    expect(await commandsOf([old])).toEqual([]);
  });

  it('is sent to the current player and to one of unknown version (as the oldest player)', async () => {
    const { call, current, unknown } = await setup();
    for (const id of [current, unknown]) {
      const response = await call({
        method: 'POST',
        url: `/backend/manager/device/${id}/command`,
        payload: { action: 'volume', value: 40 },
      });
      expect(response.json()).toMatchObject({ code: ResultCode.success, data: { status: 'pending' } });
    }
  });

  it('refuses a whole batch naming the old devices, before checking who is online', async () => {
    const { call, old, current } = await setup();
    await app.db.update(devices).set({ status: DeviceStatus.offline }).where(eq(devices.id, old));
    const response = await call({
      method: 'POST',
      url: '/backend/manager/device/command',
      payload: { ids: [current, old], command: { action: 'reboot' } },
    });
    expect(response.json()).toEqual({
      code: ResultCode.validation,
      msg: 'Old device versions do not support some features: Old',
      data: { device_ids: [old] },
    });
    expect(await commandsOf([old, current])).toEqual([]);

    const served = await call({
      method: 'POST',
      url: '/backend/manager/device/command',
      payload: { ids: [current], command: { action: 'reboot' } },
    });
    expect(served.json()).toMatchObject({ code: ResultCode.success });
  });
});

describe('settings the device’s version lacks', () => {
  it('refuses timers for an old player, alone or in a batch, and changes nothing', async () => {
    const { call, old, current } = await setup();
    const alone = await call({ method: 'PUT', url: `/backend/manager/device/${old}/timer`, payload: TIMERS });
    expect(alone.json()).toMatchObject({ code: ResultCode.validation, msg: REFUSED });
    const batch = await call({
      method: 'PUT',
      url: '/backend/manager/device/timer',
      payload: { ...TIMERS, ids: [old, current] },
    });
    expect(batch.json()).toMatchObject({ code: ResultCode.validation, data: { device_ids: [old] } });
    expect((await rowOf(old)).timers).toEqual({ enabled: false, timers: [] });
    expect((await rowOf(current)).timers).toEqual({ enabled: false, timers: [] });

    const served = await call({
      method: 'PUT',
      url: `/backend/manager/device/${current}/timer`,
      payload: TIMERS,
    });
    expect(served.json()).toMatchObject({ code: ResultCode.success, data: TIMERS });
  });

  it('refuses the lock for an old player and sets it on the others', async () => {
    const { call, old, unknown } = await setup();
    const refused = await call({
      method: 'PUT',
      url: `/backend/manager/device/${old}/lock`,
      payload: { pin: '123456' },
    });
    expect(refused.json()).toMatchObject({ code: ResultCode.validation, msg: REFUSED });
    expect((await rowOf(old)).lockPinSha256).toBeNull();
    const set = await call({
      method: 'PUT',
      url: `/backend/manager/device/${unknown}/lock`,
      payload: { pin: '123456' },
    });
    expect(set.json()).toMatchObject({ code: ResultCode.success });
    expect((await rowOf(unknown)).lockPinSha256).not.toBeNull();
  });
});
