import type { AddressInfo } from 'node:net';
import { ContentType, ResultCode, Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { devices } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildDevice, registerPlayer } from '../../test/device-factories';
import { loggedIn } from '../../test/factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { until } from '../../test/player-sockets';
import { buildTenant, callAs } from '../../test/team-factories';

let app: FastifyInstance;
let system: Call;
let operator: Call;
beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
  operator = (await loggedIn(app, { role: Role.systemOperator })).call;
});

const URL = '/backend/manager/device-model';
type Call = Awaited<ReturnType<typeof loggedIn>>['call'];
type Model = { id: number; name: string; device_count: number };

const unique = () => Math.random().toString(36).slice(2, 8);
const fields = (name: string, extra: object = {}) => ({
  name,
  vendor: 'Acme',
  width: 3840,
  height: 2160,
  orientation: 0,
  media_types: [ContentType.video, ContentType.image],
  features: ['nfc', 'screen-capture'],
  player_name: 'Vitrine player',
  player_version: '2.4.1',
  ...extra,
});
const created = async (call: Call, payload: object) => {
  const response = await call({ method: 'POST', url: URL, payload });
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data as Model;
};
const modelOf = async (deviceId: number) =>
  (await app.db.select().from(devices).where(eq(devices.id, deviceId)))[0];
