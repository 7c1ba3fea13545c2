import { randomUUID } from 'node:crypto';
import { DeviceStatus, ResultCode, Role } from '@vitrine/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands, devices, ruleFirings } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildPlaylist } from '../../test/composition-factories';
import { buildDevice, playerAck } from '../../test/device-factories';
import { clearOutbox, readOutbox } from '../../test/outbox';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/rule';
const online = { status: DeviceStatus.online, lastSeenAt: new Date() };
const rowOf = async (id: number) => (await app.db.select().from(devices).where(eq(devices.id, id)))[0];

async function setup() {
  const tenant = await buildTenant(app);
  const call = await callAs(app, tenant.owner);
  const screen = await buildDevice(app, tenant.root, 'Window', online);
  return { tenant, call, screen };
}
type Call = Awaited<ReturnType<typeof setup>>['call'];

const evening = (deviceIds: number[]) => ({
  name: 'Evening',
  trigger: { kind: 'time', recurrence: 'weekdays', at: '19:30' },
  actions: [{ action: 'brightness', value: 30 }, { action: 'screenshot' }],
  device_ids: deviceIds,
});

async function createRule(call: Call, payload: object) {
  const response = await call({ method: 'POST', url: URL, payload });
  expect(response.json()).toMatchObject({ code: ResultCode.success });
  return response.json().data;
}

