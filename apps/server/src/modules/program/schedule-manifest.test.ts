import { randomBytes } from 'node:crypto';
import { ContentType, DeviceStatus, type Manifest, ScheduleType } from '@vitrine/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { holidays, scheduleDevices, scheduleItems, schedules } from '../../db/schema';
import { devicesShowing, notifyHolidaysChanged, notifyProgramsChanged } from '../../platform/screen-changes';
import { buildTestApp } from '../../test/app';
import { buildPlaylist } from '../../test/composition-factories';
import { buildContent } from '../../test/content-factories';
import { buildDevice } from '../../test/device-factories';
import { closePlayers, connectPlayer, settled, showByDefault } from '../../test/player-sockets';
import { addItems } from '../../test/program-factories';
import { buildTenant, buildWorkspace, callAs } from '../../test/team-factories';
import { publishSchedule, retractSchedule } from '../schedule';
import { localDate } from './manifest';
import { failOverduePushes } from './push-status';

// The manifest's schedules: approved schedules not yet ended, each with its program, the
// device's timezone and the holidays they need; push statuses confirmed by fetches; and the
// "manifest changed" pushes that publishing, retracting and changes inside a schedule send.

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterEach(closePlayers);

const hex = () => randomBytes(32).toString('hex');
const today = () => localDate(null, new Date());
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const fetchManifest = (token: string, etag?: string) =>
  app.inject({
    method: 'GET',
    url: '/backend/player/manifest',
    headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
  });
const manifestOf = async (token: string) => (await fetchManifest(token)).json().data as Manifest;

type Workspace = { id: number; companyId: number };

/** A schedule stored past its own calls: approved (unless told), on these devices, with these items. */
async function buildSchedule(
  workspace: Workspace,
  deviceIds: number[],
  options: {
    type?: string;
    items?: { contentId: number; duration?: number | null }[];
    programId?: number;
    state?: string;
    start?: string;
    end?: string;
    excludeHolidays?: boolean;
  } = {},
) {
  const [row] = await app.db
    .insert(schedules)
    .values({
      companyId: workspace.companyId,
      workspaceId: workspace.id,
      name: `Schedule ${randomBytes(3).toString('hex')}`,
      type: options.type ?? ScheduleType.standard,
      state: options.state ?? 'approved',
      startDate: options.start ?? shift(today(), -1),
      endDate: options.end ?? shift(today(), 30),
      frames: [{ start: '08:00', end: '18:00', rrule: 'FREQ=DAILY' }],
      programId: options.programId ?? null,
      excludeHolidays: options.excludeHolidays ?? false,
      approvedAt: new Date('2026-11-01T10:00:00Z'),
    })
    .returning();
  if (options.items?.length)
    await app.db.insert(scheduleItems).values(
      options.items.map((item, position) => ({
        scheduleId: row.id,
        position,
        contentId: item.contentId,
        duration: item.duration ?? null,
      })),
    );
  if (deviceIds.length)
    await app.db
      .insert(scheduleDevices)
      .values(deviceIds.map((deviceId) => ({ scheduleId: row.id, deviceId })));
  return row;
}

const pushRow = async (scheduleId: number, deviceId: number) => {
  const [row] = await app.db
    .select()
    .from(scheduleDevices)
    .where(and(eq(scheduleDevices.scheduleId, scheduleId), eq(scheduleDevices.deviceId, deviceId)));
  return row;
};