const unknown = async () => {
  const response = await system({ method: 'GET', url: `${URL}/unknown` });
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data as { name: string; device_count: number; device_ids: number[] }[];
};
/** A player's socket that says who it is with this report, and what the server answered. */
async function socketReport(token: string, info: object) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/backend/player/socket`);
  const heard: { type: string }[] = [];
  socket.on('message', (data) => heard.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'auth', token, info }));
  await until(() => heard.some((message) => message.type === 'welcome'));
  socket.terminate();
}

const hello = (token: string, info: object) =>
  app.inject({ method: 'POST', url: '/backend/player/hello', payload: { token, info } });

describe('the model catalogue', () => {
  it('creates, shows, lists, searches and edits models, keeping choices in catalogue order', async () => {
    const name = `Panel ${unique()}`;
    const model = await created(
      operator,
      fields(`  ${name}  `, { vendor: '', features: ['screen-capture', 'nfc', 'nfc'], player_version: ' ' }),
    );
    expect(model).toEqual({
      id: expect.any(Number),
      name,
      vendor: null,
      width: 3840,
      height: 2160,
      orientation: 0,
      media_types: [ContentType.image, ContentType.video],
      features: ['screen-capture', 'nfc'],
      player_name: 'Vitrine player',
      player_version: null,
      device_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const detail = await system({ method: 'GET', url: `${URL}/${model.id}` });
    expect(detail.json().data).toEqual(model);
    const found = await system({ method: 'GET', url: URL, query: { keyword: name.slice(-6) } });
    expect(found.json().data).toEqual({ list: [model], total: 1 });

    const edited = await system({
      method: 'PUT',
      url: `${URL}/${model.id}`,
      payload: fields(`${name} v2`, { orientation: 90, width: 1080, height: 1920 }),
    });
    expect(edited.json().data).toMatchObject({ name: `${name} v2`, orientation: 90, width: 1080 });
    const missing = await system({ method: 'PUT', url: `${URL}/2147483000`, payload: fields('Nobody') });
    expect(missing.json().code).toBe(ResultCode.notFound);
  });

  it('refuses bad fields and a taken name (case aside) with clear messages, changing nothing', async () => {
    const name = `Wall ${unique()}`;
    const taken = await created(system, fields(name));
    const other = await created(system, fields(`Other ${unique()}`));
    const before = await databaseFingerprint(app.db);
    const refused = async (payload: object, msg: string, method = 'POST', url = URL) => {
      const response = await system({ method: method as 'POST', url, payload });
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ msg: expect.stringContaining(msg) });
      expect(response.json().code).not.toBe(ResultCode.success);
    };
    await refused(fields(''), 'Please input the name');
    await refused(fields('x'.repeat(65)), 'Names can be at most 64 characters long');
    await refused(fields('Ok', { vendor: 'v'.repeat(65) }), 'Names can be at most 64 characters long');
    await refused(fields('Ok', { width: 0 }), 'Width and height are whole numbers of pixels from 1 to 16384');
    await refused(
      fields('Ok', { height: 16385 }),
      'Width and height are whole numbers of pixels from 1 to 16384',
    );
    await refused(
      fields('Ok', { width: 10.5 }),
      'Width and height are whole numbers of pixels from 1 to 16384',
    );
    await refused(fields('Ok', { orientation: 180 }), 'Choose landscape or portrait');
    await refused(
      fields('Ok', { media_types: [ContentType.playlist] }),
      'Choose media types from those offered',
    );
    await refused(fields('Ok', { features: ['teleport'] }), 'Choose features from those offered');
    await refused(fields(name.toUpperCase()), 'A device model with this name already exists');
    await refused(
      fields(` ${name.toLowerCase()} `),
      'A device model with this name already exists',
      'PUT',
      `${URL}/${other.id}`,
    );
    expect(await databaseFingerprint(app.db)).toBe(before);
    // Its own name, in other letters, is no clash.
    const renamed = await system({
      method: 'PUT',
      url: `${URL}/${taken.id}`,
      payload: fields(name.toUpperCase()),
    });
    expect(renamed.json().data.name).toBe(name.toUpperCase());
  });

  it('is the platform roles’ alone: owners, customers and members are forbidden', async () => {
    const model = await created(system, fields(`Kiosk ${unique()}`));
    const t = await buildTenant(app);
    const owner = await callAs(app, t.owner);
    const customer = (await loggedIn(app, { role: Role.customer })).call;
    const before = await databaseFingerprint(app.db);
    for (const call of [owner, customer]) {
      for (const request of [
        { method: 'GET', url: URL },
        { method: 'GET', url: `${URL}/unknown` },
        { method: 'GET', url: `${URL}/${model.id}` },
        { method: 'POST', url: URL, payload: fields(`Mine ${unique()}`) },
        { method: 'PUT', url: `${URL}/${model.id}`, payload: fields('Mine') },
        { method: 'DELETE', url: URL, payload: { ids: [model.id] } },
        { method: 'POST', url: `${URL}/assign`, payload: { device_ids: [1], model_id: model.id } },
      ] as const) {
        const response = await call(request);
        expect(response.json().code, `${request.method} ${request.url}`).toBe(ResultCode.permission);
      }
    }
    expect(await databaseFingerprint(app.db)).toBe(before);
  });
});

describe('devices reporting their model', () => {
  it('stores the reported name cleaned and matches it to a model by name, case aside', async () => {
    const name = `Signboard ${unique()}`;
    const model = await created(system, fields(name));
    const player = await registerPlayer(app, { model: `  ${name.toUpperCase()}\u202e\n ` });
    expect(player.row).toMatchObject({ deviceModel: name.toUpperCase(), modelId: model.id });

    // Another name: matched again (none here); too long a name is cut to 64 characters.
    const long = `Unlisted ${unique()} ${'x'.repeat(80)}`;
    expect((await hello(player.token, { model: long })).json().code).toBe(ResultCode.success);
    expect(await modelOf(player.row.id)).toMatchObject({
      deviceModel: long.slice(0, 64).trim(),
      modelId: null,
    });
    expect((await hello(player.token, { model: 'y'.repeat(257) })).json().code).toBe(ResultCode.validation);
  });

  it('matches the name a player reports on its socket too', async () => {
    const name = `Socket ${unique()}`;
    const model = await created(system, fields(name));
    const player = await registerPlayer(app, { model: 'Something else' });
    await socketReport(player.token, { model: name.toLowerCase() });
    expect(await modelOf(player.row.id)).toMatchObject({
      deviceModel: name.toLowerCase(),
      modelId: model.id,
    });
  });

  it('lists unknown names with their devices; adding the model or assigning one takes them off', async () => {
    const t = await buildTenant(app);
    const reported = `Mystery ${unique()}`;
    const a = await buildDevice(app, t.root, 'A', { deviceModel: reported });
    const b = await buildDevice(app, t.root, 'B', { deviceModel: reported.toLowerCase() });
    const c = await buildDevice(app, t.root, 'C', { deviceModel: `Odd ${unique()}` });
    // An unclaimed screen is nobody's yet: not listed.
    await registerPlayer(app, { model: reported });
    const entry = (await unknown()).find((item) => item.name.toLowerCase() === reported.toLowerCase());
    expect(entry).toEqual({ name: reported, device_count: 2, device_ids: [a.row.id, b.row.id] });

    // "Add as model": both devices are of it now, and the name is no longer unknown.
    const model = await created(system, fields(reported));
    expect((await modelOf(a.row.id)).modelId).toBe(model.id);
    expect((await modelOf(b.row.id)).modelId).toBe(model.id);
    expect((await unknown()).map((item) => item.name)).not.toContain(reported);
    // The device's owner sees its model on the device.
    const owner = await callAs(app, t.owner);
    const detail = await owner({ method: 'GET', url: `/backend/manager/device/${a.row.id}` });
    expect(detail.json().data).toMatchObject({
      device_model: reported,
      model_id: model.id,
      model_name: reported,
    });

    // Assigned by hand, it stays while the device reports the same name.
    const assigned = await operator({
      method: 'POST',
      url: `${URL}/assign`,
      payload: { device_ids: [c.row.id], model_id: model.id },
    });
    expect(assigned.json().code, assigned.body).toBe(ResultCode.success);
    expect((await hello(c.token, { model: c.row.deviceModel })).json().code).toBe(ResultCode.success);
    expect((await modelOf(c.row.id)).modelId).toBe(model.id);
    expect((await system({ method: 'GET', url: `${URL}/${model.id}` })).json().data.device_count).toBe(3);
  });

  it('assigns only to claimed devices that exist, and only a model that exists, changing nothing otherwise', async () => {
    const t = await buildTenant(app);
    const model = await created(system, fields(`Assign ${unique()}`));
    const device = await buildDevice(app, t.root, 'Mine', { deviceModel: 'Whatever' });
    const unclaimed = await registerPlayer(app, { model: 'Whatever' });
    const before = await databaseFingerprint(app.db);
    for (const payload of [
      { device_ids: [device.row.id, unclaimed.row.id], model_id: model.id },
      { device_ids: [device.row.id, 2147483000], model_id: model.id },
      { device_ids: [device.row.id], model_id: 2147483000 },
    ]) {
      const response = await system({ method: 'POST', url: `${URL}/assign`, payload });
      expect(response.json().code, JSON.stringify(payload)).toBe(ResultCode.notFound);
    }
    const empty = await system({
      method: 'POST',
      url: `${URL}/assign`,
      payload: { device_ids: [], model_id: null },
    });
    expect(empty.json().code).toBe(ResultCode.validation);
    expect(await databaseFingerprint(app.db)).toBe(before);
    const cleared = await system({
      method: 'POST',
      url: `${URL}/assign`,
      payload: { device_ids: [device.row.id], model_id: null },
    });
    expect(cleared.json().code).toBe(ResultCode.success);
  });
});

describe('deleting models', () => {
  it('refuses a model devices are of, naming it, and deletes it once they have another', async () => {
    const t = await buildTenant(app);
    const name = `Used ${unique()}`;
    const used = await created(system, fields(name));
    const free = await created(system, fields(`Free ${unique()}`));
    const device = await buildDevice(app, t.root, 'Screen', { modelId: used.id });
    const before = await databaseFingerprint(app.db);
    const refused = await system({ method: 'DELETE', url: URL, payload: { ids: [free.id, used.id] } });
    expect(refused.json()).toMatchObject({
      code: ResultCode.inUse,
      msg: `${name} is the model of 1 devices. Assign them another model first.`,
    });
    const missing = await system({ method: 'DELETE', url: URL, payload: { ids: [free.id, 2147483000] } });
    expect(missing.json().code).toBe(ResultCode.notFound);
    expect(await databaseFingerprint(app.db)).toBe(before);

    await system({
      method: 'POST',
      url: `${URL}/assign`,
      payload: { device_ids: [device.row.id], model_id: free.id },
    });
    const removed = await system({ method: 'DELETE', url: URL, payload: { ids: [used.id] } });
    expect(removed.json().code, removed.body).toBe(ResultCode.success);
    expect((await system({ method: 'GET', url: `${URL}/${used.id}` })).json().code).toBe(ResultCode.notFound);
  });
});
