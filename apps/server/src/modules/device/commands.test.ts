import {
  COMMAND_ACK_TIMEOUT_SECONDS,
  DEVICE_COMMAND_LIMIT,
  DeviceStatus,
  ResultCode,
  type ServerMessage,
} from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { deviceCommands, devices } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await buildTestApp();
  base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
});

const open: WebSocket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.terminate();
});

const rowOf = async (id: number) => (await app.db.select().from(devices).where(eq(devices.id, id)))[0];
const online = { status: DeviceStatus.online, lastSeenAt: new Date() };

async function setup() {
  const tenant = await buildTenant(app);
  return { tenant, call: await callAs(app, tenant.owner) };
}

/** A player socket, authenticated, whose next message can be awaited. */
async function playerSocket(token: string) {
  const socket = new WebSocket(`${base}/backend/player/socket`);
  open.push(socket);
  const inbox: ServerMessage[] = [];
  const waiting: ((message: ServerMessage) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as ServerMessage;
    const take = waiting.shift();
    if (take) take(message);
    else inbox.push(message);
  });
  await new Promise((resolve) => socket.once('open', resolve));
  const next = () =>
    new Promise<ServerMessage>((resolve) => {
      const message = inbox.shift();
      if (message) resolve(message);
      else waiting.push(resolve);
    });
  socket.send(JSON.stringify({ type: 'auth', token }));
  expect(await next()).toMatchObject({ type: 'welcome' });
  return { next, say: (message: object) => socket.send(JSON.stringify(message)) };
}

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out');
}

describe('POST device/{device_id}/command', () => {
  it('refuses an offline device with "Device Offline" and records nothing', async () => {
    const { tenant, call } = await setup();
    const { row } = await buildDevice(app, tenant.root);
    const response = await call({
      method: 'POST',
      url: `/backend/manager/device/${row.id}/command`,
      payload: { action: 'reboot' },
    });
    expect(response.json()).toMatchObject({ code: ResultCode.validation, msg: 'Device Offline' });
    expect(await app.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, row.id))).toEqual([]);
  });

  it('refuses a volume change while muted', async () => {
    const { tenant, call } = await setup();
    const { row } = await buildDevice(app, tenant.root, 'Muted', { ...online, mute: true });
    const response = await call({
      method: 'POST',
      url: `/backend/manager/device/${row.id}/command`,
      payload: { action: 'volume', value: 30 },
    });
    expect(response.json()).toMatchObject({
      code: ResultCode.validation,
      msg: 'Volume cannot be edited while muted.',
    });
    expect((await rowOf(row.id)).volume).toBe(row.volume);
  });

  it('answers 404001 for a device of another tenant', async () => {
    const { call } = await setup();
    const other = await buildTenant(app);
    const { row } = await buildDevice(app, other.root, 'Theirs', online);
    const response = await call({
      method: 'POST',
      url: `/backend/manager/device/${row.id}/command`,
      payload: { action: 'identify' },
    });
    expect(response.json().code).toBe(ResultCode.notFound);
  });

  it('saves the setting, delivers the command over the socket and takes its ack', async () => {
    const { tenant, call } = await setup();
    const { row, token } = await buildDevice(app, tenant.root);
    const player = await playerSocket(token);
    const response = await call({
      method: 'POST',
      url: `/backend/manager/device/${row.id}/command`,
      payload: { action: 'orientation', value: 90 },
    });
    const item = response.json().data;
    expect(item).toMatchObject({ device_id: row.id, action: 'orientation', value: 90, status: 'pending' });
    expect((await rowOf(row.id)).orientation).toBe(90);

    expect(await player.next()).toEqual({
      type: 'command',
      command_id: item.command_id,
      command: { action: 'orientation', value: 90 },
    });
    player.say({ type: 'ack', command_id: item.command_id, ok: true, result: 'rotated' });
    const read = () =>
      call({ method: 'GET', url: `/backend/manager/device/${row.id}/command/${item.command_id}` });
    await until(async () => (await read()).json().data.status === 'done');
    expect((await read()).json().data).toMatchObject({ result: 'rotated', acked_at: expect.any(String) });

    // A second ack, or one for another device's command, changes nothing.
    player.say({ type: 'ack', command_id: item.command_id, ok: false, result: 'again' });
    player.say({ type: 'heartbeat', sent_at: 1 });
    await player.next();
    expect((await read()).json().data).toMatchObject({ status: 'done', result: 'rotated' });

    const list = await call({ method: 'GET', url: `/backend/manager/device/${row.id}/command` });
    expect(list.json().data.list.map((c: { command_id: number }) => c.command_id)).toEqual([item.command_id]);
  });

  it('ignores an ack for another device’s command', async () => {
    const { tenant, call } = await setup();
    const mine = await buildDevice(app, tenant.root, 'Mine');
    const theirs = await buildDevice(app, tenant.root, 'Other', online);
    const player = await playerSocket(mine.token);
    const { command_id } = (
      await call({
        method: 'POST',
        url: `/backend/manager/device/${theirs.row.id}/command`,
        payload: { action: 'identify' },
      })
    ).json().data;
    player.say({ type: 'ack', command_id, ok: true });
    player.say({ type: 'heartbeat', sent_at: 1 });
    await player.next();
    const [row] = await app.db.select().from(deviceCommands).where(eq(deviceCommands.id, command_id));
    expect(row.status).toBe('pending');
  });

  it('reads an unacknowledged command as timed out, and saves that', async () => {
    const { tenant, call } = await setup();
    const sent = new Date(Date.now() - (COMMAND_ACK_TIMEOUT_SECONDS + 1) * 1000);
    const { row } = await buildDevice(app, tenant.root, 'Slow', { ...online, claimedAt: new Date(0) });
    const [command] = await app.db
      .insert(deviceCommands)
      .values({ deviceId: row.id, action: 'reboot', createdAt: sent })
      .returning();
    const response = await call({
      method: 'GET',
      url: `/backend/manager/device/${row.id}/command/${command.id}`,
    });
    expect(response.json().data).toMatchObject({ status: 'timeout', acked_at: null });
    const [saved] = await app.db.select().from(deviceCommands).where(eq(deviceCommands.id, command.id));
    expect(saved.status).toBe('timeout');
  });

  it('unpairs at once: the screen is unclaimed with a new PIN and hears its state', async () => {
    const { tenant, call } = await setup();
    const { row, token } = await buildDevice(app, tenant.root, 'Leaving', {
      lockSalt: 'x',
      lockPinSha256: 'y',
    });
    const player = await playerSocket(token);
    const response = await call({
      method: 'POST',
      url: `/backend/manager/device/${row.id}/command`,
      payload: { action: 'unpair' },
    });
    expect(response.json().data).toMatchObject({ action: 'unpair', status: 'pending' });
    expect(await rowOf(row.id)).toMatchObject({
      companyId: null,
      workspaceId: null,
      status: DeviceStatus.unconfirmed,
      pin: expect.stringMatching(/^\d{6}$/),
      lockPinSha256: null,
    });
    const messages = [await player.next(), await player.next()];
    expect(messages).toContainEqual(
      expect.objectContaining({ type: 'command', command: { action: 'unpair' } }),
    );
    expect(messages).toContainEqual(
      expect.objectContaining({ type: 'state', state: expect.objectContaining({ paired: false }) }),
    );
  });
});

