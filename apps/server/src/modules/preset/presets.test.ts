import { APP_VERSION, DEVICE_COMMAND_LIMIT, DeviceStatus, ResultCode } from '@vitrine/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands, devices } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildPlaylist } from '../../test/composition-factories';
import { buildDevice, busSettled, playerAck } from '../../test/device-factories';
import { buildModel } from '../../test/ota-factories';
import { buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/preset';
const online = { status: DeviceStatus.online, lastSeenAt: new Date() };
const rowOf = async (id: number) => (await app.db.select().from(devices).where(eq(devices.id, id)))[0];
const commandsTo = (ids: number[]) =>
  app.db
    .select()
    .from(deviceCommands)
    .where(inArray(deviceCommands.deviceId, ids))
    .orderBy(deviceCommands.id);
const ack = (token: string, payload: object) => playerAck(app, token, payload);

async function setup() {
  const tenant = await buildTenant(app);
  return { tenant, call: await callAs(app, tenant.owner) };
}

type Call = Awaited<ReturnType<typeof setup>>['call'];

const soundAndLight = {
  name: 'Evening',
  properties: { brightness: 40, sound: { mute: false, volume: 25 } },
};

async function createPreset(call: Call, payload: object = soundAndLight) {
  const response = await call({ method: 'POST', url: URL, payload });
  expect(response.json()).toMatchObject({ code: ResultCode.success });
  return response.json().data;
}

describe('presets', () => {
  it('creates one in the active workspace, lists, edits and deletes it', async () => {
    const { tenant, call } = await setup();
    const created = await createPreset(call);
    expect(created).toMatchObject({
      name: 'Evening',
      group_id: tenant.root.id,
      model_id: null,
      auto_apply: false,
      properties: {
        brightness: 40,
        sound: { mute: false, volume: 25 },
        orientation: null,
        timers: null,
        default_program: null,
        lock: null,
      },
      last_applied_at: null,
    });
    const list = await call({ method: 'GET', url: `${URL}?keyword=even` });
    expect(list.json().data).toMatchObject({ total: 1, list: [{ id: created.id }] });

    const model = await buildModel(app);
    const edited = await call({
      method: 'PUT',
      url: `${URL}/${created.id}`,
      payload: { name: 'Night', model_id: model, auto_apply: true, properties: { sound: { mute: true } } },
    });
    expect(edited.json().data).toMatchObject({
      name: 'Night',
      model_id: model,
      auto_apply: true,
      properties: { brightness: null, sound: { mute: true, volume: null } },
    });

    await call({ method: 'DELETE', url: URL, payload: { ids: [created.id] } });
    expect((await call({ method: 'GET', url: `${URL}/${created.id}` })).json().code).toBe(
      ResultCode.notFound,
    );
  });

  it('refuses a preset without properties, a volume while muted, brightness 0 and a long name', async () => {
    const { call } = await setup();
    const refused = async (payload: object, msg: string) => {
      const response = await call({ method: 'POST', url: URL, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: ResultCode.validation,
        msg: expect.stringContaining(msg),
      });
    };
    await refused({ name: 'Empty', properties: {} }, 'Choose at least one property for the preset');
    await refused(
      { name: 'Loud', properties: { sound: { mute: true, volume: 10 } } },
      'Volume cannot be edited while muted.',
    );
    await refused(
      { name: 'Dark', properties: { brightness: 0 } },
      'The brightness is a whole number from 1 to 100.',
    );
    await refused({ name: 'x'.repeat(65), properties: { brightness: 5 } }, 'name: ');
  });

  it('keeps the lock PIN without reading it back, and asks for one when locking anew', async () => {
    const { call } = await setup();
    const missing = await call({
      method: 'POST',
      url: URL,
      payload: { name: 'Lock', properties: { lock: { locked: true } } },
    });
    expect(missing.json()).toMatchObject({ code: ResultCode.validation, msg: 'Please input the PIN' });
    const locked = await createPreset(call, {
      name: 'Lock',
      properties: { lock: { locked: true, pin: '123456' } },
    });
    expect(locked.properties.lock).toEqual({ locked: true });
    expect(JSON.stringify(locked)).not.toContain('123456');
    const kept = await call({
      method: 'PUT',
      url: `${URL}/${locked.id}`,
      payload: { name: 'Lock 2', properties: { lock: { locked: true } } },
    });
    expect(kept.json().data.properties.lock).toEqual({ locked: true });
  });

  it('takes default content of its workspace only, and a playlist it uses is not deleted without asking', async () => {
    const { tenant, call } = await setup();
    const other = await buildTenant(app);
    const theirs = await buildPlaylist(app, other.root);
    const foreign = await call({
      method: 'POST',
      url: URL,
      payload: { name: 'Theirs', properties: { default_program: { kind: 'playlist', id: theirs.id } } },
    });
    expect(foreign.json().code).toBe(ResultCode.notFound);

    const mine = await buildPlaylist(app, tenant.root, 'Welcome loop');
    const preset = await createPreset(call, {
      name: 'Welcome',
      properties: { default_program: { kind: 'playlist', id: mine.id } },
    });
    expect(preset.properties.default_program).toEqual({
      kind: 'playlist',
      id: mine.id,
      name: 'Welcome loop',
    });
    const refused = await call({
      method: 'DELETE',
      url: '/backend/manager/playlist',
      payload: { ids: [mine.id] },
    });
    expect(refused.json()).toMatchObject({ code: ResultCode.inUse });
    await call({
      method: 'DELETE',
      url: '/backend/manager/playlist',
      payload: { ids: [mine.id], detach: true },
    });
    const after = await call({ method: 'GET', url: `${URL}/${preset.id}` });
    expect(after.json().data.properties.default_program).toBeNull();
  });

  it('answers 404001 for another tenant’s preset', async () => {
    const { call } = await setup();
    const other = await setup();
    const theirs = await createPreset(other.call);
    for (const request of [
      { method: 'GET' as const, url: `${URL}/${theirs.id}` },
      { method: 'PUT' as const, url: `${URL}/${theirs.id}`, payload: soundAndLight },
      { method: 'DELETE' as const, url: URL, payload: { ids: [theirs.id] } },
      { method: 'POST' as const, url: `${URL}/${theirs.id}/apply`, payload: { device_ids: [1] } },
      { method: 'GET' as const, url: `${URL}/${theirs.id}/apply` },
    ]) {
      expect((await call(request)).json().code).toBe(ResultCode.notFound);
    }
  });
});

describe('POST preset/{id}/apply', () => {
  it('sends online screens the commands, skips offline ones, and reads their acknowledgements', async () => {
    const { tenant, call } = await setup();
    const hall = await buildDevice(app, tenant.root, 'Hall', { ...online, mute: true, volume: 80 });
    const lobby = await buildDevice(app, tenant.root, 'Lobby', online);
    const cellar = await buildDevice(app, tenant.root, 'Cellar');
    const preset = await createPreset(call, {
      name: 'Evening',
      properties: {
        brightness: 40,
        sound: { mute: false, volume: 25 },
        timers: { enabled: true, timers: [{ weekday: 1, on: '08:00', off: '20:00' }] },
        lock: { locked: true, pin: '246810' },
      },
    });
    const response = await call({
      method: 'POST',
      url: `${URL}/${preset.id}/apply`,
      payload: { device_ids: [hall.row.id, lobby.row.id, cellar.row.id] },
    });
    const application = response.json().data;
    expect(application).toMatchObject({ source: 'manual', created_by_name: expect.any(String) });
    const stateOf = (item: { devices: { device_name: string; state: string }[] }) =>
      Object.fromEntries(item.devices.map((device) => [device.device_name, device.state]));
    expect(stateOf(application)).toEqual({ Cellar: 'offline', Hall: 'sent', Lobby: 'sent' });

    // Unmuted before the volume; saved on the online screens only.
    const sent = await commandsTo([hall.row.id, lobby.row.id, cellar.row.id]);
    expect(sent.filter((row) => row.deviceId === hall.row.id).map((row) => [row.action, row.value])).toEqual([
      ['brightness', 40],
      ['mute', false],
      ['volume', 25],
    ]);
    expect(sent.some((row) => row.deviceId === cellar.row.id)).toBe(false);
    expect(await rowOf(hall.row.id)).toMatchObject({ brightness: 40, mute: false, volume: 25 });
    expect((await rowOf(hall.row.id)).timers.enabled).toBe(true);
    expect((await rowOf(hall.row.id)).lockPinSha256).not.toBeNull();
    expect(await rowOf(cellar.row.id)).toMatchObject({ brightness: 100, lockPinSha256: null });

    // The hall answers every command, the lobby refuses one.
    for (const row of sent.filter((command) => command.deviceId === hall.row.id)) {
      await ack(hall.token, { command_id: row.id, ok: true });
    }
    const lobbyVolume = sent.find((row) => row.deviceId === lobby.row.id && row.action === 'volume');
    await ack(lobby.token, { command_id: lobbyVolume?.id, ok: false, result: 'No speaker' });
    const history = (await call({ method: 'GET', url: `${URL}/${preset.id}/apply` })).json().data.list;
    expect(history).toHaveLength(1);
    expect(stateOf(history[0])).toEqual({ Cellar: 'offline', Hall: 'acknowledged', Lobby: 'failed' });
    expect(history[0].devices.find((d: { device_name: string }) => d.device_name === 'Lobby').result).toBe(
      'No speaker',
    );
    expect(
      (await call({ method: 'GET', url: `${URL}/${preset.id}` })).json().data.last_applied_at,
    ).not.toBeNull();
  });

  it('sets the time zone and the screen-capture interval through commands the screen acknowledges', async () => {
    const { tenant, call } = await setup();
    const shop = await buildDevice(app, tenant.root, 'Shop', {
      ...online,
      systemVersion: APP_VERSION,
      timezone: 'UTC',
    });
    // A player of 1.21.13 cannot set either: nothing goes to it.
    const old = await buildDevice(app, tenant.root, 'Old', {
      ...online,
      systemVersion: '1.21.13 build 250626 Release',
    });
    const preset = await createPreset(call, {
      name: 'Paris',
      properties: { timezone: 'europe/paris', screenshot_interval: 15 },
    });
    // Spelled as the zone's canonical name.
    expect(preset.properties).toMatchObject({ timezone: 'Europe/Paris', screenshot_interval: 15 });
    let manifestChanges = 0;
    const stop = app.bus.on((event) => {
      if (event.type === 'manifest-changed' && event.deviceIds.includes(shop.row.id)) manifestChanges++;
    });
    const response = await call({
      method: 'POST',
      url: `${URL}/${preset.id}/apply`,
      payload: { device_ids: [shop.row.id, old.row.id] },
    });
    await busSettled(app);
    stop();
    expect(response.json().data.devices).toMatchObject([
      { device_name: 'Old', state: 'unsupported' },
      { device_name: 'Shop', state: 'sent' },
    ]);
    const sent = await commandsTo([shop.row.id, old.row.id]);
    expect(sent.map((row) => [row.deviceId, row.action, row.value])).toEqual([
      [shop.row.id, 'timezone', 'Europe/Paris'],
      [shop.row.id, 'screenshot-interval', 15],
    ]);
    // Saved on the screen: its state tells a restarted player, its schedules are read in the new zone.
    expect(await rowOf(shop.row.id)).toMatchObject({ timezone: 'Europe/Paris', screenshotInterval: 15 });
    expect(manifestChanges).toBe(1);
    const hello = await app.inject({
      method: 'POST',
      url: '/backend/player/hello',
      payload: { token: shop.token },
    });
    expect(hello.json().data.settings).toMatchObject({ timezone: 'Europe/Paris', screenshot_interval: 15 });

    for (const row of sent) await ack(shop.token, { command_id: row.id, ok: true });
    const [application] = (await call({ method: 'GET', url: `${URL}/${preset.id}/apply` })).json().data.list;
    expect(application.devices).toMatchObject([
      { device_name: 'Old', state: 'unsupported' },
      { device_name: 'Shop', state: 'acknowledged' },
    ]);
  });

  it('refuses an unknown time zone and a capture interval of 10000 minutes', async () => {
    const { call } = await setup();
    for (const [properties, msg] of [
      [{ timezone: 'Mars/Olympus' }, 'This time zone is not valid'],
      [{ screenshot_interval: 10000 }, 'The screen-capture interval is a whole number of minutes'],
      [{ screenshot_interval: -1 }, 'The screen-capture interval is a whole number of minutes'],
    ] as const) {
      const response = await call({ method: 'POST', url: URL, payload: { name: 'Bad', properties } });
      expect(response.json()).toMatchObject({
        code: ResultCode.validation,
        msg: expect.stringContaining(msg),
      });
    }
  });

  it('records a screen whose player lacks a property as unsupported, and sends it nothing', async () => {
    const { tenant, call } = await setup();
    const old = await buildDevice(app, tenant.root, 'Old', { ...online, systemVersion: '1.0.0' });
    const preset = await createPreset(call);
    const response = await call({
      method: 'POST',
      url: `${URL}/${preset.id}/apply`,
      payload: { device_ids: [old.row.id] },
    });
    expect(response.json().data.devices).toMatchObject([{ device_name: 'Old', state: 'unsupported' }]);
    expect(await commandsTo([old.row.id])).toEqual([]);
  });

  it('refuses more than the limit, and screens out of its scope with 404001, sending nothing', async () => {
    const { tenant, call } = await setup();
    const preset = await createPreset(call);
    const many = Array.from({ length: DEVICE_COMMAND_LIMIT + 1 }, (_, index) => index + 1);
    const tooMany = await call({
      method: 'POST',
      url: `${URL}/${preset.id}/apply`,
      payload: { device_ids: many },
    });
    expect(tooMany.json()).toMatchObject({
      code: ResultCode.validation,
      msg: `The number of devices cannot exceed ${DEVICE_COMMAND_LIMIT}.`,
    });

    const mine = await buildDevice(app, tenant.root, 'Mine', online);
    const other = await buildTenant(app);
    const theirs = await buildDevice(app, other.root, 'Theirs', online);
    const below = await buildWorkspace(app, tenant.company.id, tenant.root.id);
    const elsewhere = await buildDevice(app, below, 'Elsewhere', online);
    for (const id of [theirs.row.id, elsewhere.row.id]) {
      const response = await call({
        method: 'POST',
        url: `${URL}/${preset.id}/apply`,
        payload: { device_ids: [mine.row.id, id] },
      });
      expect(response.json().code).toBe(ResultCode.notFound);
    }
    const modelPreset = await createPreset(call, { ...soundAndLight, model_id: await buildModel(app) });
    const otherModel = await call({
      method: 'POST',
      url: `${URL}/${modelPreset.id}/apply`,
      payload: { device_ids: [mine.row.id] },
    });
    expect(otherModel.json().code).toBe(ResultCode.notFound);
    expect(await commandsTo([mine.row.id, theirs.row.id, elsewhere.row.id])).toEqual([]);
  });
});

describe('auto-apply', () => {
  it('applies its workspace’s auto-apply presets to a screen as it is paired, its model’s last', async () => {
    const { tenant, call } = await setup();
    const model = await buildModel(app);
    const forAll = await createPreset(call, {
      name: 'All',
      auto_apply: true,
      properties: { brightness: 30 },
    });
    const forModel = await createPreset(call, {
      name: 'Model',
      auto_apply: true,
      model_id: model,
      properties: { brightness: 70 },
    });
    await createPreset(call, { name: 'By hand', properties: { brightness: 5 } });
    const paired = await buildDevice(app, tenant.root, 'New', { ...online, modelId: model });
    expect((await commandsTo([paired.row.id])).map((row) => row.value)).toEqual([30, 70]);
    expect((await rowOf(paired.row.id)).brightness).toBe(70);
    for (const preset of [forAll, forModel]) {
      const [application] = (await call({ method: 'GET', url: `${URL}/${preset.id}/apply` })).json().data
        .list;
      expect(application).toMatchObject({
        source: 'pairing',
        devices: [{ device_name: 'New', state: 'sent' }],
      });
    }
    // Its answers show per screen in each preset's history, as for a preset applied by hand.
    for (const row of await commandsTo([paired.row.id])) {
      await ack(paired.token, { command_id: row.id, ok: true });
    }
    const [confirmed] = (await call({ method: 'GET', url: `${URL}/${forAll.id}/apply` })).json().data.list;
    expect(confirmed.devices).toMatchObject([{ device_name: 'New', state: 'acknowledged' }]);
    // A screen of another model gets only the preset for every screen.
    const other = await buildDevice(app, tenant.root, 'Other', online);
    expect((await commandsTo([other.row.id])).map((row) => row.value)).toEqual([30]);
  });
});
