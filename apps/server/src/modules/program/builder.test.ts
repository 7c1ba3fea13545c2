import { randomBytes } from 'node:crypto';
import {
  ContentType,
  PLAYLIST_DEFAULT_ITEM_SECONDS,
  type PlayItem,
  type Program,
  Role,
} from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { compositions, contentPages, contentTexts, playlists } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import {
  buildComposition,
  buildFont,
  buildPlaylist,
  buildSticker,
  buildText,
} from '../../test/composition-factories';
import { buildContent, buildMediaFile } from '../../test/content-factories';
import { addItems, addZones } from '../../test/program-factories';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

// The program builder through its calls: a stored playlist (every kind of item, nesting, loops,
// durations, what is left out), a stored composition (every kind of zone), and the editors' drafts.

type Call = (options: InjectOptions) => Promise<LightMyRequestResponse>;
type Workspace = { id: number; companyId: number };

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const hex = () => randomBytes(32).toString('hex');

async function programOf(call: Call, url: string, payload?: object): Promise<Program> {
  const response = await call({ method: payload ? 'POST' : 'GET', url: `/backend/manager/${url}`, payload });
  expect(response.json().code, response.body).toBe(220000);
  return response.json().data;
}

const byKind = (items: PlayItem[]) => Object.fromEntries(items.map((item) => [item.kind, item]));

/** One content of every kind a screen plays, and some it cannot. */
async function library(workspace: Workspace) {
  const transcoded = await buildMediaFile(app);
  const pageFile = await buildMediaFile(app);
  const image = await buildContent(app, workspace, {
    hash: hex(),
    mime: 'image/png',
    size: 100,
    width: 10,
    height: 10,
  });
  const video = await buildContent(app, workspace, {
    type: ContentType.video,
    hash: hex(),
    mime: 'video/mp4',
    size: 1000,
    duration: 12.5,
  });
  const converted = await buildContent(app, workspace, {
    type: ContentType.video,
    hash: hex(),
    mime: 'video/quicktime',
    size: 5000,
    duration: 3,
    playableHash: transcoded.hash,
  });
  const music = await buildContent(app, workspace, {
    type: ContentType.music,
    hash: hex(),
    mime: 'audio/mpeg',
    size: 300,
    duration: 200,
  });
  const document = await buildContent(app, workspace, {
    type: ContentType.document,
    hash: hex(),
    mime: 'application/pdf',
    size: 400,
  });
  await app.db.insert(contentPages).values([
    { contentId: document.id, page: 2, hash: hex() },
    { contentId: document.id, page: 1, hash: pageFile.hash },
  ]);
  const unpaged = await buildContent(app, workspace, {
    type: ContentType.document,
    hash: hex(),
    mime: 'application/pdf',
  });
  const website = await buildContent(app, workspace, {
    type: ContentType.website,
    link: 'https://example.com/',
    refreshSeconds: 60,
    zoom: 1.5,
  });
  const stream = await buildContent(app, workspace, {
    type: ContentType.stream,
    link: 'https://example.com/live.m3u8',
  });
  const h5 = await buildContent(app, workspace, {
    type: ContentType.h5,
    hash: hex(),
    mime: 'application/zip',
  });
  const binned = await buildContent(app, workspace, {
    hash: hex(),
    mime: 'image/png',
    deletedAt: new Date(),
  });
  const processing = await buildContent(app, workspace, {
    hash: hex(),
    mime: 'image/png',
    state: 'processing',
  });
  const font = await buildFont(app, workspace.companyId);
  const text = await buildText(app, workspace);
  await app.db.update(contentTexts).set({ fontId: font.id }).where(eq(contentTexts.id, text.id));
  return {
    transcoded,
    pageFile,
    image,
    video,
    converted,
    music,
    document,
    unpaged,
    website,
    stream,
    h5,
    binned,
    processing,
    font,
    text,
  };
}

