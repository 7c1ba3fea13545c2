import {
  ContentType,
  type DeviceItem,
  type Manifest,
  ResultCode,
  type ScheduleDetail,
  type ScheduleRequest,
} from '@vitrine/contract';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { buildPlaylist } from '../../test/composition-factories';
import { buildContent } from '../../test/content-factories';
import { buildDevice } from '../../test/device-factories';
import { addItems } from '../../test/program-factories';
import { buildTenant, callAs } from '../../test/team-factories';

// Device storage (spec 001 §8, docs/device-storage.md): a screen reports its storage estimate with
// its hello; publishing refuses a schedule whose media do not fit a screen's free storage, for that
// screen only ('failed', "The device has insufficient storage", left out of its manifest), and
// sends it to a screen that never told with "Cannot get device storage data".

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/schedule';
const MB = 1024 * 1024;

const hello = (token: string, info: object) =>
  app.inject({ method: 'POST', url: '/backend/player/hello', payload: { token, info } });

const manifestOf = async (token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/backend/player/manifest',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json().data as Manifest;

async function tenant() {
  const t = await buildTenant(app);
  const call = await callAs(app, t.owner);
  // Three screens: one with 1 MB free, one with 1 GB free, one that never told.
  const small = await buildDevice(app, t.root, 'Small');
  const large = await buildDevice(app, t.root, 'Large');
  const silent = await buildDevice(app, t.root, 'Silent');
  await hello(small.token, { free_storage: 1 * MB, storage_quota: 4 * MB });
  await hello(large.token, { free_storage: 1024 * MB, storage_quota: 2048 * MB });
  // 3 MB and 2 MB: 5 MB in all, more than the small screen has free.
  const poster = await buildContent(app, t.root, { name: 'Poster.png', mime: 'image/png', size: 3 * MB });
  const banner = await buildContent(app, t.root, { name: 'Banner.png', mime: 'image/png', size: 2 * MB });
  return { ...t, call, small, large, silent, poster, banner };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

const request = (t: Tenant, extra: Partial<ScheduleRequest> = {}): ScheduleRequest => ({
  name: 'Big posters',
  type: 'standard',
  device_ids: [t.small.row.id, t.large.row.id, t.silent.row.id],
  // The same file twice is kept once.
  items: [
    { content_id: t.poster.id, duration: 5 },
    { content_id: t.banner.id, duration: 5 },
    { content_id: t.poster.id, duration: 5 },
  ],
  start_date: '2026-01-01',
  end_date: '2099-12-31',
  frames: [{ start: '08:00', end: '12:00', rrule: 'FREQ=DAILY' }],
  submit: true,
  ...extra,
});

/** Approved (the call answers once its publication has run too): the schedule's detail. */
async function approve(t: Tenant, id: number) {
  const approved = await t.call({ method: 'POST', url: `${URL}/${id}/approve`, payload: {} });
  expect(approved.json().code, approved.body).toBe(ResultCode.success);
  return (await t.call({ method: 'GET', url: `${URL}/${id}` })).json().data as ScheduleDetail;
}

/** Created and submitted, then approved: published. */
async function published(t: Tenant, extra: Partial<ScheduleRequest> = {}) {
  const created = await t.call({ method: 'POST', url: URL, payload: request(t, extra) });
  expect(created.json().code, created.body).toBe(ResultCode.success);
  return approve(t, created.json().data.id as number);
}

const pushes = (detail: ScheduleDetail) =>
  Object.fromEntries(detail.devices.map((device) => [device.name, [device.push_status, device.push_reason]]));

describe('device storage', () => {
  it('keeps what a screen reports of its storage and shows it on the device', async () => {
    const t = await tenant();
    const detail = async (id: number) =>
      (await t.call({ method: 'GET', url: `/backend/manager/device/${id}` })).json().data as DeviceItem;
    expect(await detail(t.small.row.id)).toMatchObject({ free_storage: 1 * MB, storage_quota: 4 * MB });
    expect(await detail(t.silent.row.id)).toMatchObject({ free_storage: null, storage_quota: null });
    // A report without the estimate leaves the last one as it was.
    await hello(t.small.token, { resolution: '1920x1080' });
    expect(await detail(t.small.row.id)).toMatchObject({ free_storage: 1 * MB, storage_quota: 4 * MB });
    // A quota that is not a whole number of bytes is refused.
    const refused = await hello(t.small.token, { storage_quota: -1 });
    expect(refused.json().code).toBe(ResultCode.validation);
  });

  it('refuses a schedule too large for a screen, for that screen only', async () => {
    const t = await tenant();
    const detail = await published(t);
    // Offline screens fail until they fetch (publish.ts); the small one is refused outright.
    expect(pushes(detail)).toEqual({
      Small: ['failed', 'device.storageInsufficient'],
      Large: ['failed', null],
      Silent: ['failed', 'device.storageUnknown'],
    });
    // The refused screen is not sent it; the others are.
    expect((await manifestOf(t.small.token)).schedules).toEqual([]);
    expect((await manifestOf(t.large.token)).schedules.map((row) => row.id)).toEqual([detail.id]);
    expect((await manifestOf(t.silent.token)).schedules.map((row) => row.id)).toEqual([detail.id]);
    // The creator's "Push failed" notice says why.
    const count = await t.call({ method: 'GET', url: `${URL}/pending-count` });
    expect(count.json().data.notices).toEqual([
      expect.objectContaining({
        schedule_id: detail.id,
        message: 'Push failed',
        reason: 'The device has insufficient storage',
      }),
    ]);
    // In the caller's language.
    const arabic = await t.call({
      method: 'GET',
      url: `${URL}/pending-count`,
      headers: { 'accept-language': 'ar' },
    });
    expect(arabic.json().data.notices[0].reason).toBe('لا تتوفر على الجهاز مساحة تخزين كافية');
  });

  it('sends it once the screen has room and the schedule is published again', async () => {
    const t = await tenant();
    const first = await published(t, { device_ids: [t.small.row.id] });
    expect(pushes(first)).toEqual({ Small: ['failed', 'device.storageInsufficient'] });
    // Its cache cleared, the screen reports more room.
    await hello(t.small.token, { free_storage: 3 * MB + 2 * MB, storage_quota: 8 * MB });
    const edited = await t.call({
      method: 'PUT',
      url: `${URL}/${first.id}`,
      payload: request(t, { device_ids: [t.small.row.id], name: 'Edited' }),
    });
    expect(edited.json().data.state).toBe('pending');
    expect(pushes(await approve(t, first.id))).toEqual({ Small: ['failed', null] });
    expect((await manifestOf(t.small.token)).schedules.map((row) => row.id)).toEqual([first.id]);
  });

  it('counts the media of a playlist schedule, nested playlists included', async () => {
    const t = await tenant();
    const inner = await buildPlaylist(app, t.root);
    await addItems(app, inner.id, [{ contentId: t.banner.id }]);
    const outer = await buildPlaylist(app, t.root);
    await addItems(app, outer.id, [{ contentId: t.poster.id }, { childPlaylistId: inner.id }]);
    const detail = await published(t, {
      type: 'playlist',
      items: [],
      program_id: outer.id,
      device_ids: [t.small.row.id, t.large.row.id],
    });
    expect(pushes(detail)).toEqual({
      Small: ['failed', 'device.storageInsufficient'],
      Large: ['failed', null],
    });
  });

  it('needs no storage for what keeps no file', async () => {
    const t = await tenant();
    const site = await buildContent(app, t.root, {
      name: 'Menu',
      type: ContentType.website,
      link: 'https://example.com/menu',
      mime: null,
      size: 0,
    });
    const detail = await published(t, { items: [{ content_id: site.id, duration: 10 }] });
    expect(pushes(detail)).toEqual({
      Small: ['failed', null],
      Large: ['failed', null],
      Silent: ['failed', null],
    });
  });
});