describe('the manifest with schedules', () => {
  it('holds the approved schedules not ended, each with its program, the timezone and the holidays they need', async () => {
    const tenant = await buildTenant(app);
    const other = await buildTenant(app);
    const image = await buildContent(app, tenant.root, { hash: hex(), mime: 'image/png' });
    const video = await buildContent(app, tenant.root, {
      type: ContentType.video,
      hash: hex(),
      mime: 'video/mp4',
      duration: 12,
    });
    const list = await buildPlaylist(app, tenant.root);
    await addItems(app, list.id, [{ contentId: image.id, duration: 4 }]);
    const { token, row } = await buildDevice(app, tenant.root, 'Portrait', {
      orientation: 90,
      timezone: 'Pacific/Kiritimati',
    });
    const items = await buildSchedule(tenant.root, [row.id], {
      items: [{ contentId: image.id, duration: 5 }, { contentId: video.id }],
      excludeHolidays: true,
      end: shift(today(), 60),
    });
    const byPlaylist = await buildSchedule(tenant.root, [row.id], {
      type: ScheduleType.playlist,
      programId: list.id,
    });
    await buildSchedule(tenant.root, [row.id], { state: 'pending' });
    await buildSchedule(tenant.root, [row.id], { end: shift(today(), -5) });
    const foreign = await buildSchedule(other.root, [row.id]);
    await app.db.insert(holidays).values([
      { companyId: tenant.company.id, name: 'Past', date: shift(today(), -10) },
      { companyId: tenant.company.id, name: 'Soon', date: shift(today(), 10) },
      { companyId: tenant.company.id, name: 'After the schedules', date: shift(today(), 200) },
      { companyId: other.company.id, name: 'Not ours', date: shift(today(), 11) },
    ]);

    const data = await manifestOf(token);
    expect(data.timezone).toBe('Pacific/Kiritimati');
    expect(data.schedules.map((schedule) => schedule.id)).toEqual([items.id, byPlaylist.id]);
    expect(data.schedules.map((schedule) => schedule.id)).not.toContain(foreign.id);
    expect(data.holidays).toEqual([shift(today(), 10)]);
    const [first, second] = data.schedules;
    expect(first).toMatchObject({
      type: 'standard',
      priority: 5,
      frames: [{ start: '08:00', end: '18:00', rrule: 'FREQ=DAILY' }],
      spot: null,
      exclude_holidays: true,
      approved_at: '2026-11-01T10:00:00.000Z',
      program: { kind: 'schedule', id: items.id, width: 1080, height: 1920, duration_ms: 17_000 },
    });
    expect(first.program.zones).toHaveLength(1);
    expect(
      first.program.zones[0].items.map((item) => [item.kind, item.content_id, item.duration_ms]),
    ).toEqual([
      ['image', image.id, 5000],
      ['video', video.id, 12_000],
    ]);
    expect(second.program).toMatchObject({ kind: 'playlist', id: list.id, duration_ms: 4000 });

    // Without a schedule that excludes them, no holidays travel.
    await app.db.update(schedules).set({ excludeHolidays: false }).where(eq(schedules.id, items.id));
    await app.db.transaction((tx) => notifyHolidaysChanged(tx, tenant.company.id));
    expect((await manifestOf(token)).holidays).toEqual([]);
  });

  it('marks a sync schedule’s program synced, its loop begun at the start date’s midnight UTC, the same on every screen', async () => {
    const tenant = await buildTenant(app);
    const image = await buildContent(app, tenant.root, { hash: hex(), mime: 'image/png' });
    const east = await buildDevice(app, tenant.root, 'East', { timezone: 'Asia/Tokyo' });
    const west = await buildDevice(app, tenant.root, 'West', { timezone: 'America/Los_Angeles' });
    const start = shift(today(), -2);
    const synced = await buildSchedule(tenant.root, [east.row.id, west.row.id], {
      type: ScheduleType.sync,
      items: [
        { contentId: image.id, duration: 6 },
        { contentId: image.id, duration: 6 },
      ],
      start,
    });
    const plain = await buildSchedule(tenant.root, [east.row.id], { items: [{ contentId: image.id }] });
    for (const token of [east.token, west.token]) {
      const data = await manifestOf(token);
      const schedule = data.schedules.find((one) => one.id === synced.id);
      expect(schedule?.type).toBe('sync');
      expect(schedule?.program.sync).toEqual({ epoch_ms: Date.parse(`${start}T00:00:00Z`) });
      expect(schedule?.program.zones[0].items.map((item) => item.duration_ms)).toEqual([6000, 6000]);
    }
    const unsynced = (await manifestOf(east.token)).schedules.find((one) => one.id === plain.id);
    expect(unsynced?.program.sync).toBeUndefined();
  });

  it('builds a program shared by a fleet once and keeps each screen its own canvas', async () => {
    const tenant = await buildTenant(app);
    const image = await buildContent(app, tenant.root, { hash: hex(), mime: 'image/png' });
    const screens = await Promise.all(
      [0, 0, 270].map((orientation) => buildDevice(app, tenant.root, 'S', { orientation })),
    );
    await buildSchedule(
      tenant.root,
      screens.map((screen) => screen.row.id),
      { items: [{ contentId: image.id }] },
    );
    const [a, b, c] = await Promise.all(screens.map((screen) => manifestOf(screen.token)));
    expect(a.version).toBe(b.version);
    expect(a.schedules[0].program).toMatchObject({ width: 1920, height: 1080 });
    expect(c.schedules[0].program).toMatchObject({ width: 1080, height: 1920 });
    expect(c.version).not.toBe(a.version);
  });
});

