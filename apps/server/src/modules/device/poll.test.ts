import { DeviceStatus, ResultCode } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands, devices } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildDevice, playerAck, registerPlayer } from '../../test/device-factories';
import { buildTenant, callAs } from '../../test/team-factories';

// The socket's fallback: GET player/poll with ETag and POST player/ack, both with the device token.

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const poll = (token: string, etag?: string) =>
  app.inject({
    method: 'GET',
    url: '/backend/player/poll',
    headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
  });
const ack = (token: string, payload: object) => playerAck(app, token, payload);
const rowOf = async (id: number) => (await app.db.select().from(devices).where(eq(devices.id, id)))[0];

describe('GET player/poll', () => {
  it('answers the state with an ETag, then 304 until something changes', async () => {
    const tenant = await buildTenant(app);
    const asOwner = await callAs(app, tenant.owner);
    const { token, row } = await buildDevice(app, tenant.root, 'Lobby', { status: DeviceStatus.online });
    const first = await poll(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ state: { paired: true, device_name: 'Lobby' }, commands: [] });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const unchanged = await poll(token, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);

    await asOwner({
      method: 'PUT',
      url: `/backend/manager/device/${row.id}`,
      payload: { device_name: 'Hall' },
    });
    const renamed = await poll(token, etag);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.state.device_name).toBe('Hall');
    expect(renamed.headers.etag).not.toBe(etag);
  });

  it('hands over waiting commands, which an ack settles and removes', async () => {
    const tenant = await buildTenant(app);
    const asOwner = await callAs(app, tenant.owner);
    const { token, row } = await buildDevice(app, tenant.root, 'Door', { status: DeviceStatus.online });
    const issued = await asOwner({
      method: 'POST',
      url: `/backend/manager/device/${row.id}/command`,
      payload: { action: 'volume', value: 40 },
    });
    const commandId = issued.json().data.command_id as number;
    const polled = (await poll(token)).json().data;
    expect(polled.commands).toEqual([{ command_id: commandId, command: { action: 'volume', value: 40 } }]);
    expect(polled.state.settings.volume).toBe(40);

    const answered = await ack(token, { command_id: commandId, ok: true, result: null });
    expect(answered.json().code).toBe(ResultCode.success);
    const [stored] = await app.db.select().from(deviceCommands).where(eq(deviceCommands.id, commandId));
    expect(stored.status).toBe('done');
    expect((await poll(token)).json().data.commands).toEqual([]);
  });

  it('counts as a sign of life: an offline device comes back online', async () => {
    const tenant = await buildTenant(app);
    const { token, row } = await buildDevice(app, tenant.root, 'Bar', {
      lastSeenAt: new Date(Date.now() - 600_000),
    });
    expect((await poll(token)).statusCode).toBe(200);
    const stored = await rowOf(row.id);
    expect(stored.status).toBe(DeviceStatus.online);
    expect(stored.lastSeenAt!.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it('shows an unpaired screen a new PIN when its PIN ran out', async () => {
    const { state, token, row } = await registerPlayer(app);
    await app.db
      .update(devices)
      .set({ pinExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(devices.id, row.id));
    const polled = (await poll(token)).json().data;
    expect(polled.state).toMatchObject({ paired: false, signage_id: state.signage_id });
    expect(new Date(polled.state.pin_expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(polled.commands).toEqual([]);
  });

  it('refuses a missing or unknown token with 600003', async () => {
    const none = await app.inject({ method: 'GET', url: '/backend/player/poll' });
    expect(none.json().code).toBe(ResultCode.sessionExpired);
    const unknown = await poll('z'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe(ResultCode.sessionExpired);
  });
});

describe('POST player/ack', () => {
  it('settles only the calling device’s own commands', async () => {
    const tenant = await buildTenant(app);
    const asOwner = await callAs(app, tenant.owner);
    const mine = await buildDevice(app, tenant.root, 'Mine', { status: DeviceStatus.online });
    const other = await buildDevice(app, tenant.root, 'Other', { status: DeviceStatus.online });
    const issued = await asOwner({
      method: 'POST',
      url: `/backend/manager/device/${mine.row.id}/command`,
      payload: { action: 'identify' },
    });
    const commandId = issued.json().data.command_id as number;
    await ack(other.token, { command_id: commandId, ok: true });
    const [stored] = await app.db.select().from(deviceCommands).where(eq(deviceCommands.id, commandId));
    expect(stored.status).toBe('pending');
  });

  it('refuses a malformed ack with 400001 and changes nothing', async () => {
    const tenant = await buildTenant(app);
    const { token } = await buildDevice(app, tenant.root, 'Odd', { status: DeviceStatus.online });
    const response = await ack(token, { command_id: 'x', ok: 'yes' });
    expect(response.json().code).toBe(ResultCode.validation);
  });
});