const manifestOf = async (token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/backend/player/manifest',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json().data;

const report = (token: string, firings: object[]) =>
  app.inject({
    method: 'POST',
    url: '/backend/player/rule-firings',
    headers: { authorization: `Bearer ${token}` },
    payload: { firings },
  });

describe('control rules', () => {
  it('creates a rule in the active workspace, lists, edits, disables and deletes it', async () => {
    const { tenant, call, screen } = await setup();
    const created = await createRule(call, evening([screen.row.id]));
    expect(created).toMatchObject({
      name: 'Evening',
      enabled: true,
      group_id: tenant.root.id,
      trigger: { kind: 'time', recurrence: 'weekdays', days: [], at: '19:30' },
      actions: [{ action: 'brightness', value: 30 }, { action: 'screenshot' }],
      devices: [{ id: screen.row.id, name: 'Window', signage_id: screen.row.signageId }],
      last_fired_at: null,
    });
    const list = await call({ method: 'GET', url: `${URL}?keyword=even` });
    expect(list.json().data).toMatchObject({ total: 1, list: [{ id: created.id }] });

    const playlist = await buildPlaylist(app, tenant.root, 'Night loop');
    const edited = await call({
      method: 'PUT',
      url: `${URL}/${created.id}`,
      payload: {
        name: 'Weekend',
        trigger: { kind: 'time', recurrence: 'days', days: [6, 0, 6], at: '08:00' },
        actions: [
          { action: 'switch-content', program: { kind: 'playlist', id: playlist.id } },
          { action: 'mail', user_ids: [tenant.owner.id] },
        ],
        device_ids: [screen.row.id],
      },
    });
    expect(edited.json().data).toMatchObject({
      name: 'Weekend',
      trigger: { kind: 'time', recurrence: 'days', days: [0, 6], at: '08:00' },
      actions: [
        { action: 'switch-content', program: { kind: 'playlist', id: playlist.id, name: 'Night loop' } },
        { action: 'mail', users: [{ id: tenant.owner.id }] },
      ],
    });

    const off = await call({
      method: 'PUT',
      url: `${URL}/${created.id}/enabled`,
      payload: { enabled: false },
    });
    expect(off.json().data.enabled).toBe(false);

    await call({ method: 'DELETE', url: URL, payload: { ids: [created.id] } });
    expect((await call({ method: 'GET', url: `${URL}/${created.id}` })).json().code).toBe(
      ResultCode.notFound,
    );
  });

  it('refuses brightness 0, a long name, a time without days, a bad time and no actions', async () => {
    const { call, screen } = await setup();
    const refused = async (payload: object, msg: string) => {
      const response = await call({
        method: 'POST',
        url: URL,
        payload: { ...evening([screen.row.id]), ...payload },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: ResultCode.validation,
        msg: expect.stringContaining(msg),
      });
    };
    await refused(
      { actions: [{ action: 'brightness', value: 0 }] },
      'The brightness is a whole number from 1 to 100.',
    );
    await refused({ name: 'x'.repeat(65) }, 'name: ');
    await refused(
      { trigger: { kind: 'time', recurrence: 'days', days: [], at: '08:00' } },
      'Choose at least one day',
    );
    await refused({ trigger: { kind: 'time', recurrence: 'daily', at: '24:00' } }, 'time');
    await refused({ actions: [] }, 'Choose at least one action');
    await refused({ device_ids: [] }, 'device_ids');
  });

  it('refuses screens, sensors, users and content outside the rule’s workspace or the caller’s scope', async () => {
    const { tenant, call, screen } = await setup();
    const other = await buildTenant(app);
    const foreignScreen = await buildDevice(app, other.root, 'Foreign', online);
    const sibling = await buildWorkspace(app, tenant.company.id, tenant.root.id);
    const siblingScreen = await buildDevice(app, sibling, 'Sibling', online);
    const foreignList = await buildPlaylist(app, other.root, 'Theirs');
    const notFound = async (payload: object) => {
      const response = await call({
        method: 'POST',
        url: URL,
        payload: { ...evening([screen.row.id]), ...payload },
      });
      expect(response.json().code).toBe(ResultCode.notFound);
    };
    await notFound({ device_ids: [foreignScreen.row.id] });
    // A screen of a workspace below: not the rule's workspace.
    await notFound({ device_ids: [siblingScreen.row.id] });
    await notFound({ actions: [{ action: 'mail', user_ids: [other.owner.id] }] });
    await notFound({
      actions: [{ action: 'switch-content', program: { kind: 'playlist', id: foreignList.id } }],
    });
    const sensor = (
      await (
        await callAs(app, other.owner)
      )({
        method: 'POST',
        url: '/backend/manager/iot-device',
        payload: { sensor_id: 'TAG-1', name: 'Theirs', type: 'nfc', device_ids: [] },
      })
    ).json().data;
    await notFound({ trigger: { kind: 'sensor', sensor_ids: [sensor.id] } });
    // A member of a sibling workspace does not see the root's rules.
    const rule = await createRule(call, evening([screen.row.id]));
    const member = await buildMember(app, sibling, Role.userAdmin);
    const memberCall = await callAs(app, member);
    expect((await memberCall({ method: 'GET', url: `${URL}/${rule.id}` })).json().code).toBe(
      ResultCode.notFound,
    );
  });

  it('puts enabled time and sensor rules into their screens’ manifests, with the screen’s part of the actions', async () => {
    const { call, screen } = await setup();
    const sensor = (
      await call({
        method: 'POST',
        url: '/backend/manager/iot-device',
        payload: { sensor_id: 'tag-9', name: 'Shoes', type: 'nfc', device_ids: [screen.row.id] },
      })
    ).json().data;
    const timed = await createRule(call, evening([screen.row.id]));
    const tapped = await createRule(call, {
      name: 'Tap',
      trigger: { kind: 'sensor', sensor_ids: [sensor.id] },
      actions: [{ action: 'volume', value: 10 }, { action: 'power-off' }],
      device_ids: [screen.row.id],
    });
    await createRule(call, {
      name: 'Gone',
      trigger: { kind: 'event', event: 'offline' },
      actions: [{ action: 'restart' }],
      device_ids: [screen.row.id],
    });
    expect((await manifestOf(screen.token)).rules).toEqual([
      {
        id: timed.id,
        trigger: { kind: 'time', recurrence: 'weekdays', days: [], at: '19:30' },
        actions: [{ action: 'brightness', value: 30 }],
      },
      {
        id: tapped.id,
        trigger: { kind: 'sensor', sensor_ids: ['TAG-9'] },
        actions: [{ action: 'volume', value: 10 }, { action: 'power-off' }],
      },
    ]);
    await call({ method: 'PUT', url: `${URL}/${timed.id}/enabled`, payload: { enabled: false } });
    expect((await manifestOf(screen.token)).rules.map((rule: { id: number }) => rule.id)).toEqual([
      tapped.id,
    ]);
  });

  it('logs a firing the screen reports once, saves what it set and does the server’s part', async () => {
    const { call, screen } = await setup();
    const rule = await createRule(call, evening([screen.row.id]));
    const firing = { uuid: randomUUID(), rule_id: rule.id, fired_at: new Date().toISOString(), ok: true };
    const first = await report(screen.token, [firing]);
    expect(first.json().data).toEqual({ accepted: [firing.uuid] });
    // Sent again (the answer was lost): taken, stored once.
    expect((await report(screen.token, [firing])).json().data).toEqual({ accepted: [firing.uuid] });
    expect(await app.db.select().from(ruleFirings).where(eq(ruleFirings.ruleId, rule.id))).toHaveLength(1);
    expect((await rowOf(screen.row.id)).brightness).toBe(30);
    const commands = await app.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.deviceId, screen.row.id))
      .orderBy(deviceCommands.id);
    expect(commands.map((row) => [row.action, row.status])).toEqual([
      ['brightness', 'done'],
      ['screenshot', 'pending'],
    ]);
    const history = async () => (await call({ method: 'GET', url: `${URL}/${rule.id}/firings` })).json().data;
    expect(await history()).toMatchObject({
      total: 1,
      list: [{ source: 'screen', device_id: screen.row.id, device_name: 'Window', state: 'sent' }],
    });
    await playerAck(app, screen.token, {
      command_id: commands[1].id,
      ok: true,
      result: 'image/png 10 bytes',
    });
    expect((await history()).list[0].state).toBe('acknowledged');
    expect(
      (await call({ method: 'GET', url: `${URL}/${rule.id}` })).json().data.last_fired_at,
    ).not.toBeNull();

    // The same due time reported again under another UUID (a screen that fired it twice): taken,
    // logged once.
    const due = '2026-01-05T19:30:00.000Z';
    const timed = { ...firing, uuid: randomUUID(), due_at: due };
    expect((await report(screen.token, [timed, { ...timed, uuid: randomUUID() }])).json().data).toEqual({
      accepted: [timed.uuid, expect.any(String)],
    });
    expect(
      (
        await app.db.select().from(ruleFirings).where(eq(ruleFirings.ruleId, rule.id)).orderBy(ruleFirings.id)
      ).map((row) => row.dueAt?.toISOString()),
    ).toEqual([undefined, due]);

    // A rule of another screen (or company) is taken and dropped.
    const other = await setup();
    const theirs = await createRule(other.call, evening([other.screen.row.id]));
    const stray = { ...firing, uuid: randomUUID(), rule_id: theirs.id };
    expect((await report(screen.token, [stray])).json().data).toEqual({ accepted: [stray.uuid] });
    expect(await app.db.select().from(ruleFirings).where(eq(ruleFirings.ruleId, theirs.id))).toEqual([]);
  });

  it('fires device-event rules on the job table, quiet for a minute after each; offline screens get nothing', async () => {
    const { tenant, call, screen } = await setup();
    const rule = await createRule(call, {
      name: 'Back online',
      trigger: { kind: 'event', event: 'online' },
      actions: [
        { action: 'brightness', value: 80 },
        { action: 'mail', user_ids: [tenant.owner.id] },
      ],
      device_ids: [screen.row.id],
    });
    clearOutbox(app);
    await app.deviceEvents.emit('online', [screen.row.id]);
    await app.jobs.runDue();
    const [fired] = await app.db.select().from(ruleFirings).where(eq(ruleFirings.ruleId, rule.id));
    expect(fired).toMatchObject({ source: 'server', state: 'sent', mailed: true });
    expect((await rowOf(screen.row.id)).brightness).toBe(80);
    expect(readOutbox(app).map((mail) => [mail.to, mail.subject])).toEqual([
      [tenant.owner.email, 'Device Window: Online'],
    ]);
    // A second event at once is quiet; an offline screen is not controlled.
    await app.deviceEvents.emit('online', [screen.row.id]);
    await app.jobs.runDue();
    expect(await app.db.select().from(ruleFirings).where(eq(ruleFirings.ruleId, rule.id))).toHaveLength(1);

    const dark = await buildDevice(app, tenant.root, 'Dark');
    const offline = await createRule(call, {
      name: 'Down',
      trigger: { kind: 'event', event: 'offline' },
      actions: [{ action: 'power-off' }],
      device_ids: [dark.row.id],
    });
    await app.deviceEvents.emit('offline', [dark.row.id]);
    // Another event, or a disabled rule, fires nothing.
    await app.deviceEvents.emit('content-error', [dark.row.id]);
    await app.jobs.runDue();
    const logged = await app.db
      .select()
      .from(ruleFirings)
      .where(and(eq(ruleFirings.ruleId, offline.id), eq(ruleFirings.deviceId, dark.row.id)));
    expect(logged.map((row) => row.state)).toEqual(['offline']);
    expect(
      await app.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, dark.row.id)),
    ).toEqual([]);
  });
});