describe('push statuses', () => {
  it('publishing marks online devices pending and offline ones failed; a fetch confirms (success, retried), a silent one fails', async () => {
    const tenant = await buildTenant(app);
    const image = await buildContent(app, tenant.root, { hash: hex(), mime: 'image/png' });
    const online = await buildDevice(app, tenant.root, 'On', { status: DeviceStatus.online });
    const offline = await buildDevice(app, tenant.root, 'Off');
    const silent = await buildDevice(app, tenant.root, 'Silent', { status: DeviceStatus.online });
    const schedule = await buildSchedule(tenant.root, [online.row.id, offline.row.id, silent.row.id], {
      items: [{ contentId: image.id }],
    });
    const heard = await connectPlayer(app, online.token);
    await app.db.transaction((tx) => publishSchedule(tx, schedule.id));
    await settled(heard);
    expect(heard).toEqual([{ type: 'manifest' }]);

    expect(await pushRow(schedule.id, online.row.id)).toMatchObject({
      pushStatus: 'pending',
      pushAttempts: 1,
    });
    expect(await pushRow(schedule.id, offline.row.id)).toMatchObject({
      pushStatus: 'failed',
      pushAttempts: 1,
    });

    const fetched = await fetchManifest(online.token);
    expect((await pushRow(schedule.id, online.row.id)).pushStatus).toBe('success');
    expect((await pushRow(schedule.id, online.row.id)).fetchedAt).toBeInstanceOf(Date);
    // An unchanged manifest (304) confirms too: the offline one comes back with the last version.
    const again = await fetchManifest(offline.token, fetched.headers.etag as string);
    expect(again.statusCode).toBe(304);
    expect((await pushRow(schedule.id, offline.row.id)).pushStatus).toBe('retried');

    // Still pending 30 s after publication: failed; a later fetch makes it retried.
    const pushedAt = (await pushRow(schedule.id, silent.row.id)).pushedAt as Date;
    expect(await failOverduePushes(app.db, new Date(pushedAt.getTime() + 29_000))).toBe(0);
    expect(await failOverduePushes(app.db, new Date(pushedAt.getTime() + 31_000))).toBe(1);
    expect((await pushRow(schedule.id, silent.row.id)).pushStatus).toBe('failed');
    await fetchManifest(silent.token);
    expect((await pushRow(schedule.id, silent.row.id)).pushStatus).toBe('retried');
    expect((await pushRow(schedule.id, online.row.id)).pushStatus).toBe('success');

    // Published again (an edit approved again): pending anew, one attempt more.
    await app.db.transaction((tx) => publishSchedule(tx, schedule.id));
    expect(await pushRow(schedule.id, online.row.id)).toMatchObject({
      pushStatus: 'pending',
      pushAttempts: 2,
    });
  });

  it('a schedule that is not in the manifest (not approved) is not confirmed', async () => {
    const tenant = await buildTenant(app);
    const image = await buildContent(app, tenant.root, { hash: hex(), mime: 'image/png' });
    const screen = await buildDevice(app, tenant.root, 'On', { status: DeviceStatus.online });
    const schedule = await buildSchedule(tenant.root, [screen.row.id], { items: [{ contentId: image.id }] });
    await app.db.transaction((tx) => publishSchedule(tx, schedule.id));
    await app.db.update(schedules).set({ state: 'pending' }).where(eq(schedules.id, schedule.id));
    await app.db.transaction((tx) => retractSchedule(tx, schedule.id, [screen.row.id]));
    expect((await manifestOf(screen.token)).schedules).toEqual([]);
    expect((await pushRow(schedule.id, screen.row.id)).pushStatus).toBe('pending');
  });
});

