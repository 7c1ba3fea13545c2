import { randomBytes } from 'node:crypto';
import {
  ContentType,
  type Manifest,
  ResultCode,
  type ScheduleDetail,
  type ScheduleRequest,
  ScheduleType,
  translate,
} from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildPlaylist } from '../../test/composition-factories';
import { buildContent } from '../../test/content-factories';
import { buildDevice } from '../../test/device-factories';
import { addItems } from '../../test/program-factories';
import { buildTenant, callAs } from '../../test/team-factories';
import { buildVideoWall, buildWallContent } from '../../test/video-wall-factories';

// Video-wall schedules (/schedule/videowall): wall content played on every screen of its wall, in
// the schedule model that exists (approval, frames, priority, holidays), always in lock-step.

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/schedule';
const WALL = '/backend/manager/video-wall';
const WALL_CONTENT = '/backend/manager/video-wall-content';

/** A tenant with a 2 × 2 wall of four screens and a video laid out across it. */
async function walled(orientations: readonly number[] = [0, 0, 0, 0]) {
  const t = await buildTenant(app);
  const call = await callAs(app, t.owner);
  const screens = [];
  for (const [index, orientation] of orientations.entries()) {
    screens.push(await buildDevice(app, t.root, `Screen ${index + 1}`, { orientation }));
  }
  const wall = await buildVideoWall(
    app,
    t.root,
    screens.map((screen) => screen.row.id),
    'Lobby wall',
  );
  const video = await buildContent(app, t.root, {
    name: 'Loop.mp4',
    type: ContentType.video,
    mime: 'video/mp4',
    hash: randomBytes(32).toString('hex'),
    width: 1920,
    height: 1080,
    duration: 12,
  });
  const laid = await buildWallContent(app, wall, video.id);
  return { ...t, call, screens, wall, video, laid };
}
type Walled = Awaited<ReturnType<typeof walled>>;

