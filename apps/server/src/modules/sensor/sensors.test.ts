import { ResultCode, Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, sensorDevices, sensors } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildDevice } from '../../test/device-factories';
import { loggedIn } from '../../test/factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/iot-device';

async function tenant() {
  const t = await buildTenant(app);
  return { ...t, call: await callAs(app, t.owner) };
}
type Call = Awaited<ReturnType<typeof tenant>>['call'];

const create = (call: Call, payload: object, headers: Record<string, string> = {}) =>
  call({ method: 'POST', url: URL, payload, headers });
async function created(call: Call, payload: object, headers: Record<string, string> = {}) {
  const response = await create(call, payload, headers);
  expect(response.json()).toMatchObject({ code: ResultCode.success });
  return response.json().data;
}

describe('sensors', () => {
  it('registers a tag with its screens in the active workspace, normalizing its ID', async () => {
    const t = await tenant();
    const w1 = await buildWorkspace(app, t.company.id, t.root.id);
    const screen = await buildDevice(app, w1, 'Window');
    const sensor = await created(
      t.call,
      { sensor_id: ' 04:a2:b3:c4 ', name: 'Red shoes', type: 'nfc', device_ids: [screen.row.id] },
      { 'workspace-id': String(w1.id) },
    );
    expect(sensor).toEqual({
      id: expect.any(Number),
      sensor_id: '04:A2:B3:C4',
      name: 'Red shoes',
      type: 'nfc',
      workspace_id: w1.id,
      devices: [{ id: screen.row.id, name: 'Window', signage_id: screen.row.signageId }],
      has_secret: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [row] = await app.db.select().from(sensors).where(eq(sensors.id, sensor.id));
    expect(row).toMatchObject({ companyId: t.company.id, workspaceId: w1.id });

    const list = (await t.call({ method: 'GET', url: `${URL}?keyword=04:a2` })).json().data;
    expect(list).toEqual({ list: [sensor], total: 1 });
    expect((await t.call({ method: 'GET', url: `${URL}?type=button` })).json().data.total).toBe(0);
    expect((await t.call({ method: 'GET', url: `${URL}/${sensor.id}` })).json().data).toEqual(sensor);
  });

  it('refuses a sensor ID the company already has, whatever its case or workspace, but not another company’s', async () => {
    const t = await tenant();
    const w1 = await buildWorkspace(app, t.company.id, t.root.id);
    await created(t.call, { sensor_id: 'ABC123', name: 'One', type: 'rfid' });
    const again = await create(
      t.call,
      { sensor_id: 'abc123', name: 'Two', type: 'nfc' },
      { 'workspace-id': String(w1.id) },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: ResultCode.duplicate, msg: 'The sensor ID already exists' });

    const other = await tenant();
    await created(other.call, { sensor_id: 'ABC123', name: 'Theirs', type: 'nfc' });

    const second = await created(t.call, { sensor_id: 'XYZ', name: 'Two', type: 'button' });
    const renamed = await t.call({
      method: 'PUT',
      url: `${URL}/${second.id}`,
      payload: { sensor_id: 'Abc123', name: 'Two', type: 'button' },
    });
    expect(renamed.json()).toMatchObject({ code: ResultCode.duplicate, msg: 'The sensor ID already exists' });
    // Its own ID is no conflict.
    const same = await t.call({
      method: 'PUT',
      url: `${URL}/${second.id}`,
      payload: { sensor_id: 'xyz', name: 'Door button', type: 'button' },
    });
    expect(same.json().data).toMatchObject({ sensor_id: 'XYZ', name: 'Door button' });
  });

  it('validates ID, name, type and screens with clear messages', async () => {
    const t = await tenant();
    const cases: [object, string][] = [
      [{ sensor_id: '', name: 'A', type: 'nfc' }, 'Enter the sensor ID'],
      [{ sensor_id: 'A'.repeat(65), name: 'A', type: 'nfc' }, 'at most 64'],
      [{ sensor_id: 'a b', name: 'A', type: 'nfc' }, 'only letters, digits'],
      [{ sensor_id: 'AB', name: 'x'.repeat(65), type: 'nfc' }, ''],
      [{ sensor_id: 'AB', name: 'A', type: 'laser' }, 'Choose the sensor type'],
      [{ sensor_id: 'AB', name: 'A', type: 'nfc', device_ids: ['1'] }, ''],
    ];
    for (const [payload, message] of cases) {
      const response = await create(t.call, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe(ResultCode.validation);
      expect(response.json().msg).toContain(message);
    }
    expect(await app.db.select().from(sensors).where(eq(sensors.companyId, t.company.id))).toEqual([]);
  });

  it('links only screens of the caller’s scope: another company’s or an unclaimed one answers 404001 and nothing is kept', async () => {
    const t = await tenant();
    const other = await buildTenant(app);
    const foreign = await buildDevice(app, other.root);
    const response = await create(t.call, {
      sensor_id: 'T1',
      name: 'Tag',
      type: 'nfc',
      device_ids: [foreign.row.id],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: ResultCode.notFound,
      msg: 'Some of the chosen screens were not found',
    });
    expect(await app.db.select().from(sensors).where(eq(sensors.companyId, t.company.id))).toEqual([]);
  });

  it('a workspace user changes only the links to screens they see; an unpaired screen drops out', async () => {
    const t = await tenant();
    const w1 = await buildWorkspace(app, t.company.id, t.root.id);
    const w2 = await buildWorkspace(app, t.company.id, t.root.id);
    const mine = await buildDevice(app, w1, 'Mine');
    const theirs = await buildDevice(app, w2, 'Theirs');
    const extra = await buildDevice(app, w1, 'Extra');
    const sensor = await created(
      t.call,
      { sensor_id: 'SHARED', name: 'Shared', type: 'nfc', device_ids: [mine.row.id, theirs.row.id] },
      { 'workspace-id': String(w1.id) },
    );
    const user = await callAs(app, await buildMember(app, w1, Role.user));
    const seen = (await user({ method: 'GET', url: `${URL}/${sensor.id}` })).json().data;
    expect(seen.devices.map((d: { id: number }) => d.id)).toEqual([mine.row.id]);
    // A user cannot pick the sibling workspace's screen.
    const refused = await user({
      method: 'PUT',
      url: `${URL}/${sensor.id}`,
      payload: { sensor_id: 'SHARED', name: 'Shared', type: 'nfc', device_ids: [theirs.row.id] },
    });
    expect(refused.json().code).toBe(ResultCode.notFound);
    await user({
      method: 'PUT',
      url: `${URL}/${sensor.id}`,
      payload: { sensor_id: 'SHARED', name: 'Shared', type: 'nfc', device_ids: [extra.row.id] },
    });
    const links = await app.db.select().from(sensorDevices).where(eq(sensorDevices.sensorId, sensor.id));
    expect(links.map((link) => link.deviceId).sort()).toEqual([theirs.row.id, extra.row.id].sort());

    // Unpaired, the screen is in no company: the owner no longer sees it listening.
    await app.db
      .update(devices)
      .set({ companyId: null, workspaceId: null })
      .where(eq(devices.id, extra.row.id));
    const after = (await t.call({ method: 'GET', url: `${URL}/${sensor.id}` })).json().data;
    expect(after.devices.map((d: { id: number }) => d.id)).toEqual([theirs.row.id]);
  });

  it('deletes sensors all in scope or none, and keeps their workspace from being deleted until then', async () => {
    const t = await tenant();
    const w1 = await buildWorkspace(app, t.company.id, t.root.id);
    const screen = await buildDevice(app, t.root);
    const a = await created(
      t.call,
      { sensor_id: 'A', name: 'A', type: 'motion', device_ids: [screen.row.id] },
      { 'workspace-id': String(w1.id) },
    );
    const other = await tenant();
    const b = await created(other.call, { sensor_id: 'A', name: 'B', type: 'motion' });

    expect(await app.workspaceBlockers.find(app.db, [w1.id])).toContain('devices');
    const mixed = await t.call({ method: 'DELETE', url: URL, payload: { ids: [a.id, b.id] } });
    expect(mixed.json().code).toBe(ResultCode.notFound);
    expect((await t.call({ method: 'GET', url: `${URL}/${a.id}` })).json().code).toBe(ResultCode.success);

    expect((await t.call({ method: 'DELETE', url: URL, payload: { ids: [a.id] } })).json().code).toBe(
      ResultCode.success,
    );
    expect(await app.db.select().from(sensorDevices).where(eq(sensorDevices.sensorId, a.id))).toEqual([]);
    expect((await t.call({ method: 'GET', url: `${URL}/${a.id}` })).json().code).toBe(ResultCode.notFound);
    expect(await app.workspaceBlockers.find(app.db, [w1.id])).not.toContain('devices');
  });

  it('is the tenants’ alone: a customer holds no device:sensor key and changes nothing', async () => {
    const t = await tenant();
    const sensor = await created(t.call, { sensor_id: 'K', name: 'K', type: 'nfc' });
    const customer = (await loggedIn(app, { role: Role.customer })).call;
    const before = await databaseFingerprint(app.db);
    for (const request of [
      { method: 'GET', url: URL },
      { method: 'GET', url: `${URL}/${sensor.id}` },
      { method: 'POST', url: URL, payload: { sensor_id: 'C', name: 'C', type: 'nfc' } },
      { method: 'PUT', url: `${URL}/${sensor.id}`, payload: { sensor_id: 'C', name: 'C', type: 'nfc' } },
      { method: 'DELETE', url: URL, payload: { ids: [sensor.id] } },
    ] as const) {
      const response = await customer(request);
      expect(response.json().code, `${request.method} ${request.url}`).toBe(ResultCode.permission);
    }
    expect(await databaseFingerprint(app.db)).toBe(before);
  });
});