describe('manifest changed through schedules', () => {
  it('retracting tells the devices, and they no longer hold the schedule', async () => {
    const tenant = await buildTenant(app);
    const image = await buildContent(app, tenant.root, { hash: hex(), mime: 'image/png' });
    const screen = await buildDevice(app, tenant.root);
    const bystander = await buildDevice(app, tenant.root);
    const schedule = await buildSchedule(tenant.root, [screen.row.id], { items: [{ contentId: image.id }] });
    expect((await manifestOf(screen.token)).schedules).toHaveLength(1);
    const heard = await connectPlayer(app, screen.token);
    const notHeard = await connectPlayer(app, bystander.token);
    await app.db.transaction(async (tx) => {
      await tx.update(schedules).set({ state: 'withdrawn' }).where(eq(schedules.id, schedule.id));
      await retractSchedule(tx, schedule.id, [screen.row.id]);
    });
    await settled(heard);
    expect(heard).toEqual([{ type: 'manifest' }]);
    expect(notHeard).toEqual([]);
    expect((await manifestOf(screen.token)).schedules).toEqual([]);
  });

  it('finds the devices of approved schedules holding changed content, playlists nested in them, or holidays', async () => {
    const tenant = await buildTenant(app);
    const image = await buildContent(app, tenant.root, { hash: hex(), mime: 'image/png' });
    const nested = await buildContent(app, tenant.root, { hash: hex(), mime: 'image/png' });
    const inner = await buildPlaylist(app, tenant.root);
    const outer = await buildPlaylist(app, tenant.root);
    await addItems(app, inner.id, [{ contentId: nested.id }]);
    await addItems(app, outer.id, [{ childPlaylistId: inner.id }]);
    const [onItems, onPlaylist, onDraft, onDefault] = await Promise.all(
      ['items', 'playlist', 'draft', 'default'].map((name) => buildDevice(app, tenant.root, name)),
    );
    await buildSchedule(tenant.root, [onItems.row.id], {
      items: [{ contentId: image.id }],
      excludeHolidays: true,
    });
    await buildSchedule(tenant.root, [onPlaylist.row.id], {
      type: ScheduleType.playlist,
      programId: outer.id,
    });
    await buildSchedule(tenant.root, [onDraft.row.id], { items: [{ contentId: image.id }], state: 'draft' });
    await showByDefault(app, onDefault.row.id, { kind: 'playlist', id: inner.id });
    const showing = async (changed: Parameters<typeof devicesShowing>[1]) =>
      (await devicesShowing(app.db, changed)).sort((a, b) => a - b);
    expect(await showing({ contents: [image.id] })).toEqual([onItems.row.id]);
    expect(await showing({ contents: [nested.id] })).toEqual(
      [onPlaylist.row.id, onDefault.row.id].sort((a, b) => a - b),
    );
    expect(await showing({ playlists: [outer.id] })).toEqual([onPlaylist.row.id]);

    // The content's change reaches the screen's socket, and its manifest changes with it.
    const before = await manifestOf(onPlaylist.token);
    const heard = await connectPlayer(app, onPlaylist.token);
    await addItems(app, inner.id, [{ contentId: image.id }]);
    await app.db.transaction((tx) => notifyProgramsChanged(tx, { playlists: [inner.id] }));
    await settled(heard);
    expect(heard).toEqual([{ type: 'manifest' }]);
    const after = await manifestOf(onPlaylist.token);
    expect(after.version).not.toBe(before.version);
    expect(after.schedules[0].program.zones[0].items).toHaveLength(2);

    // Holidays: the screens on schedules excluding them.
    const holidayHeard = await connectPlayer(app, onItems.token);
    const playlistHeard = await connectPlayer(app, onPlaylist.token);
    await app.db.transaction(async (tx) => {
      await tx
        .insert(holidays)
        .values({ companyId: tenant.company.id, name: 'Feast', date: shift(today(), 3) });
      await notifyHolidaysChanged(tx, tenant.company.id);
    });
    await settled(holidayHeard);
    expect(playlistHeard).toEqual([]);
    expect((await manifestOf(onItems.token)).holidays).toEqual([shift(today(), 3)]);
  });
});