const wallSchedule = (w: Walled, extra: Partial<ScheduleRequest> = {}): ScheduleRequest => ({
  name: 'Lobby loop',
  type: ScheduleType.videoWall,
  device_ids: w.screens.map((screen) => screen.row.id),
  program_id: w.laid.id,
  start_date: '2026-01-01',
  end_date: '2099-12-31',
  frames: [{ start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' }],
  ...extra,
});

const save = (w: Walled, payload: ScheduleRequest) => w.call({ method: 'POST', url: URL, payload });

async function create(w: Walled, payload: ScheduleRequest) {
  const response = await save(w, payload);
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data as ScheduleDetail;
}

const manifestOf = async (token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/backend/player/manifest',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json().data as Manifest;

async function approvalOff(w: Walled) {
  const response = await w.call({ method: 'POST', url: `${URL}/config`, payload: { need_confirm: false } });
  expect(response.json().code, response.body).toBe(ResultCode.success);
}

describe('video-wall schedules', () => {
  it('plays wall content on every screen of its wall, laid on the wall’s canvas, in lock-step', async () => {
    const w = await walled();
    const draft = await create(w, wallSchedule(w));
    expect(draft).toMatchObject({
      type: ScheduleType.videoWall,
      state: 'draft',
      program: { id: w.laid.id, name: w.laid.name, wall_id: w.wall.id },
      items: [],
      device_count: 4,
    });
    // Approval as for every schedule: pending, then approved by an approver.
    const submitted = await w.call({ method: 'POST', url: `${URL}/${draft.id}/submit` });
    expect(submitted.json().data.state).toBe('pending');
    const approved = await w.call({ method: 'POST', url: `${URL}/${draft.id}/approve` });
    expect(approved.json().data.state, approved.body).toBe('approved');

    const manifests = await Promise.all(w.screens.map((screen) => manifestOf(screen.token)));
    const programs = manifests.map(
      (manifest) => manifest.schedules.find((one) => one.id === draft.id)?.program,
    );
    // The 2 × 2 wall of 1000 × 560 mm screens and 5 + 5 mm bezels: 2010 × 1130 mm, 3840 px wide.
    expect(programs[0]).toMatchObject({
      kind: 'schedule',
      id: draft.id,
      width: 3840,
      height: Math.round((1130 * 3840) / 2010),
      sync: { epoch_ms: Date.parse('2026-01-01T00:00:00Z') },
    });
    expect(programs[0]?.zones).toHaveLength(1);
    expect(
      programs[0]?.zones[0].items.map((item) => [
        item.kind,
        item.content_id,
        'fit' in item ? item.fit : null,
      ]),
    ).toEqual([['video', w.video.id, 'cover']]);
    for (const program of programs) expect(program).toEqual(programs[0]);
    expect(manifests.map((manifest) => manifest.schedules[0]?.type)).toEqual(
      Array(4).fill(ScheduleType.videoWall),
    );
    expect(manifests.map((manifest) => [manifest.video_wall?.row, manifest.video_wall?.column])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]);
  });

  it('refuses screens that are not exactly its wall’s, and screens turned against the wall', async () => {
    const w = await walled([0, 0, 0, 90]);
    const stranger = await buildDevice(app, w.root, 'Elsewhere');
    const ids = w.screens.map((screen) => screen.row.id);
    const wallScreens = translate('en', 'schedule.wallScreens', { wall: 'Lobby wall' });
    const fewer = await save(w, wallSchedule(w, { device_ids: ids.slice(0, 3) }));
    expect(fewer.json()).toMatchObject({
      code: ResultCode.validation,
      msg: wallScreens,
      data: { field: 'device_ids', device_ids: [] },
    });
    const more = await save(w, wallSchedule(w, { device_ids: [...ids, stranger.row.id] }));
    expect(more.json()).toMatchObject({
      code: ResultCode.validation,
      msg: wallScreens,
      data: { field: 'device_ids', device_ids: [stranger.row.id] },
    });
    // Spec 001 §4's orientation rule: a portrait screen in a landscape wall.
    const turned = await save(w, wallSchedule(w));
    expect(turned.json()).toMatchObject({
      code: ResultCode.validation,
      msg: translate('en', 'schedule.wallOrientation', { name: 'Screen 4' }),
      data: { field: 'device_ids', device_ids: [w.screens[3].row.id] },
    });
    // Wall content is what a wall schedule plays.
    const none = await save(w, wallSchedule(w, { program_id: null }));
    expect(none.json()).toMatchObject({
      code: ResultCode.validation,
      msg: expect.stringContaining(translate('en', 'schedule.content')),
    });
  });

  it('answers 404001 for another tenant’s wall content, and for its screens', async () => {
    const w = await walled();
    const other = await walled();
    const theirs = await save(w, wallSchedule(w, { program_id: other.laid.id }));
    expect(theirs.json().code).toBe(ResultCode.notFound);
    const theirScreens = await save(
      w,
      wallSchedule(w, { device_ids: other.screens.map((screen) => screen.row.id) }),
    );
    expect(theirScreens.json().code).toBe(ResultCode.notFound);
  });

  it('keeps its wall content (409001) and its wall’s screens while it plays, and lets the screens move within the grid', async () => {
    const w = await walled();
    await approvalOff(w);
    const live = await create(w, { ...wallSchedule(w), submit: true });
    expect(live.state).toBe('approved');
    const inUse = await w.call({ method: 'DELETE', url: WALL_CONTENT, payload: { ids: [w.laid.id] } });
    expect(inUse.json()).toMatchObject({
      code: ResultCode.inUse,
      data: { uses: [{ kind: 'schedule', id: live.id, name: 'Lobby loop' }] },
    });
    const ids = w.screens.map((screen) => screen.row.id);
    const body = (cells: number[]) => ({
      name: 'Lobby wall',
      rows: 2,
      columns: 2,
      orientation: 'landscape',
      screen_width_mm: 1000,
      screen_height_mm: 560,
      bezel_top_mm: 5,
      bezel_right_mm: 5,
      bezel_bottom_mm: 5,
      bezel_left_mm: 5,
      cells: cells.map((id, index) => ({ row: Math.floor(index / 2), column: index % 2, device_id: id })),
    });
    const shrunk = await w.call({
      method: 'PUT',
      url: `${WALL}/${w.wall.id}`,
      payload: body(ids.slice(0, 3)),
    });
    expect(shrunk.json()).toMatchObject({
      code: ResultCode.inUse,
      msg: translate('en', 'videoWall.screensScheduled'),
      data: { uses: [{ kind: 'schedule', id: live.id }] },
    });
    const swapped = await w.call({
      method: 'PUT',
      url: `${WALL}/${w.wall.id}`,
      payload: body([...ids].reverse()),
    });
    expect(swapped.json().code, swapped.body).toBe(ResultCode.success);
    expect((await manifestOf(w.screens[0].token)).video_wall).toMatchObject({ row: 1, column: 1 });

    // Removed from what plays it, the schedule has nothing left: withdrawn, off its screens.
    const detached = await w.call({
      method: 'DELETE',
      url: WALL_CONTENT,
      payload: { ids: [w.laid.id], detach: true },
    });
    expect(detached.json().code, detached.body).toBe(ResultCode.success);
    const [row] = await app.db.select().from(schedules).where(eq(schedules.id, live.id));
    expect(row).toMatchObject({ state: 'withdrawn', programId: null });
    expect((await manifestOf(w.screens[0].token)).schedules).toEqual([]);
  });

  it('plays a playlist laid on the wall item by item, each laid out as the wall content says', async () => {
    const w = await walled();
    await approvalOff(w);
    const image = await buildContent(app, w.root, {
      name: 'Poster.png',
      mime: 'image/png',
      hash: randomBytes(32).toString('hex'),
      width: 1920,
      height: 1080,
    });
    const playlist = await buildPlaylist(app, w.root);
    await addItems(app, playlist.id, [{ contentId: image.id }, { contentId: w.video.id }]);
    const laid = await w.call({
      method: 'POST',
      url: WALL_CONTENT,
      payload: { name: 'Both', wall_id: w.wall.id, playlist_id: playlist.id, fit: 'fill' },
    });
    expect(laid.json().code, laid.body).toBe(ResultCode.success);
    const live = await create(w, { ...wallSchedule(w, { program_id: laid.json().data.id }), submit: true });
    const program = (await manifestOf(w.screens[2].token)).schedules.find(
      (one) => one.id === live.id,
    )?.program;
    expect(program?.zones[0].items.map((item) => [item.content_id, 'fit' in item ? item.fit : null])).toEqual(
      [
        [image.id, 'fill'],
        [w.video.id, 'fill'],
      ],
    );
  });
});
