import { ContentType, ResultCode, Role } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { compositions, compositionZones, contents } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import {
  buildComposition,
  buildFont,
  buildPlaylist,
  buildSticker,
  buildText,
} from '../../test/composition-factories';
import { buildContent } from '../../test/content-factories';
import { buildDevice, busSettled } from '../../test/device-factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { buildCustomer, buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/composition';

async function tenant() {
  const t = await buildTenant(app);
  return { ...t, call: await callAs(app, t.owner) };
}

type Tenant = Awaited<ReturnType<typeof tenant>>;
type Call = Tenant['call'];

const media = (content_id: number | null, extra: object = {}) => ({
  kind: 'media',
  name: 'Main',
  x: 0,
  y: 0,
  width: 1920,
  height: 960,
  content_id,
  ...extra,
});
const body = (zones: object[], extra: object = {}) => ({
  name: 'Lobby',
  width: 1920,
  height: 1080,
  zones,
  ...extra,
});

const create = async (call: Call, payload: object) => {
  const response = await call({ method: 'POST', url: URL, payload });
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data;
};

/** Posts a composition and expects a refusal; nothing is written. */
const refused = async (call: Call, payload: object, code: number, msg?: string) => {
  const before = await databaseFingerprint(app.db);
  const response = await call({ method: 'POST', url: URL, payload });
  expect(response.json(), response.body).toMatchObject({ code, ...(msg ? { msg } : {}) });
  expect(await databaseFingerprint(app.db)).toBe(before);
};

/** Everything a composition may show, in one workspace. */
async function library(workspace: { id: number; companyId: number }) {
  return {
    image: await buildContent(app, workspace, { name: 'poster.png', thumbnailHash: 'a'.repeat(64) }),
    video: await buildContent(app, workspace, { type: ContentType.video, name: 'clip.mp4' }),
    website: await buildContent(app, workspace, {
      type: ContentType.website,
      name: 'News',
      link: 'https://e.com/',
    }),
    playlist: await buildPlaylist(app, workspace, 'Morning'),
    text: await buildText(app, workspace, 'Opening hours'),
    sticker: await buildSticker(app, workspace, 'Sale badge'),
  };
}