describe('a device moved to another workspace', () => {
  it('leaves its schedules in the same transaction and fetches its manifest again', async () => {
    const tenant = await buildTenant(app);
    const image = await buildContent(app, tenant.root, { hash: hex(), mime: 'image/png' });
    const branch = await buildWorkspace(app, tenant.company.id, tenant.root.id);
    const moving = await buildDevice(app, tenant.root, 'Moving');
    const staying = await buildDevice(app, tenant.root, 'Staying');
    const schedule = await buildSchedule(tenant.root, [moving.row.id, staying.row.id], {
      items: [{ contentId: image.id }],
    });
    const heard = await connectPlayer(app, moving.token);
    const call = await callAs(app, tenant.owner);
    const moved = await call({
      method: 'POST',
      url: '/backend/manager/device/move',
      payload: { ids: [moving.row.id], group_id: branch.id },
    });
    expect(moved.json().code).toBe(220000);
    await settled(heard);
    expect(heard).toContainEqual({ type: 'manifest' });
    expect(await pushRow(schedule.id, moving.row.id)).toBeUndefined();
    expect(await pushRow(schedule.id, staying.row.id)).toBeDefined();
    expect((await manifestOf(moving.token)).schedules).toEqual([]);
    expect((await manifestOf(staying.token)).schedules).toHaveLength(1);

    // Moved again within its workspace (no change): nothing to leave, no manifest push.
    heard.length = 0;
    await call({
      method: 'POST',
      url: '/backend/manager/device/move',
      payload: { ids: [staying.row.id], group_id: tenant.root.id },
    });
    expect(await pushRow(schedule.id, staying.row.id)).toBeDefined();
  });
});

describe('a device whose timezone changes', () => {
  it('is told to fetch its manifest, which carries the new timezone', async () => {
    const tenant = await buildTenant(app);
    const screen = await buildDevice(app, tenant.root, 'Travelling', { timezone: 'Europe/Rome' });
    const heard = await connectPlayer(app, screen.token);
    const hello = (timezone: string) =>
      app.inject({
        method: 'POST',
        url: '/backend/player/hello',
        payload: { token: screen.token, info: { timezone } },
      });
    await hello('Europe/Rome');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);
    await hello('Asia/Tokyo');
    await settled(heard);
    expect(heard).toEqual([{ type: 'manifest' }]);
    expect((await manifestOf(screen.token)).timezone).toBe('Asia/Tokyo');
  });
});

describe('a device turned by the orientation command', () => {
  it('is told to fetch its manifest, whose item schedules take the new canvas', async () => {
    const tenant = await buildTenant(app);
    const image = await buildContent(app, tenant.root, { hash: hex(), mime: 'image/png' });
    const screen = await buildDevice(app, tenant.root, 'Turning', { status: DeviceStatus.online });
    await buildSchedule(tenant.root, [screen.row.id], { items: [{ contentId: image.id }] });
    expect((await manifestOf(screen.token)).schedules[0].program).toMatchObject({
      width: 1920,
      height: 1080,
    });
    const heard = await connectPlayer(app, screen.token);
    const call = await callAs(app, tenant.owner);
    const sent = await call({
      method: 'POST',
      url: `/backend/manager/device/${screen.row.id}/command`,
      payload: { action: 'orientation', value: 90 },
    });
    expect(sent.json().code).toBe(220000);
    await settled(heard);
    expect(heard).toContainEqual({ type: 'manifest' });
    expect((await manifestOf(screen.token)).schedules[0].program).toMatchObject({
      width: 1080,
      height: 1920,
    });
  });
});
