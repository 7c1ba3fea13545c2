import {
  DEFAULT_ROLE_PERMISSIONS,
  DeviceStatus,
  type Manifest,
  type Permission,
  ResultCode,
  Role,
  type ScheduleDetail,
  type ScheduleRequest,
} from '@vitrine/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, scheduleDevices, scheduleSensors } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { buildDevice } from '../../test/device-factories';
import { loggedIn } from '../../test/factories';
import { buildTenant, callAs } from '../../test/team-factories';

// Sensor schedules (type sensor): their tags and time are checked and kept with the schedule, and
// a screen's manifest carries the sensor IDs it listens to and each armed sensor schedule as a
// trigger, never among the schedules it plays by itself.

let app: FastifyInstance;
let system: Awaited<ReturnType<typeof loggedIn>>['call'];
beforeAll(async () => {
  app = await buildTestApp();
  system = (await loggedIn(app, { role: Role.system })).call;
});

async function tenant() {
  const t = await buildTenant(app);
  const call = await callAs(app, t.owner);
  const screen = await buildDevice(app, t.root, 'Window');
  const image = await buildContent(app, t.root, {
    name: 'Red shoes.png',
    mime: 'image/png',
    width: 1920,
    height: 1080,
  });
  await call({ method: 'POST', url: '/backend/manager/schedule/config', payload: { need_confirm: false } });
  const tag = (
    await call({
      method: 'POST',
      url: '/backend/manager/iot-device',
      payload: { sensor_id: 'SAME-TAG', name: 'Red shoes tag', type: 'nfc', device_ids: [screen.row.id] },
    })
  ).json().data as { id: number };
  return { ...t, call, screen, image, tag };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

const sensorSchedule = (t: Tenant, extra: Partial<ScheduleRequest> = {}): ScheduleRequest => ({
  name: 'Shoe tap',
  type: 'sensor',
  device_ids: [t.screen.row.id],
  items: [{ content_id: t.image.id, duration: 10 }],
  start_date: '2026-01-01',
  end_date: '2099-12-31',
  frames: [{ start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' }],
  sensor: { sensor_ids: [t.tag.id], seconds: 15 },
  submit: true,
  ...extra,
});

const manifestOf = async (token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/backend/player/manifest',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json().data as Manifest;

describe('sensor schedules', () => {
  it('keeps the tags and time, and a screen’s manifest carries them as a trigger, not as a schedule', async () => {
    const t = await tenant();
    const response = await t.call({
      method: 'POST',
      url: '/backend/manager/schedule',
      payload: sensorSchedule(t),
    });
    expect(response.json().code, response.body).toBe(ResultCode.success);
    const detail = response.json().data as ScheduleDetail;
    expect(detail).toMatchObject({
      type: 'sensor',
      state: 'approved',
      sensor: { sensors: [{ id: t.tag.id, sensor_id: 'SAME-TAG', name: 'Red shoes tag' }], seconds: 15 },
    });
    const manifest = await manifestOf(t.screen.token);
    expect(manifest.sensors).toEqual(['SAME-TAG']);
    expect(manifest.schedules).toEqual([]);
    expect(manifest.triggers).toHaveLength(1);
    expect(manifest.triggers?.[0]).toMatchObject({
      id: detail.id,
      type: 'sensor',
      sensor_ids: ['SAME-TAG'],
      seconds: 15,
      frames: [{ start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' }],
    });
    expect(manifest.triggers?.[0].program).toMatchObject({ kind: 'schedule', id: detail.id });

    // Another company's tag with the same ID, on its own screen: neither manifest holds the other's.
    const other = await tenant();
    const theirs = await manifestOf(other.screen.token);
    expect(theirs.sensors).toEqual(['SAME-TAG']);
    expect(theirs.triggers).toEqual([]);

    // Editing the tag's ID changes the screen's manifest; deleting it leaves no trigger.
    await t.call({
      method: 'PUT',
      url: `/backend/manager/iot-device/${t.tag.id}`,
      payload: { sensor_id: 'NEW-TAG', name: 'Red shoes tag', type: 'nfc', device_ids: [t.screen.row.id] },
    });
    const renamed = await manifestOf(t.screen.token);
    expect(renamed.sensors).toEqual(['NEW-TAG']);
    expect(renamed.triggers?.[0].sensor_ids).toEqual(['NEW-TAG']);
    // A tag that triggers a schedule is deleted only when taken out of it (as content in use).
    const refused = await t.call({
      method: 'DELETE',
      url: '/backend/manager/iot-device',
      payload: { ids: [t.tag.id] },
    });
    expect(refused.json()).toMatchObject({
      code: ResultCode.inUse,
      msg: 'This sensor triggers sensor schedules. Remove it from the schedules that use it first.',
      data: { uses: [{ kind: 'schedule', id: detail.id, name: 'Shoe tap' }] },
    });
    expect((await manifestOf(t.screen.token)).triggers).toHaveLength(1);
    const deleted = await t.call({
      method: 'DELETE',
      url: '/backend/manager/iot-device',
      payload: { ids: [t.tag.id], detach: true },
    });
    expect(deleted.json().code).toBe(ResultCode.success);
    // Left without a tag, the schedule is withdrawn.
    const after = (await t.call({ method: 'GET', url: `/backend/manager/schedule/${detail.id}` })).json()
      .data as ScheduleDetail;
    expect(after).toMatchObject({ state: 'withdrawn', sensor: { sensors: [] } });
    expect(
      await app.db.select().from(scheduleSensors).where(eq(scheduleSensors.scheduleId, detail.id)),
    ).toEqual([]);
    const gone = await manifestOf(t.screen.token);
    expect(gone).toMatchObject({ sensors: [], triggers: [] });
  });

  it('is confirmed pushed when the screen fetches the manifest that arms it', async () => {
    const t = await tenant();
    await app.db.update(devices).set({ status: DeviceStatus.online }).where(eq(devices.id, t.screen.row.id));
    const made = await t.call({
      method: 'POST',
      url: '/backend/manager/schedule',
      payload: sensorSchedule(t),
    });
    const id = (made.json().data as ScheduleDetail).id;
    const push = async () =>
      (
        await app.db
          .select({ status: scheduleDevices.pushStatus })
          .from(scheduleDevices)
          .where(and(eq(scheduleDevices.scheduleId, id), eq(scheduleDevices.deviceId, t.screen.row.id)))
      )[0].status;
    expect(await push()).toBe('pending');
    expect((await manifestOf(t.screen.token)).triggers).toHaveLength(1);
    // Confirmed: not a push that fails (the console's "Push failed" notice) once its time is up.
    expect(await push()).toBe('success');
  });

  it('refuses a sensor schedule without tags, with a time out of range, or with another company’s tag', async () => {
    const t = await tenant();
    const other = await tenant();
    const post = (payload: ScheduleRequest) =>
      t.call({ method: 'POST', url: '/backend/manager/schedule', payload });
    const none = await post(sensorSchedule(t, { sensor: null }));
    expect(none.json()).toMatchObject({ code: ResultCode.validation });
    expect(none.json().msg).toContain('Choose at least one sensor');
    const long = await post(sensorSchedule(t, { sensor: { sensor_ids: [t.tag.id], seconds: 3601 } }));
    expect(long.json().msg).toContain('1 to 3,600 seconds');
    const foreign = await post(sensorSchedule(t, { sensor: { sensor_ids: [other.tag.id], seconds: 10 } }));
    expect(foreign.json()).toMatchObject({ code: ResultCode.notFound, data: null });
  });

  it('is made with schedule:sensor:add and changed with schedule:sensor:edit (403001 without)', async () => {
    const t = await tenant();
    const made = (
      await t.call({ method: 'POST', url: '/backend/manager/schedule', payload: sensorSchedule(t) })
    ).json().data as ScheduleDetail;
    const standard = (
      await t.call({
        method: 'POST',
        url: '/backend/manager/schedule',
        payload: sensorSchedule(t, { type: 'standard', sensor: null }),
      })
    ).json().data as ScheduleDetail;
    const grant = (permissions: readonly Permission[]) =>
      system({
        method: 'PUT',
        url: `/backend/manager/account/role/permission/${Role.owner}`,
        payload: { permissions },
      });
    const owner = DEFAULT_ROLE_PERMISSIONS[Role.owner];
    try {
      await grant(owner.filter((key) => key !== 'schedule:sensor:add' && key !== 'schedule:sensor:edit'));
      const post = await t.call({
        method: 'POST',
        url: '/backend/manager/schedule',
        payload: sensorSchedule(t),
      });
      expect(post.json().code).toBe(ResultCode.permission);
      const put = await t.call({
        method: 'PUT',
        url: `/backend/manager/schedule/${made.id}`,
        payload: sensorSchedule(t, { name: 'Changed' }),
      });
      expect(put.json().code).toBe(ResultCode.permission);
      // Nor does a standard schedule become a sensor one without the key.
      const turned = await t.call({
        method: 'PUT',
        url: `/backend/manager/schedule/${standard.id}`,
        payload: sensorSchedule(t),
      });
      expect(turned.json().code).toBe(ResultCode.permission);
      // Other schedules are made as before.
      const other = await t.call({
        method: 'POST',
        url: '/backend/manager/schedule',
        payload: sensorSchedule(t, { type: 'standard', sensor: null }),
      });
      expect(other.json().code).toBe(ResultCode.success);
    } finally {
      await grant(owner);
    }
    const again = await t.call({
      method: 'PUT',
      url: `/backend/manager/schedule/${made.id}`,
      payload: sensorSchedule(t, { name: 'Changed' }),
    });
    expect(again.json()).toMatchObject({ code: ResultCode.success, data: { name: 'Changed' } });
  });

  it('another type keeps no tags, whatever the body says', async () => {
    const t = await tenant();
    const response = await t.call({
      method: 'POST',
      url: '/backend/manager/schedule',
      payload: sensorSchedule(t, { type: 'standard' }),
    });
    const detail = response.json().data as ScheduleDetail;
    expect(detail.sensor).toBeNull();
    expect(
      await app.db.select().from(scheduleSensors).where(eq(scheduleSensors.scheduleId, detail.id)),
    ).toEqual([]);
    const manifest = await manifestOf(t.screen.token);
    expect(manifest.schedules.map((schedule) => schedule.id)).toEqual([detail.id]);
    expect(manifest.triggers).toEqual([]);
  });
});
