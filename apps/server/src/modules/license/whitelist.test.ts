import { randomBytes } from 'node:crypto';
import { type Manifest, ResultCode, Role } from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { buildDevice } from '../../test/device-factories';
import { loggedIn } from '../../test/factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { scheduleRequest } from '../../test/license-factories';
import { buildTenant, callAs } from '../../test/team-factories';

let app: FastifyInstance;
let system: Awaited<ReturnType<typeof loggedIn>>['call'];
beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
});

const W = '/backend/manager/license/whitelist';
/** A MAC no other test uses, upper-cased as a player may report it. */
const macOf = () =>
  [...randomBytes(6)].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(':');
const add = (body: object) => system({ method: 'POST', url: W, payload: body });

describe('the MAC whitelist', () => {
  it('adds addresses lower-cased with a note, lists, searches and deletes them; system roles only', async () => {
    const [first, second] = [macOf(), macOf()];
    const added = (await add({ macs: [first, second], note: 'Lobby kiosks' })).json();
    expect(added.code).toBe(ResultCode.success);
    expect(added.data.list.map((row: { mac: string }) => row.mac).sort()).toEqual(
      [first, second].map((mac) => mac.toLowerCase()).sort(),
    );
    expect(added.data.list[0]).toMatchObject({
      note: 'Lobby kiosks',
      created_by: expect.stringMatching(/./),
    });
    const found = (await system({ method: 'GET', url: `${W}?keyword=${first.toLowerCase()}` })).json().data;
    expect(found).toMatchObject({ total: 1, list: [{ mac: first.toLowerCase() }] });
    await system({ method: 'DELETE', url: W, payload: { ids: [found.list[0].id] } });
    expect(
      (await system({ method: 'GET', url: `${W}?keyword=${first.toLowerCase()}` })).json().data.total,
    ).toBe(0);

    const tenant = await buildTenant(app);
    const owner = await callAs(app, tenant.owner);
    expect((await owner({ method: 'GET', url: W })).json().code).toBe(ResultCode.permission);
  });

  it('refuses a bad entry, naming the duplicates, and changes nothing', async () => {
    const listed = macOf();
    await add({ macs: [listed] });
    const fresh = macOf();
    const before = await databaseFingerprint(app.db);
    const twice = (await add({ macs: [fresh, fresh.toLowerCase(), listed] })).json();
    expect(twice).toMatchObject({ code: ResultCode.validation, data: { field: 'macs' } });
    expect(twice.msg).toBe(
      `These MAC addresses are entered twice or already listed: ${fresh.toLowerCase()}, ${listed.toLowerCase()}`,
    );
    expect((await add({ macs: [] })).json().code).toBe(ResultCode.validation);
    expect((await add({ macs: ['aa-bb-cc-dd-ee-ff'] })).json().msg).toContain(
      'The MAC address format is aa:aa:aa:aa:aa:aa',
    );
    const many = (await add({ macs: Array.from({ length: 51 }, macOf) })).json();
    expect(many.msg).toContain('Enter at most 50 MAC addresses at a time');
    expect((await system({ method: 'DELETE', url: W, payload: { ids: [2_000_000_000] } })).json().code).toBe(
      ResultCode.notFound,
    );
    expect(await databaseFingerprint(app.db)).toBe(before);
  });

  it('counts a device whose MAC is whitelisted as licensed, without a licence', async () => {
    const tenant = await buildTenant(app);
    const owner = await callAs(app, tenant.owner);
    const mac = macOf();
    const screen = await buildDevice(app, tenant.root, 'Kiosk', { mac }, { licensed: false });
    const state = async () =>
      (
        await owner({ method: 'GET', url: `/backend/manager/license/device?device_ids=${screen.row.id}` })
      ).json().data.list[0];
    const image = await buildContent(app, tenant.root, { mime: 'image/png', width: 1920, height: 1080 });
    const schedule = () => owner(scheduleRequest([screen.row.id], image.id));
    expect(await state()).toMatchObject({ state: 'none', license: null });
    expect((await schedule()).json().msg).toBe('Kiosk: The device license has expired.');
    await add({ macs: [mac] });
    expect(await state()).toMatchObject({ state: 'whitelisted', license: null });
    expect((await schedule()).json().code).toBe(ResultCode.success);
  });

  it('tells a screen when its MAC joins or leaves the list; without a licence its manifest is empty', async () => {
    const tenant = await buildTenant(app);
    const owner = await callAs(app, tenant.owner);
    const mac = macOf();
    const screen = await buildDevice(app, tenant.root, 'Demo unit', { mac }, { licensed: false });
    const manifest = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/backend/player/manifest',
          headers: { authorization: `Bearer ${screen.token}` },
        })
      ).json().data as Manifest;
    const heard: string[] = [];
    const stop = app.bus.on((event) => {
      if (event.type === 'devices-changed' && event.deviceIds.includes(screen.row.id)) heard.push('state');
      if (event.type === 'manifest-changed' && event.deviceIds.includes(screen.row.id))
        heard.push('manifest');
    });
    try {
      const [entry] = (await add({ macs: [mac], note: 'Demo' })).json().data.list;
      await vi.waitFor(() => expect(heard).toEqual(['state', 'manifest']));
      const image = await buildContent(app, tenant.root, { mime: 'image/png', width: 1920, height: 1080 });
      const scheduled = await owner(
        scheduleRequest([screen.row.id], image.id, {
          frames: [{ start: '00:00', end: '23:59', rrule: 'FREQ=DAILY' }],
          submit: true,
        }),
      );
      const approved = await owner({
        method: 'POST',
        url: `/backend/manager/schedule/${scheduled.json().data.id}/approve`,
        payload: {},
      });
      expect(approved.json().data).toMatchObject({ state: 'approved' });
      expect((await manifest()).schedules).toHaveLength(1);

      heard.length = 0;
      await system({ method: 'DELETE', url: W, payload: { ids: [entry.id] } });
      await vi.waitFor(() => expect(heard).toEqual(['state', 'manifest']));
      // No licence in force: the schedule stays, the screen is sent nothing to play.
      expect((await manifest()).schedules).toEqual([]);
    } finally {
      stop();
    }
  });
});