describe('GET playlist/:id/program', () => {
  it('plays every kind of item in order, nested playlists flattened, with their durations', async () => {
    const tenant = await buildTenant(app);
    const call = await callAs(app, tenant.owner);
    const lib = await library(tenant.root);
    const nested = await buildPlaylist(app, tenant.root);
    const list = await buildPlaylist(app, tenant.root);
    await app.db
      .update(playlists)
      .set({ shuffle: true, orientation: 90, width: 1920, height: 1080 })
      .where(eq(playlists.id, list.id));
    const items = await addItems(app, list.id, [
      { contentId: lib.image.id, duration: 5, transition: 'fade', fit: 'cover' },
      { contentId: lib.video.id, muted: false },
      { childPlaylistId: nested.id },
      { contentId: lib.binned.id },
      { contentId: lib.processing.id },
      { contentId: lib.unpaged.id },
      { textId: lib.text.id },
      { contentId: lib.music.id, duration: 30 },
    ]);
    // The nested playlist holds its parent: played once, not forever.
    const inner = await addItems(app, nested.id, [
      { contentId: lib.converted.id },
      { contentId: lib.document.id },
      { contentId: lib.website.id },
      { contentId: lib.stream.id },
      { contentId: lib.h5.id },
      { childPlaylistId: list.id },
    ]);

    const program = await programOf(call, `playlist/${list.id}/program`);
    expect(program).toMatchObject({
      kind: 'playlist',
      id: list.id,
      name: list.name,
      // Portrait: the resolution hint turned upright.
      width: 1080,
      height: 1920,
      background: null,
    });
    expect(program.zones).toHaveLength(1);
    const [zone] = program.zones;
    expect(zone).toMatchObject({ key: 'main', x: 0, y: 0, width: 1080, height: 1920, shuffle: true });
    expect(zone.items.map((item) => item.kind)).toEqual([
      'image',
      'video',
      'video',
      'document',
      'website',
      'stream',
      'h5',
      'text',
      'music',
    ]);
    const [image, video, converted, document, website, stream, h5, text, music] = zone.items;
    const seconds = PLAYLIST_DEFAULT_ITEM_SECONDS * 1000;
    expect(image).toEqual({
      key: `i${items[0].id}`,
      content_id: lib.image.id,
      duration_ms: 5000,
      transition: 'fade',
      kind: 'image',
      fit: 'cover',
      media: { hash: lib.image.hash, url: `/backend/media/${lib.image.hash}`, mime: 'image/png', size: 100 },
    });
    expect(video).toMatchObject({
      duration_ms: 12_500,
      muted: false,
      media: { mime: 'video/mp4', size: 1000 },
    });
    // The transcoded file, with its size read from the disk.
    expect(converted).toMatchObject({
      key: `i${items[2].id}/i${inner[0].id}`,
      content_id: lib.converted.id,
      duration_ms: 3000,
      media: {
        hash: lib.transcoded.hash,
        url: `/backend/media/${lib.transcoded.hash}`,
        mime: 'video/mp4',
        size: lib.transcoded.size,
      },
    });
    expect(document).toMatchObject({ duration_ms: seconds, fit: 'contain' });
    expect(
      document.kind === 'document' && document.pages.map((page) => [page.url, page.mime, page.size]),
    ).toEqual([
      [`/backend/media/${lib.pageFile.hash}`, 'image/jpeg', lib.pageFile.size],
      [expect.stringMatching(/^\/backend\/media\/[0-9a-f]{64}$/), 'image/jpeg', 0],
    ]);
    expect(website).toMatchObject({
      url: 'https://example.com/',
      refresh_seconds: 60,
      zoom: 1.5,
      duration_ms: seconds,
    });
    expect(stream).toMatchObject({ url: 'https://example.com/live.m3u8', muted: true });
    expect(h5).toMatchObject({ url: `/backend/media/h5/${lib.h5.hash}/index.html`, content_id: lib.h5.id });
    expect(text).toMatchObject({
      content_id: null,
      duration_ms: seconds,
      text: {
        content: 'Welcome',
        position: 'bottom',
        direction: 'left',
        speed: 5,
        font_size: 48,
        font: { family: lib.font.family, url: `/backend/media/${lib.font.hash}` },
      },
    });
    expect(music).toMatchObject({ duration_ms: 30_000, muted: true, media: { mime: 'audio/mpeg' } });
    expect(program.duration_ms).toBe(zone.items.reduce((sum, item) => sum + item.duration_ms, 0));
    // The keys are unique within the program.
    expect(new Set(zone.items.map((item) => item.key)).size).toBe(zone.items.length);
  });

  it('answers the same program to the same playlist, and 404001 outside the caller’s scope', async () => {
    const tenant = await buildTenant(app);
    const other = await buildTenant(app);
    const sibling = await buildWorkspace(app, tenant.company.id, tenant.root.id);
    const home = await buildWorkspace(app, tenant.company.id, tenant.root.id);
    const user = await buildMember(app, home, Role.user);
    const image = await buildContent(app, sibling, { hash: hex(), mime: 'image/png' });
    const list = await buildPlaylist(app, sibling);
    await addItems(app, list.id, [{ contentId: image.id }]);
    const owner = await callAs(app, tenant.owner);
    const first = await programOf(owner, `playlist/${list.id}/program`);
    expect(await programOf(owner, `playlist/${list.id}/program`)).toEqual(first);
    for (const call of [await callAs(app, other.owner), await callAs(app, user)]) {
      const response = await call({ method: 'GET', url: `/backend/manager/playlist/${list.id}/program` });
      expect(response.json()).toMatchObject({ code: 404001, data: null });
    }
  });
});

