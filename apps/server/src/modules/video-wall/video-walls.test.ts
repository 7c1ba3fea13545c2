import { ContentType, ResultCode, translate } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, playlistItems, videoWallCells, videoWallContents } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildPlaylist, buildText } from '../../test/composition-factories';
import { buildContent } from '../../test/content-factories';
import { buildDevice } from '../../test/device-factories';
import { buildTenant, buildWorkspace, callAs } from '../../test/team-factories';
import { buildVideoWall, buildWallContent } from '../../test/video-wall-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const WALL = '/backend/manager/video-wall';
const WALL_CONTENT = '/backend/manager/video-wall-content';
const DEVICE = '/backend/manager/device';

async function tenant() {
  const t = await buildTenant(app);
  return { ...t, call: await callAs(app, t.owner) };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

const wallBody = (cells: { row: number; column: number; device_id: number }[] = [], extra: object = {}) => ({
  name: 'Lobby wall',
  rows: 2,
  columns: 2,
  orientation: 'landscape',
  screen_width_mm: 1210,
  screen_height_mm: 680,
  bezel_top_mm: 1.5,
  bezel_right_mm: 2,
  bezel_bottom_mm: 1.5,
  bezel_left_mm: 2,
  cells,
  ...extra,
});

/** Four screens of the tenant's root workspace. */
async function screens(t: Tenant, count = 4) {
  const built = [];
  for (let index = 0; index < count; index++)
    built.push(await buildDevice(app, t.root, `Screen ${index + 1}`));
  return built.map((device) => device.row);
}

const grid = (ids: readonly number[]) =>
  ids.map((id, index) => ({ row: Math.floor(index / 2), column: index % 2, device_id: id }));

async function createWall(t: Tenant, body: object) {
  const response = await t.call({ method: 'POST', url: WALL, payload: body });
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data;
}

describe('video walls', () => {
  it('creates a 2 × 2 wall of four screens in the active workspace, and lists and shows it', async () => {
    const t = await tenant();
    const four = await screens(t);
    const wall = await createWall(t, wallBody(grid(four.map((device) => device.id))));
    expect(wall).toMatchObject({
      name: 'Lobby wall',
      group_id: t.root.id,
      rows: 2,
      columns: 2,
      orientation: 'landscape',
      screen_width_mm: 1210,
      bezel_top_mm: 1.5,
      bezel_left_mm: 2,
    });
    expect(wall.cells).toEqual(
      four.map((device, index) => ({
        row: Math.floor(index / 2),
        column: index % 2,
        device_id: device.id,
        device_name: `Screen ${index + 1}`,
        signage_id: device.signageId,
        online: false,
      })),
    );
    const list = (await t.call({ method: 'GET', url: `${WALL}?keyword=lobby` })).json().data;
    expect(list.total).toBe(1);
    expect(list.list[0].id).toBe(wall.id);
    expect((await t.call({ method: 'GET', url: `${WALL}/${wall.id}` })).json().data).toEqual(wall);

    // The editor's side list: every paired screen of the workspace, with the wall it is in.
    const spare = await buildDevice(app, t.root, 'Spare');
    const side = (await t.call({ method: 'GET', url: `${WALL}/devices` })).json().data;
    expect(side).toHaveLength(5);
    expect(side.find((device: { device_id: number }) => device.device_id === spare.row.id)).toMatchObject({
      wall_id: null,
      wall_name: null,
    });
    expect(side.find((device: { device_id: number }) => device.device_id === four[0].id)).toMatchObject({
      wall_id: wall.id,
      wall_name: 'Lobby wall',
    });
  });

  it('refuses sizes out of range, places outside the grid and a screen placed twice', async () => {
    const t = await tenant();
    const [a, b] = await screens(t, 2);
    const cases: [object, string][] = [
      [wallBody([], { rows: 0 }), 'videoWall.side'],
      [wallBody([], { columns: 9 }), 'videoWall.side'],
      [wallBody([], { screen_width_mm: 0 }), 'videoWall.millimetres'],
      [wallBody([], { bezel_left_mm: -1 }), 'videoWall.millimetres'],
      [wallBody([], { bezel_top_mm: 10_000 }), 'videoWall.millimetres'],
      [wallBody([], { orientation: 'diagonal' }), 'videoWall.orientation'],
      [wallBody([{ row: 2, column: 0, device_id: a.id }]), 'videoWall.cell'],
      [
        wallBody([
          { row: 0, column: 0, device_id: a.id },
          { row: 0, column: 0, device_id: b.id },
        ]),
        'videoWall.cell',
      ],
      [
        wallBody([
          { row: 0, column: 0, device_id: a.id },
          { row: 0, column: 1, device_id: a.id },
        ]),
        'videoWall.deviceTwice',
      ],
    ];
    for (const [payload, key] of cases) {
      const response = await t.call({ method: 'POST', url: WALL, payload });
      expect(response.json().code, JSON.stringify(payload)).toBe(ResultCode.validation);
      expect(
        response.json().data.errors.map((error: { message: string }) => error.message),
        JSON.stringify(payload),
      ).toContain(translate('en', key));
    }
    // Cells may be left empty while the wall is being built.
    expect((await createWall(t, wallBody([], { rows: 8, columns: 8 }))).cells).toEqual([]);
  });

  it('places only paired screens of the wall’s own workspace, each in one wall at most', async () => {
    const t = await tenant();
    const other = await tenant();
    const [a, b] = await screens(t, 2);
    const foreign = await buildDevice(app, other.root, 'Foreign');
    const sibling = await buildWorkspace(app, t.company.id, t.root.id);
    const elsewhere = await buildDevice(app, sibling, 'Elsewhere');

    const foreignWall = await t.call({
      method: 'POST',
      url: WALL,
      payload: wallBody(grid([a.id, foreign.row.id])),
    });
    expect(foreignWall.json().code).toBe(ResultCode.notFound);

    const mixed = await t.call({
      method: 'POST',
      url: WALL,
      payload: wallBody(grid([a.id, elsewhere.row.id])),
    });
    expect(mixed.json()).toMatchObject({
      code: ResultCode.validation,
      msg: translate('en', 'videoWall.otherWorkspace', { device: 'Elsewhere' }),
    });

    const first = await createWall(t, wallBody(grid([a.id]), { name: 'First' }));
    const second = await t.call({
      method: 'POST',
      url: WALL,
      payload: wallBody(grid([b.id, a.id]), { name: 'Second' }),
    });
    expect(second.json()).toMatchObject({
      code: ResultCode.stateConflict,
      msg: translate('en', 'videoWall.deviceInOtherWall', { device: 'Screen 1', wall: 'First' }),
      data: { device_id: a.id },
    });
    // Nothing of the refused wall was kept.
    expect((await t.call({ method: 'GET', url: WALL })).json().data.total).toBe(1);

    // Editing the first wall moves its screen within it, and the same screen may stay.
    const edited = await t.call({
      method: 'PUT',
      url: `${WALL}/${first.id}`,
      payload: wallBody([{ row: 1, column: 1, device_id: a.id }], { name: 'First, edited' }),
    });
    expect(edited.json().data).toMatchObject({
      name: 'First, edited',
      cells: [{ row: 1, column: 1, device_id: a.id }],
    });

    // Another tenant neither sees nor changes it.
    for (const call of [
      other.call({ method: 'GET', url: `${WALL}/${first.id}` }),
      other.call({ method: 'PUT', url: `${WALL}/${first.id}`, payload: wallBody() }),
      other.call({ method: 'DELETE', url: WALL, payload: { ids: [first.id] } }),
      other.call({ method: 'GET', url: `${WALL}/devices?group_id=${t.root.id}` }),
    ]) {
      expect((await call).json().code).toBe(ResultCode.notFound);
    }
  });

  it('keeps a screen in a wall from being deleted or moved to another workspace until the wall goes (spec 001 §4)', async () => {
    const t = await tenant();
    const [a, b] = await screens(t, 2);
    const sibling = await buildWorkspace(app, t.company.id, t.root.id);
    const wall = await createWall(t, wallBody(grid([a.id]), { name: 'Window' }));

    const one = await t.call({ method: 'DELETE', url: `${DEVICE}/${a.id}` });
    expect(one.json()).toMatchObject({
      code: ResultCode.stateConflict,
      msg: translate('en', 'videoWall.deviceDelete', { device: 'Screen 1', holder: 'Window' }),
    });
    const batch = await t.call({ method: 'DELETE', url: DEVICE, payload: { ids: [b.id, a.id] } });
    expect(batch.json().code).toBe(ResultCode.stateConflict);
    const moved = await t.call({
      method: 'POST',
      url: `${DEVICE}/move`,
      payload: { ids: [a.id], group_id: sibling.id },
    });
    expect(moved.json()).toMatchObject({
      code: ResultCode.stateConflict,
      msg: translate('en', 'videoWall.deviceMove', { device: 'Screen 1', holder: 'Window' }),
    });
    // Nothing changed: both screens are there, in their workspace.
    const rows = await app.db.select().from(devices).where(eq(devices.companyId, t.company.id));
    expect(rows.map((row) => row.workspaceId).sort()).toEqual([t.root.id, t.root.id]);
    // "Moving" it to the workspace it is in does not take it out of its wall.
    const stay = await t.call({
      method: 'POST',
      url: `${DEVICE}/move`,
      payload: { ids: [a.id], group_id: t.root.id },
    });
    expect(stay.json().code).toBe(ResultCode.success);

    expect((await t.call({ method: 'DELETE', url: WALL, payload: { ids: [wall.id] } })).json().code).toBe(
      ResultCode.success,
    );
    expect(await app.db.select().from(videoWallCells).where(eq(videoWallCells.wallId, wall.id))).toEqual([]);
    const movedNow = await t.call({
      method: 'POST',
      url: `${DEVICE}/move`,
      payload: { ids: [a.id], group_id: sibling.id },
    });
    expect(movedNow.json().code).toBe(ResultCode.success);
    expect(
      (await t.call({ method: 'DELETE', url: DEVICE, payload: { ids: [a.id, b.id] } })).json().code,
    ).toBe(ResultCode.success);
  });

  it('tells each screen its place on the canvas in its manifest, the bezels between screens included', async () => {
    const t = await tenant();
    const built = [];
    for (let index = 0; index < 4; index++) built.push(await buildDevice(app, t.root, `Screen ${index + 1}`));
    const manifestOf = async (token: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/backend/player/manifest',
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().data.video_wall;
    const wall = await createWall(t, wallBody(grid(built.map((device) => device.row.id))));
    expect(await manifestOf(built[3].token)).toEqual({
      wall_id: wall.id,
      row: 1,
      column: 1,
      canvas_width_mm: 2 * 1210 + 4,
      canvas_height_mm: 2 * 680 + 3,
      area: { x: 1210 + 4, y: 680 + 3, width: 1210, height: 680 },
    });
    expect((await manifestOf(built[1].token)).area).toEqual({ x: 1214, y: 0, width: 1210, height: 680 });
    // New measures reach the screens at once; a screen out of its wall, and a wall deleted, leave none.
    await t.call({
      method: 'PUT',
      url: `${WALL}/${wall.id}`,
      payload: wallBody(grid(built.slice(0, 3).map((device) => device.row.id)), { bezel_left_mm: 0 }),
    });
    expect((await manifestOf(built[1].token)).area.x).toBe(1212);
    expect(await manifestOf(built[3].token)).toBeNull();
    await t.call({ method: 'DELETE', url: WALL, payload: { ids: [wall.id] } });
    expect(await manifestOf(built[0].token)).toBeNull();
  });
});

describe('wall content', () => {
  async function contentBody(t: Tenant) {
    const wall = await createWall(t, wallBody());
    const image = await buildContent(app, t.root, { name: 'Poster.png' });
    return {
      wall,
      image,
      body: { name: 'Poster across', wall_id: wall.id, content_id: image.id, fit: 'contain' },
    };
  }

  it('lays an image on a wall, lists it, edits it and deletes it', async () => {
    const t = await tenant();
    const { wall, image, body } = await contentBody(t);
    const created = await t.call({ method: 'POST', url: WALL_CONTENT, payload: body });
    expect(created.json().data).toMatchObject({
      name: 'Poster across',
      wall_id: wall.id,
      wall_name: 'Lobby wall',
      rows: 2,
      columns: 2,
      content_id: image.id,
      content_name: 'Poster.png',
      content_type: ContentType.image,
      playlist_id: null,
      fit: 'contain',
    });
    const id = created.json().data.id;
    const list = (await t.call({ method: 'GET', url: `${WALL_CONTENT}?keyword=poster` })).json().data;
    expect(list.list.map((item: { id: number }) => item.id)).toEqual([id]);
    const edited = await t.call({
      method: 'PUT',
      url: `${WALL_CONTENT}/${id}`,
      payload: { ...body, fit: 'fill' },
    });
    expect(edited.json().data.fit).toBe('fill');
    // The form's wall choice.
    const walls = (await t.call({ method: 'GET', url: `${WALL_CONTENT}/walls` })).json().data;
    expect(walls.list.map((item: { id: number }) => item.id)).toEqual([wall.id]);
    expect((await t.call({ method: 'DELETE', url: WALL_CONTENT, payload: { ids: [id] } })).json().code).toBe(
      ResultCode.success,
    );
  });

  it('takes an image, a video or a playlist of them, and nothing else', async () => {
    const t = await tenant();
    const { body } = await contentBody(t);
    const website = await buildContent(app, t.root, {
      type: ContentType.website,
      link: 'https://example.com',
    });
    const processing = await buildContent(app, t.root, {
      type: ContentType.video,
      state: 'processing',
      name: 'Clip.mp4',
    });
    const video = await buildContent(app, t.root, { type: ContentType.video });
    const playlist = await buildPlaylist(app, t.root);
    await app.db.insert(playlistItems).values({ playlistId: playlist.id, position: 0, contentId: video.id });
    const mixedList = await buildPlaylist(app, t.root);
    const text = await buildText(app, t.root);
    await app.db.insert(playlistItems).values([
      { playlistId: mixedList.id, position: 0, contentId: video.id },
      { playlistId: mixedList.id, position: 1, textId: text.id },
    ]);
    const cases: [object, number, string][] = [
      [{ ...body, content_id: website.id }, ResultCode.validation, translate('en', 'videoWall.media')],
      [
        { ...body, content_id: processing.id },
        ResultCode.validation,
        translate('en', 'videoWall.notReady', { name: 'Clip.mp4' }),
      ],
      [
        { ...body, content_id: null, playlist_id: mixedList.id },
        ResultCode.validation,
        translate('en', 'videoWall.playlistMedia'),
      ],
      [{ ...body, content_id: null }, ResultCode.validation, translate('en', 'code.400001')],
      [{ ...body, playlist_id: playlist.id }, ResultCode.validation, translate('en', 'code.400001')],
    ];
    for (const [payload, code, msg] of cases) {
      const response = await t.call({ method: 'POST', url: WALL_CONTENT, payload });
      expect(response.json().code, JSON.stringify(payload)).toBe(code);
      if (code === ResultCode.validation && msg !== translate('en', 'code.400001')) {
        expect(response.json().msg).toBe(msg);
      }
    }
    const ok = await t.call({
      method: 'POST',
      url: WALL_CONTENT,
      payload: { ...body, content_id: null, playlist_id: playlist.id },
    });
    expect(ok.json().data).toMatchObject({
      playlist_id: playlist.id,
      playlist_name: playlist.name,
      content_id: null,
    });
  });

  it('keeps walls, library items and playlists that wall content uses (409001), detaching on request', async () => {
    const t = await tenant();
    const [a] = await screens(t, 1);
    const wall = await buildVideoWall(app, t.root, [a.id]);
    const image = await buildContent(app, t.root);
    const laid = await buildWallContent(app, wall, image.id);

    const wallDelete = await t.call({ method: 'DELETE', url: WALL, payload: { ids: [wall.id] } });
    expect(wallDelete.json()).toMatchObject({
      code: ResultCode.inUse,
      msg: translate('en', 'videoWall.inUse'),
      data: { uses: [{ kind: 'videoWallContent', id: laid.id, name: laid.name }] },
    });

    const contentDelete = await t.call({
      method: 'DELETE',
      url: '/backend/manager/resource',
      payload: { ids: [image.id] },
    });
    expect(contentDelete.json().code).toBe(ResultCode.inUse);
    const detached = await t.call({
      method: 'DELETE',
      url: '/backend/manager/resource',
      payload: { ids: [image.id], detach: true },
    });
    expect(detached.json().code, detached.body).toBe(ResultCode.success);
    expect(await app.db.select().from(videoWallContents).where(eq(videoWallContents.id, laid.id))).toEqual(
      [],
    );
    expect((await t.call({ method: 'DELETE', url: WALL, payload: { ids: [wall.id] } })).json().code).toBe(
      ResultCode.success,
    );
  });

  it('answers 404001 for another tenant’s wall, content, playlist and wall content', async () => {
    const t = await tenant();
    const other = await tenant();
    const { body } = await contentBody(t);
    const foreignWall = await buildVideoWall(app, other.root);
    const foreignImage = await buildContent(app, other.root);
    const foreignList = await buildPlaylist(app, other.root);
    const theirs = await buildWallContent(app, foreignWall, foreignImage.id);
    for (const call of [
      t.call({ method: 'POST', url: WALL_CONTENT, payload: { ...body, wall_id: foreignWall.id } }),
      t.call({ method: 'POST', url: WALL_CONTENT, payload: { ...body, content_id: foreignImage.id } }),
      t.call({
        method: 'POST',
        url: WALL_CONTENT,
        payload: { ...body, content_id: null, playlist_id: foreignList.id },
      }),
      t.call({ method: 'GET', url: `${WALL_CONTENT}/${theirs.id}` }),
      t.call({ method: 'PUT', url: `${WALL_CONTENT}/${theirs.id}`, payload: body }),
      t.call({ method: 'DELETE', url: WALL_CONTENT, payload: { ids: [theirs.id] } }),
    ]) {
      expect((await call).json().code).toBe(ResultCode.notFound);
    }
  });
});