describe('POST composition', () => {
  it('creates a composition of every kind of zone in the active workspace, layered in order', async () => {
    const t = await tenant();
    const lib = await library(t.root);
    const font = await buildFont(app, t.company.id);
    const created = await create(
      t.call,
      body(
        [
          media(lib.video.id, { settings: { fit: 'cover', muted: false } }),
          {
            kind: 'playlist',
            name: 'Side',
            x: 1440,
            y: 0,
            width: 480,
            height: 960,
            playlist_id: lib.playlist.id,
          },
          { kind: 'text', name: 'Ticker', x: 0, y: 960, width: 1440, height: 120, text_id: lib.text.id },
          {
            kind: 'clock',
            name: 'Clock',
            x: 1440,
            y: 960,
            width: 480,
            height: 120,
            font_id: font.id,
            background_color: '#112233',
            settings: { format: 'datetime', color: '#FFCC00', font_size: 40 },
          },
          {
            kind: 'website',
            name: 'Web',
            x: 100,
            y: 100,
            width: 400,
            height: 300,
            content_id: lib.website.id,
          },
          {
            kind: 'sticker',
            name: 'Badge',
            x: 1800,
            y: 20,
            width: 100,
            height: 100,
            sticker_id: lib.sticker.id,
          },
        ],
        { name: ' Lobby ', background_content_id: lib.image.id, background_color: '#FFFFFF', duration: 45.5 },
      ),
    );
    expect(created).toMatchObject({
      id: expect.any(Number),
      name: 'Lobby',
      width: 1920,
      height: 1080,
      orientation: 0,
      background_color: '#ffffff',
      background_content_id: lib.image.id,
      background_thumbnail_url: `/backend/media/${'a'.repeat(64)}`,
      background: {
        name: 'poster.png',
        type: ContentType.image,
        thumbnail_url: `/backend/media/${'a'.repeat(64)}`,
      },
      duration: 45.5,
      workspace_id: t.root.id,
      creator_name: expect.any(String),
    });
    expect(
      created.zones.map((zone: { position: number; kind: string }) => [zone.position, zone.kind]),
    ).toEqual([
      [0, 'media'],
      [1, 'playlist'],
      [2, 'text'],
      [3, 'clock'],
      [4, 'website'],
      [5, 'sticker'],
    ]);
    const [video, playlist, text, clock, website, sticker] = created.zones;
    expect(video).toMatchObject({
      content_id: lib.video.id,
      playlist_id: null,
      settings: { fit: 'cover', muted: false, duration: null },
      background_color: 'transparent',
      ref: { name: 'clip.mp4', type: ContentType.video, thumbnail_url: null },
    });
    expect(playlist).toMatchObject({
      playlist_id: lib.playlist.id,
      ref: { name: 'Morning', type: ContentType.playlist },
    });
    expect(text).toMatchObject({
      text_id: lib.text.id,
      settings: {},
      ref: { name: 'Opening hours', type: null },
    });
    expect(clock).toMatchObject({
      font_id: font.id,
      font_family: `vitrine-font-${font.id}`,
      font_url: `/backend/media/${font.hash}`,
      background_color: '#112233',
      settings: { format: 'datetime', color: '#ffcc00', font_size: 40 },
      ref: null,
    });
    expect(website).toMatchObject({
      content_id: lib.website.id,
      ref: { name: 'News', type: ContentType.website },
    });
    expect(sticker).toMatchObject({
      sticker_id: lib.sticker.id,
      settings: { fit: 'contain' },
      ref: { name: 'Sale badge', thumbnail_url: `/backend/media/${lib.sticker.hash}` },
    });
    const [row] = await app.db.select().from(compositions).where(eq(compositions.id, created.id));
    expect(row).toMatchObject({ companyId: t.company.id, workspaceId: t.root.id, creatorId: t.owner.id });

    // The detail answers the same; its zones go back as they came (what is not a field is dropped).
    const detail = await t.call({ method: 'GET', url: `${URL}/${created.id}` });
    expect(detail.json().data).toEqual(created);
    const again = await t.call({ method: 'PUT', url: `${URL}/${created.id}`, payload: created });
    expect(again.json().data.zones).toEqual(
      created.zones.map((zone: { id: number }) => ({ ...zone, id: expect.any(Number) })),
    );
  });

  it('keeps empty zones, and goes to the workspace chosen in the top bar', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const response = await t.call({
      method: 'POST',
      url: URL,
      headers: { 'workspace-id': String(a1.id) },
      payload: body(
        [
          media(null, { width: 1080 }),
          { kind: 'playlist', name: 'Empty', x: 0, y: 960, width: 1080, height: 120 },
        ],
        {
          width: 1080,
          height: 1920,
          orientation: 270,
        },
      ),
    });
    expect(response.json().data).toMatchObject({ workspace_id: a1.id, orientation: 270, background: null });
    expect(response.json().data.zones.map((zone: { ref: unknown }) => zone.ref)).toEqual([null, null]);
  });

  it('refuses what the contract refuses, with its messages', async () => {
    const t = await tenant();
    await refused(
      t.call,
      body([media(null)], { name: '' }),
      ResultCode.validation,
      'Invalid input: name: Please input the name',
    );
    await refused(
      t.call,
      body([media(null, { x: 10 })]),
      ResultCode.validation,
      'Invalid input: zones.0: Zones must lie inside the canvas',
    );
    await refused(t.call, body([]), ResultCode.validation, 'Invalid input: zones: Add at least one zone');
    await refused(t.call, body([media(null)], { orientation: 90 }), ResultCode.validation);
    await refused(t.call, body([media(null, { kind: 'iframe' })]), ResultCode.validation);
  });

  it('refuses what the caller does not see as if it did not exist (404001)', async () => {
    const t = await tenant();
    const other = await tenant();
    const lib = await library(other.root);
    await refused(t.call, body([media(lib.image.id)]), ResultCode.notFound);
    await refused(t.call, body([media(null)], { background_content_id: lib.image.id }), ResultCode.notFound);
    await refused(t.call, body([media(999_999)]), ResultCode.notFound);
    const zone = { name: 'Z', x: 0, y: 0, width: 100, height: 100 };
    await refused(
      t.call,
      body([{ ...zone, kind: 'playlist', playlist_id: lib.playlist.id }]),
      ResultCode.notFound,
    );
    await refused(t.call, body([{ ...zone, kind: 'text', text_id: lib.text.id }]), ResultCode.notFound);
    await refused(
      t.call,
      body([{ ...zone, kind: 'sticker', sticker_id: lib.sticker.id }]),
      ResultCode.notFound,
    );
    await refused(
      t.call,
      body([{ ...zone, kind: 'clock', font_id: (await buildFont(app, other.company.id)).id }]),
      ResultCode.validation,
      'Choose one of the fonts offered',
    );
    // A member of a workspace does not see its sibling's content.
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const a2 = await buildWorkspace(app, t.company.id, t.root.id);
    const member = await callAs(app, await buildMember(app, a1, Role.user));
    await refused(member, body([media((await buildContent(app, a2)).id)]), ResultCode.notFound);
  });

  it('shows only what lies in its own workspace or below, out of the bin, ready, of the zone’s type', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const below = await buildContent(app, await buildWorkspace(app, t.company.id, a1.id));
    const above = await buildContent(app, t.root);
    const inA1 = { 'workspace-id': String(a1.id) };
    const post = (payload: object) => t.call({ method: 'POST', url: URL, headers: inA1, payload });
    expect((await post(body([media(below.id)]))).json().code).toBe(ResultCode.success);
    expect((await post(body([media(above.id)]))).json()).toMatchObject({
      code: ResultCode.validation,
      msg: 'A composition can only show content, playlists, text messages and stickers of its own workspace or the workspaces below it',
    });
    const abovePlaylist = await buildPlaylist(app, t.root);
    const zone = {
      name: 'Side',
      x: 0,
      y: 0,
      width: 100,
      height: 100,
      kind: 'playlist',
      playlist_id: abovePlaylist.id,
    };
    expect((await post(body([zone]))).json().code).toBe(ResultCode.validation);

    const binned = await buildContent(app, t.root, { deletedAt: new Date() });
    await refused(
      t.call,
      body([media(binned.id)]),
      ResultCode.validation,
      'Main: the chosen content is in the recycle bin. Restore it or choose another.',
    );
    const website = await buildContent(app, t.root, { type: ContentType.website, link: 'https://e.com/' });
    await refused(
      t.call,
      body([media(website.id)]),
      ResultCode.validation,
      'Main: this zone cannot show the chosen item',
    );
    const image = await buildContent(app, t.root);
    await refused(
      t.call,
      body([{ kind: 'website', name: 'Web', x: 0, y: 0, width: 100, height: 100, content_id: image.id }]),
      ResultCode.validation,
      'Web: this zone cannot show the chosen item',
    );
    const video = await buildContent(app, t.root, { type: ContentType.video });
    await refused(
      t.call,
      body([media(null)], { background_content_id: video.id }),
      ResultCode.validation,
      'The background must be an image of the library',
    );
    const processing = await buildContent(app, t.root, { name: 'late.mp4', state: 'processing' });
    await refused(
      t.call,
      body([media(processing.id)]),
      ResultCode.validation,
      'late.mp4 is still being processed or could not be processed, so it cannot be added',
    );
    // Platform fonts are everyone's.
    const clock = { kind: 'clock', name: 'C', x: 0, y: 0, width: 100, height: 100 };
    const platformFont = await buildFont(app, null);
    expect((await create(t.call, body([{ ...clock, font_id: platformFont.id }]))).zones[0].font_id).toBe(
      platformFont.id,
    );
  });

  it('answers in the caller’s language', async () => {
    const t = await tenant();
    const response = await t.call({
      method: 'POST',
      url: URL,
      headers: { 'accept-language': 'de' },
      payload: body([media(null, { y: 1000 })]),
    });
    expect(response.json().msg).toBe(
      'Ungültige Eingabe: zones.0: Bereiche müssen innerhalb der Leinwand liegen',
    );
  });
});