describe('POST device/command', () => {
  it('refuses more than DEVICE_COMMAND_LIMIT devices, naming the limit', async () => {
    const { call } = await setup();
    const ids = Array.from({ length: DEVICE_COMMAND_LIMIT + 1 }, (_, i) => i + 1);
    const response = await call({
      method: 'POST',
      url: '/backend/manager/device/command',
      payload: { ids, command: { action: 'reboot' } },
    });
    expect(response.json()).toMatchObject({
      code: ResultCode.validation,
      msg: `The number of devices cannot exceed ${DEVICE_COMMAND_LIMIT}.`,
    });
  });

  it('sends nothing when one device is offline', async () => {
    const { tenant, call } = await setup();
    const up = await buildDevice(app, tenant.root, 'Up', online);
    const down = await buildDevice(app, tenant.root, 'Down');
    const response = await call({
      method: 'POST',
      url: '/backend/manager/device/command',
      payload: { ids: [up.row.id, down.row.id], command: { action: 'brightness', value: 40 } },
    });
    expect(response.json()).toMatchObject({ msg: 'Can only control the online devices' });
    expect(await app.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, up.row.id))).toEqual(
      [],
    );
    expect((await rowOf(up.row.id)).brightness).toBe(100);
  });

  it('records one command per device and saves the setting on each', async () => {
    const { tenant, call } = await setup();
    const workspace = await buildWorkspace(app, tenant.company.id, tenant.root.id);
    const a = await buildDevice(app, tenant.root, 'A', online);
    const b = await buildDevice(app, workspace, 'B', online);
    const response = await call({
      method: 'POST',
      url: '/backend/manager/device/command',
      payload: { ids: [a.row.id, b.row.id, a.row.id], command: { action: 'screen-off' } },
    });
    const list = response.json().data.list as { device_id: number; status: string }[];
    expect(list.map((item) => item.device_id).sort()).toEqual([a.row.id, b.row.id].sort());
    expect(list.every((item) => item.status === 'pending')).toBe(true);
    expect((await rowOf(a.row.id)).screenOn).toBe(false);
    expect((await rowOf(b.row.id)).screenOn).toBe(false);
  });

  it('answers 404001 when one id is another tenant’s, and sends nothing', async () => {
    const { tenant, call } = await setup();
    const other = await buildTenant(app);
    const mine = await buildDevice(app, tenant.root, 'Mine', online);
    const theirs = await buildDevice(app, other.root, 'Theirs', online);
    const response = await call({
      method: 'POST',
      url: '/backend/manager/device/command',
      payload: { ids: [mine.row.id, theirs.row.id], command: { action: 'identify' } },
    });
    expect(response.json().code).toBe(ResultCode.notFound);
    expect(
      await app.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, mine.row.id)),
    ).toEqual([]);
  });
});
