import { createHash } from 'node:crypto';
import { DEVICE_COMMAND_LIMIT, type DeviceTimers, ResultCode, Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

let app: FastifyInstance;
const changed: number[] = [];
beforeAll(async () => {
  app = await buildTestApp();
  app.bus.on((event) => {
    if (event.type === 'devices-changed') changed.push(...event.deviceIds);
  });
});

const URL = '/backend/manager/device';
const rowOf = async (id: number) => (await app.db.select().from(devices).where(eq(devices.id, id)))[0];
const OFFICE: DeviceTimers = {
  enabled: true,
  timers: [
    { weekday: 1, on: '08:00', off: '18:00' },
    { weekday: 5, on: '22:00', off: '02:00' },
  ],
};

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

async function tenant() {
  const t = await buildTenant(app);
  return { ...t, asOwner: await callAs(app, t.owner) };
}

/** The state a player gets on its next hello. */
async function playerState(token: string) {
  const response = await app.inject({ method: 'POST', url: '/backend/player/hello', payload: { token } });
  return response.json().data;
}

describe('device timers', () => {
  it('saves and answers one device timers, and announces the change to its player', async () => {
    const t = await tenant();
    const device = await buildDevice(app, t.root);
    const put = await t.asOwner({ method: 'PUT', url: `${URL}/${device.row.id}/timer`, payload: OFFICE });
    expect(put.json()).toMatchObject({ code: ResultCode.success, data: OFFICE });
    expect(await until(() => changed.includes(device.row.id))).toBe(true);
    const get = await t.asOwner({ method: 'GET', url: `${URL}/${device.row.id}/timer` });
    expect(get.json().data).toEqual(OFFICE);
    expect((await playerState(device.token)).timers).toEqual(OFFICE);
  });

  it('refuses equal on and off times, bad clock times and too many periods', async () => {
    const t = await tenant();
    const device = await buildDevice(app, t.root);
    const put = (timers: object[]) =>
      t.asOwner({ method: 'PUT', url: `${URL}/${device.row.id}/timer`, payload: { enabled: true, timers } });
    for (const timers of [
      [{ weekday: 1, on: '08:00', off: '08:00' }],
      [{ weekday: 1, on: '24:00', off: '08:00' }],
      [{ weekday: 7, on: '07:00', off: '08:00' }],
      Array.from({ length: 22 }, () => ({ weekday: 1, on: '07:00', off: '08:00' })),
    ]) {
      expect((await put(timers)).json().code).toBe(ResultCode.validation);
    }
    expect((await rowOf(device.row.id)).timers).toEqual({ enabled: false, timers: [] });
  });

  it('gives several devices the same timers, all or none', async () => {
    const t = await tenant();
    const other = await tenant();
    const a = await buildDevice(app, t.root);
    const b = await buildDevice(app, t.root);
    const foreign = await buildDevice(app, other.root);
    const batch = (ids: number[]) =>
      t.asOwner({ method: 'PUT', url: `${URL}/timer`, payload: { ...OFFICE, ids } });

    expect((await batch([a.row.id, foreign.row.id])).json().code).toBe(ResultCode.notFound);
    expect((await rowOf(a.row.id)).timers.enabled).toBe(false);

    expect((await batch([a.row.id, b.row.id])).json().code).toBe(ResultCode.success);
    expect((await rowOf(a.row.id)).timers).toEqual(OFFICE);
    expect((await rowOf(b.row.id)).timers).toEqual(OFFICE);
  });

  it('refuses more devices than the limit, naming it', async () => {
    const t = await tenant();
    const ids = Array.from({ length: DEVICE_COMMAND_LIMIT + 1 }, (_, i) => i + 1);
    const response = await t.asOwner({ method: 'PUT', url: `${URL}/timer`, payload: { ...OFFICE, ids } });
    expect(response.json()).toMatchObject({
      code: ResultCode.validation,
      msg: 'The number of devices cannot exceed 50.',
    });
  });

  it('hides devices outside the caller scope behind 404001', async () => {
    const t = await tenant();
    const side = await buildWorkspace(app, t.company.id, t.root.id);
    const other = await buildWorkspace(app, t.company.id, t.root.id);
    const admin = await callAs(app, await buildMember(app, side, Role.userAdmin));
    const device = await buildDevice(app, other);
    for (const call of [
      { method: 'GET' as const, url: `${URL}/${device.row.id}/timer` },
      { method: 'PUT' as const, url: `${URL}/${device.row.id}/timer`, payload: OFFICE },
      { method: 'PUT' as const, url: `${URL}/${device.row.id}/lock`, payload: { pin: '123456' } },
    ]) {
      expect((await admin(call)).json().code).toBe(ResultCode.notFound);
    }
    expect(await rowOf(device.row.id)).toMatchObject({ lockPinSha256: null, timers: { enabled: false } });
  });
});

describe('device lock', () => {
  it('stores a salted SHA-256 of the PIN, gives it to the player and lifts it with null', async () => {
    const t = await tenant();
    const device = await buildDevice(app, t.root);
    const url = `${URL}/${device.row.id}/lock`;
    const set = await t.asOwner({ method: 'PUT', url, payload: { pin: '482913' } });
    expect(set.json().data).toMatchObject({ device_id: device.row.id, lock_enabled: true });
    const row = await rowOf(device.row.id);
    expect(row.lockSalt).toMatch(/^[0-9a-f]{32}$/);
    const digest = createHash('sha256').update(`${row.lockSalt}482913`).digest('hex');
    expect(row.lockPinSha256).toBe(digest);
    expect((await playerState(device.token)).lock).toEqual({ salt: row.lockSalt, pin_sha256: digest });

    // The same PIN again gets another salt.
    await t.asOwner({ method: 'PUT', url, payload: { pin: '482913' } });
    expect((await rowOf(device.row.id)).lockSalt).not.toBe(row.lockSalt);

    const lift = await t.asOwner({ method: 'PUT', url, payload: { pin: null } });
    expect(lift.json().data.lock_enabled).toBe(false);
    expect(await rowOf(device.row.id)).toMatchObject({ lockSalt: null, lockPinSha256: null });
    expect((await playerState(device.token)).lock).toBeNull();
  });

  it('refuses a PIN that is not six digits', async () => {
    const t = await tenant();
    const device = await buildDevice(app, t.root);
    for (const pin of ['12345', '1234567', 'abcdef']) {
      const response = await t.asOwner({
        method: 'PUT',
        url: `${URL}/${device.row.id}/lock`,
        payload: { pin },
      });
      expect(response.json().code).toBe(ResultCode.validation);
    }
  });
});