describe('GET composition', () => {
  it('lists the compositions in scope with their zones’ outlines; keyword, orientation, sort and pages', async () => {
    const t = await tenant();
    const other = await tenant();
    await create(other.call, body([media(null)], { name: 'Foreign lobby' }));
    const image = await buildContent(app, t.root, { thumbnailHash: 'f'.repeat(64) });
    const lobby = await create(
      t.call,
      body([media(null), media(null, { y: 960, height: 120 })], { duration: 60 }),
    );
    const menu = await create(
      t.call,
      body([media(null, { width: 1080, height: 1920 })], {
        name: 'Menu board',
        width: 1080,
        height: 1920,
        orientation: 90,
        background_content_id: image.id,
      }),
    );
    const list = async (query: Record<string, string> = {}) => {
      const response = await t.call({ method: 'GET', url: URL, query });
      expect(response.json().code, response.body).toBe(ResultCode.success);
      return response.json().data;
    };
    const all = await list();
    expect(all.total).toBe(2);
    expect(all.list.map((item: { id: number }) => item.id)).toEqual([menu.id, lobby.id]);
    expect(all.list[1]).toEqual({
      id: lobby.id,
      name: 'Lobby',
      width: 1920,
      height: 1080,
      orientation: 0,
      background_color: '#000000',
      background_content_id: null,
      background_thumbnail_url: null,
      duration: 60,
      zones: [
        { kind: 'media', x: 0, y: 0, width: 1920, height: 960 },
        { kind: 'media', x: 0, y: 960, width: 1920, height: 120 },
      ],
      workspace_id: t.root.id,
      creator_name: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(all.list[0].background_thumbnail_url).toBe(`/backend/media/${'f'.repeat(64)}`);
    expect((await list({ keyword: 'menu' })).list.map((item: { id: number }) => item.id)).toEqual([menu.id]);
    expect((await list({ orientation: '90' })).total).toBe(1);
    expect((await list({ orientation: '180' })).total).toBe(0);
    expect((await list({ sort: 'duration,desc' })).list[0].id).toBe(lobby.id);
    expect((await list({ sort: 'name,asc', page: '2', page_size: '1' })).list[0].id).toBe(menu.id);
    expect((await t.call({ method: 'GET', url: URL, query: { orientation: '45' } })).json().code).toBe(
      ResultCode.validation,
    );
  });

  it('answers 404001 for a composition out of scope, and 403001 without the permission', async () => {
    const t = await tenant();
    const other = await tenant();
    const foreign = await buildComposition(app, other.root);
    expect((await t.call({ method: 'GET', url: `${URL}/${foreign.id}` })).json().code).toBe(
      ResultCode.notFound,
    );
    const customer = await buildCustomer(app);
    expect((await customer.call({ method: 'GET', url: URL })).json().code).toBe(ResultCode.permission);
  });
});

describe('PUT composition/{id}', () => {
  it('replaces every field and zone', async () => {
    const t = await tenant();
    const lib = await library(t.root);
    const created = await create(t.call, body([media(lib.image.id), media(null, { y: 960, height: 120 })]));
    const response = await t.call({
      method: 'PUT',
      url: `${URL}/${created.id}`,
      payload: body(
        [{ kind: 'text', name: 'Only', x: 0, y: 0, width: 1920, height: 1080, text_id: lib.text.id }],
        {
          name: 'Renamed',
          duration: 10,
        },
      ),
    });
    expect(response.json().data).toMatchObject({ id: created.id, name: 'Renamed', duration: 10 });
    expect(response.json().data.zones).toMatchObject([{ kind: 'text', text_id: lib.text.id, position: 0 }]);
    const zones = await app.db
      .select()
      .from(compositionZones)
      .where(eq(compositionZones.compositionId, created.id));
    expect(zones).toHaveLength(1);
  });

  it('refuses another tenant’s composition and foreign references, changing nothing', async () => {
    const t = await tenant();
    const other = await tenant();
    const foreign = await buildComposition(app, other.root);
    const own = await buildComposition(app, t.root);
    const before = await databaseFingerprint(app.db);
    const put = (id: number, payload: object) => t.call({ method: 'PUT', url: `${URL}/${id}`, payload });
    expect((await put(foreign.id, body([media(null)]))).json().code).toBe(ResultCode.notFound);
    const image = await buildContent(app, other.root);
    const after = await databaseFingerprint(app.db);
    expect((await put(own.id, body([media(image.id)]))).json().code).toBe(ResultCode.notFound);
    expect((await put(own.id, body([media(null, { width: 8 })]))).json().code).toBe(ResultCode.validation);
    expect(await databaseFingerprint(app.db)).toBe(after);
    expect(after).not.toBe(before); // the image was really written
  });
});

describe('screens showing a composition', () => {
  it('are told to fetch their manifest when it is saved or loses what it shows', async () => {
    const t = await tenant();
    const image = await buildContent(app, t.root);
    const shown = await create(t.call, body([media(image.id)], { background_content_id: image.id }));
    const other = await create(t.call, body([media(null)]));
    const screen = await buildDevice(app, t.root, 'Lobby screen', {
      defaultProgramKind: 'composition',
      defaultProgramId: shown.id,
    });
    await buildDevice(app, t.root, 'Bystander', {
      defaultProgramKind: 'composition',
      defaultProgramId: other.id,
    });
    // The screens' claims (their trial licences) have told them already: count from here.
    await busSettled(app);
    const heard: number[][] = [];
    const stop = app.bus.on((event) => {
      if (event.type === 'manifest-changed') heard.push(event.deviceIds);
    });
    try {
      await t.call({ method: 'PUT', url: `${URL}/${shown.id}`, payload: { ...shown, name: 'Renamed' } });
      await t.call({ method: 'PUT', url: `${URL}/${shown.id}`, payload: { ...shown, width: 10 } }); // refused
      await t.call({
        method: 'DELETE',
        url: '/backend/manager/resource',
        payload: { ids: [image.id], detach: true },
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard.length).toBeGreaterThanOrEqual(2);
      expect(heard.every((ids) => ids.length === 1 && ids[0] === screen.row.id)).toBe(true);
    } finally {
      stop();
    }
  });
});

describe('POST composition/{id}/copy', () => {
  it('copies a composition with its zones beside the original, named in the caller’s language', async () => {
    const t = await tenant();
    const lib = await library(t.root);
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const original = await create(
      t.call,
      body(
        [
          media(lib.image.id),
          { kind: 'sticker', name: 'B', x: 0, y: 0, width: 64, height: 64, sticker_id: lib.sticker.id },
        ],
        {
          background_content_id: lib.image.id,
        },
      ),
    );
    // The copy stays in the original's workspace whatever the top bar chose.
    const copy = await t.call({
      method: 'POST',
      url: `${URL}/${original.id}/copy`,
      headers: { 'accept-language': 'fr', 'workspace-id': String(a1.id) },
    });
    const data = copy.json().data;
    expect(data).toMatchObject({
      name: 'Lobby (copie)',
      workspace_id: t.root.id,
      background_content_id: lib.image.id,
    });
    expect(data.id).not.toBe(original.id);
    const strip = (zones: { id: number }[]) => zones.map(({ id: _, ...zone }) => zone);
    expect(strip(data.zones)).toEqual(strip(original.zones));
    const named = await t.call({
      method: 'POST',
      url: `${URL}/${original.id}/copy`,
      payload: { name: 'Evening' },
    });
    expect(named.json().data.name).toBe('Evening');
    // A name at the limit still makes a name within it.
    const long = await create(t.call, body([media(null)], { name: 'x'.repeat(64) }));
    const longCopy = await t.call({ method: 'POST', url: `${URL}/${long.id}/copy` });
    expect(longCopy.json().data.name).toHaveLength(64);
  });

  it('answers 404001 for another tenant’s composition', async () => {
    const t = await tenant();
    const foreign = await buildComposition(app, (await tenant()).root);
    const before = await databaseFingerprint(app.db);
    expect((await t.call({ method: 'POST', url: `${URL}/${foreign.id}/copy` })).json().code).toBe(
      ResultCode.notFound,
    );
    expect(await databaseFingerprint(app.db)).toBe(before);
  });
});

describe('DELETE composition', () => {
  it('deletes compositions with their zones; any id out of scope deletes none', async () => {
    const t = await tenant();
    const a = await buildComposition(app, t.root);
    const b = await buildComposition(app, t.root);
    const foreign = await buildComposition(app, (await tenant()).root);
    const del = (ids: number[], detach?: boolean) =>
      t.call({ method: 'DELETE', url: URL, payload: { ids, ...(detach === undefined ? {} : { detach }) } });
    const before = await databaseFingerprint(app.db);
    expect((await del([a.id, foreign.id])).json().code).toBe(ResultCode.notFound);
    expect(await databaseFingerprint(app.db)).toBe(before);
    expect((await del([a.id, b.id, a.id])).json()).toMatchObject({ code: ResultCode.success, data: null });
    expect(await app.db.select().from(compositions).where(eq(compositions.id, a.id))).toEqual([]);
    expect(
      await app.db.select().from(compositionZones).where(eq(compositionZones.compositionId, b.id)),
    ).toEqual([]);
    expect((await del([])).json().code).toBe(ResultCode.validation);
  });

  it('refuses a composition in use (409001) unless told to detach it first', async () => {
    const t = await tenant();
    const used = await buildComposition(app, t.root, 'Used');
    const detached: number[][] = [];
    app.uses.composition.register('test-schedule', {
      find: async (_tx, ids) => (ids.includes(used.id) ? [{ id: 7, name: 'Weekdays' }] : []),
      detach: async (_tx, ids) => void detached.push([...ids]),
    });
    const refusedDelete = await t.call({ method: 'DELETE', url: URL, payload: { ids: [used.id] } });
    expect(refusedDelete.json()).toMatchObject({
      code: ResultCode.inUse,
      msg: 'This composition is in use. Remove it from the schedules that use it first.',
      data: { uses: [{ kind: 'test-schedule', id: 7, name: 'Weekdays' }] },
    });
    const deleted = await t.call({ method: 'DELETE', url: URL, payload: { ids: [used.id], detach: true } });
    expect(deleted.json().code).toBe(ResultCode.success);
    expect(detached).toEqual([[used.id]]);
  });
});

describe('what compositions use', () => {
  it('keeps used content, fonts and stickers from deletion, and detaching empties the zones', async () => {
    const t = await tenant();
    const lib = await library(t.root);
    const font = await buildFont(app, t.company.id);
    const clock = { kind: 'clock', name: 'C', x: 0, y: 0, width: 100, height: 100, font_id: font.id };
    const sticker = {
      kind: 'sticker',
      name: 'S',
      x: 0,
      y: 0,
      width: 64,
      height: 64,
      sticker_id: lib.sticker.id,
    };
    const composition = await create(
      t.call,
      body([media(lib.image.id), clock, sticker], { background_content_id: lib.image.id }),
    );
    const background = await create(
      t.call,
      body([media(null)], { name: 'Backdrop', background_content_id: lib.image.id }),
    );

    const contentDelete = await t.call({
      method: 'DELETE',
      url: '/backend/manager/resource',
      payload: { ids: [lib.image.id] },
    });
    expect(contentDelete.json()).toMatchObject({
      code: ResultCode.inUse,
      data: {
        uses: [
          { kind: 'composition', id: composition.id, name: 'Lobby' },
          { kind: 'composition', id: background.id, name: 'Backdrop' },
        ],
      },
    });
    const fontDelete = await t.call({ method: 'DELETE', url: `/backend/manager/font/${font.id}` });
    expect(fontDelete.json()).toMatchObject({
      code: ResultCode.inUse,
      data: { uses: [{ kind: 'composition' }] },
    });
    const stickerDelete = await t.call({
      method: 'DELETE',
      url: '/backend/manager/sticker',
      payload: { ids: [lib.sticker.id] },
    });
    expect(stickerDelete.json()).toMatchObject({
      code: ResultCode.inUse,
      data: { uses: [{ kind: 'composition' }] },
    });

    for (const [url, payload] of [
      ['/backend/manager/resource', { ids: [lib.image.id], detach: true }],
      [`/backend/manager/font/${font.id}?detach=true`, undefined],
      ['/backend/manager/sticker', { ids: [lib.sticker.id], detach: true }],
    ] as const) {
      const response = await t.call({ method: 'DELETE', url, ...(payload ? { payload } : {}) });
      expect(response.json().code, `${url} ${response.body}`).toBe(ResultCode.success);
    }
    const after = (await t.call({ method: 'GET', url: `${URL}/${composition.id}` })).json().data;
    expect(after.background_content_id).toBeNull();
    expect(
      after.zones.map(
        (zone: { content_id: number | null; font_id: number | null; sticker_id: number | null }) => [
          zone.content_id,
          zone.font_id,
          zone.sticker_id,
        ],
      ),
    ).toEqual([
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ]);
    expect(after.updated_at > composition.updated_at).toBe(true);
    const [row] = await app.db.select().from(contents).where(eq(contents.id, lib.image.id));
    expect(row.deletedAt).not.toBeNull();
  });

  it('names the compositions using playlists and texts, and empties their zones on detach', async () => {
    const t = await tenant();
    const lib = await library(t.root);
    const zones = [
      { kind: 'playlist', name: 'P', x: 0, y: 0, width: 100, height: 100, playlist_id: lib.playlist.id },
      { kind: 'text', name: 'T', x: 0, y: 100, width: 100, height: 100, text_id: lib.text.id },
      { kind: 'text', name: 'T2', x: 0, y: 200, width: 100, height: 100, text_id: lib.text.id },
    ];
    const composition = await create(t.call, body(zones));
    await app.db.transaction(async (tx) => {
      expect(await app.uses.playlist.find(tx, [lib.playlist.id])).toContainEqual({
        kind: 'composition',
        id: composition.id,
        name: 'Lobby',
      });
      // Two zones of one composition: named once.
      expect(
        (await app.uses.text.find(tx, [lib.text.id])).filter((use) => use.kind === 'composition'),
      ).toEqual([{ kind: 'composition', id: composition.id, name: 'Lobby' }]);
      await app.uses.playlist.detach(tx, [lib.playlist.id]);
      await app.uses.text.detach(tx, [lib.text.id]);
    });
    const after = (await t.call({ method: 'GET', url: `${URL}/${composition.id}` })).json().data;
    expect(after.zones.map((zone: { ref: unknown }) => zone.ref)).toEqual([null, null, null]);
  });

  it('keeps a workspace holding a composition from being deleted', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const composition = await buildComposition(app, a1);
    const url = `/backend/manager/account/workspace/${a1.id}`;
    expect((await t.call({ method: 'DELETE', url })).json()).toMatchObject({
      code: ResultCode.inUse,
      data: { blockers: ['content'] },
    });
    await t.call({ method: 'DELETE', url: URL, payload: { ids: [composition.id] } });
    expect((await t.call({ method: 'DELETE', url })).json().code).toBe(ResultCode.success);
  });
});