describe('GET composition/:id/program', () => {
  it('builds each zone by its kind, layered bottom to top, with the background', async () => {
    const tenant = await buildTenant(app);
    const call = await callAs(app, tenant.owner);
    const lib = await library(tenant.root);
    const sticker = await buildSticker(app, tenant.root);
    const clockFont = await buildFont(app, null);
    const list = await buildPlaylist(app, tenant.root);
    await app.db.update(playlists).set({ shuffle: true }).where(eq(playlists.id, list.id));
    await addItems(app, list.id, [{ contentId: lib.image.id, duration: 4 }, { textId: lib.text.id }]);
    const composition = await buildComposition(app, tenant.root);
    await app.db
      .update(compositions)
      .set({ backgroundContentId: lib.image.id, backgroundColor: '#112233', duration: 20 })
      .where(eq(compositions.id, composition.id));
    const zones = await addZones(app, composition.id, [
      {
        kind: 'media',
        contentId: lib.video.id,
        x: 0,
        y: 0,
        width: 960,
        height: 540,
        settings: { fit: 'fill', muted: false },
      },
      {
        kind: 'media',
        contentId: lib.image.id,
        x: 960,
        y: 0,
        width: 960,
        height: 540,
        settings: { duration: 7 },
      },
      { kind: 'playlist', playlistId: list.id, x: 0, y: 540, width: 960, height: 400 },
      {
        kind: 'text',
        textId: lib.text.id,
        x: 0,
        y: 940,
        width: 1920,
        height: 140,
        backgroundColor: '#000000',
      },
      {
        kind: 'clock',
        fontId: clockFont.id,
        x: 960,
        y: 540,
        width: 480,
        height: 200,
        settings: { format: 'datetime', color: '#ff0000', font_size: 80 },
      },
      { kind: 'website', contentId: lib.website.id, x: 1440, y: 540, width: 480, height: 200 },
      { kind: 'sticker', stickerId: sticker.id, x: 1800, y: 0, width: 100, height: 100 },
      { kind: 'media', contentId: lib.binned.id, x: 0, y: 0, width: 100, height: 100 },
    ]);
    const program = await programOf(call, `composition/${composition.id}/program`);
    expect(program).toMatchObject({
      kind: 'composition',
      id: composition.id,
      width: 1920,
      height: 1080,
      background_color: '#112233',
      background: { hash: lib.image.hash, url: `/backend/media/${lib.image.hash}` },
      duration_ms: 20_000,
    });
    // The factory's own empty zone first, then ours in layer order.
    const [empty, video, image, playlist, text, clock, website, stickerZone, gone] = program.zones;
    expect(program.zones.map((zone) => zone.z)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(empty.items).toEqual([]);
    expect(video).toMatchObject({
      key: `z${zones[0].id}`,
      x: 0,
      y: 0,
      width: 960,
      height: 540,
      shuffle: false,
    });
    expect(video.items).toEqual([
      expect.objectContaining({
        kind: 'video',
        key: `z${zones[0].id}/0`,
        fit: 'fill',
        muted: false,
        duration_ms: 12_500,
      }),
    ]);
    expect(image.items).toEqual([
      expect.objectContaining({ kind: 'image', fit: 'contain', duration_ms: 7000 }),
    ]);
    expect(playlist.shuffle).toBe(true);
    expect(playlist.items.map((item) => [item.kind, item.duration_ms])).toEqual([
      ['image', 4000],
      ['text', PLAYLIST_DEFAULT_ITEM_SECONDS * 1000],
    ]);
    expect(playlist.items[0].key).toMatch(new RegExp(`^z${zones[2].id}/i\\d+$`));
    expect(text).toMatchObject({ background_color: '#000000' });
    expect(text.items).toEqual([expect.objectContaining({ kind: 'text', duration_ms: 20_000 })]);
    expect(clock.items).toEqual([
      {
        key: `z${zones[4].id}/0`,
        content_id: null,
        duration_ms: 20_000,
        transition: 'none',
        kind: 'clock',
        clock: {
          format: 'datetime',
          color: '#ff0000',
          font_size: 80,
          font: { family: clockFont.family, url: `/backend/media/${clockFont.hash}` },
        },
      },
    ]);
    expect(byKind(website.items).website).toMatchObject({ url: 'https://example.com/' });
    expect(stickerZone.items).toEqual([
      expect.objectContaining({
        kind: 'sticker',
        content_id: null,
        media: { hash: sticker.hash, url: `/backend/media/${sticker.hash}`, mime: 'image/png', size: 10 },
      }),
    ]);
    expect(gone.items).toEqual([]);
  });
});

describe('drafts', () => {
  it('POST composition/program builds an unsaved composition from what its caller sees', async () => {
    const tenant = await buildTenant(app);
    const other = await buildTenant(app);
    const call = await callAs(app, tenant.owner);
    const image = await buildContent(app, tenant.root, { hash: hex(), mime: 'image/png' });
    const foreign = await buildContent(app, other.root, { hash: hex(), mime: 'image/png' });
    const text = await buildText(app, tenant.root);
    const draft = (contentId: number) => ({
      name: 'Draft',
      width: 1920,
      height: 1080,
      duration: 15,
      zones: [
        { kind: 'media', name: 'Main', x: 0, y: 0, width: 1920, height: 900, content_id: contentId },
        { kind: 'text', name: 'Ticker', x: 0, y: 900, width: 1920, height: 180, text_id: text.id },
        { kind: 'clock', name: 'Clock', x: 0, y: 0, width: 300, height: 100 },
      ],
    });
    const program = await programOf(call, 'composition/program', draft(image.id));
    expect(program).toMatchObject({
      kind: 'composition',
      id: 0,
      name: 'Draft',
      duration_ms: 15_000,
      background: null,
    });
    expect(program.zones.map((zone) => [zone.key, zone.items.map((item) => item.kind)])).toEqual([
      ['z0', ['image']],
      ['z1', ['text']],
      ['z2', ['clock']],
    ]);
    expect(program.zones[2].items[0]).toMatchObject({
      clock: { format: 'time', color: '#ffffff', font_size: 64, font: null },
    });
    // Another tenant's content is as absent as content that does not exist: nothing about it shows.
    const withForeign = await programOf(call, 'composition/program', draft(foreign.id));
    const withNothing = await programOf(call, 'composition/program', draft(2_000_000_000));
    expect(withForeign).toEqual(withNothing);
    expect(withForeign.zones[0].items).toEqual([]);
    const bad = await call({
      method: 'POST',
      url: '/backend/manager/composition/program',
      payload: { ...draft(image.id), zones: [] },
    });
    expect(bad.json().code).toBe(400001);
  });

  it('POST playlist/program builds an unsaved playlist, nesting stored ones', async () => {
    const tenant = await buildTenant(app);
    const call = await callAs(app, tenant.owner);
    const image = await buildContent(app, tenant.root, { hash: hex(), mime: 'image/png' });
    const video = await buildContent(app, tenant.root, {
      type: ContentType.video,
      hash: hex(),
      mime: 'video/mp4',
      duration: 8,
    });
    const nested = await buildPlaylist(app, tenant.root);
    await addItems(app, nested.id, [{ contentId: video.id }]);
    const program = await programOf(call, 'playlist/program', {
      name: 'Draft list',
      orientation: 0,
      shuffle: true,
      items: [{ content_id: image.id, duration: 3, transition: 'slide-left' }, { playlist_id: nested.id }],
    });
    expect(program).toMatchObject({
      kind: 'playlist',
      id: 0,
      name: 'Draft list',
      width: 1920,
      height: 1080,
      duration_ms: 11_000,
    });
    expect(program.zones[0].shuffle).toBe(true);
    expect(program.zones[0].items.map((item) => [item.key, item.kind, item.transition])).toEqual([
      ['i0', 'image', 'slide-left'],
      [expect.stringMatching(/^i1\/i\d+$/), 'video', 'none'],
    ]);
  });
});
