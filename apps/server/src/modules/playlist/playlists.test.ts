import {
  ContentType,
  DEFAULT_ROLE_PERMISSIONS,
  type PlaylistDetail,
  type PlaylistRequest,
  ResultCode,
  Role,
} from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { playlistItems, rolePermissions } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildText } from '../../test/composition-factories';
import { buildContent } from '../../test/content-factories';
import { buildDevice } from '../../test/device-factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { closePlayers, connectPlayer, settled, showByDefault } from '../../test/player-sockets';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/playlist';

async function tenant() {
  const t = await buildTenant(app);
  return { ...t, call: await callAs(app, t.owner) };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;
type Call = Tenant['call'];

const create = async (call: Call, payload: PlaylistRequest, headers: Record<string, string> = {}) => {
  const response = await call({ method: 'POST', url: URL, payload, headers });
  expect(response.json().code, response.body).toBe(ResultCode.success);
  return response.json().data as PlaylistDetail;
};

const put = (call: Call, id: number, payload: PlaylistRequest) =>
  call({ method: 'PUT', url: `${URL}/${id}`, payload });

/** A library of one tenant: an image with a thumbnail, a video and music with their lengths, a text. */
async function library(t: Tenant) {
  const image = await buildContent(app, t.root, { name: 'Poster.png', thumbnailHash: 'a'.repeat(64) });
  const video = await buildContent(app, t.root, {
    name: 'Clip.mp4',
    type: ContentType.video,
    duration: 12.5,
    thumbnailHash: 'b'.repeat(64),
  });
  const music = await buildContent(app, t.root, {
    name: 'Jingle.mp3',
    type: ContentType.music,
    duration: 30,
  });
  const website = await buildContent(app, t.root, {
    name: 'Menu',
    type: ContentType.website,
    link: 'https://example.com/',
  });
  const text = await buildText(app, t.root, 'Opening hours');
  return { image, video, music, website, text };
}

const messagesOf = (body: { data: { errors?: { message: string }[] } }) =>
  body.data.errors?.map((error) => error.message);

describe('POST playlist', () => {
  it('makes a playlist in the active workspace, items in the order given, each resolved and timed', async () => {
    const t = await tenant();
    const lib = await library(t);
    const inner = await create(t.call, {
      name: 'Inner',
      items: [{ content_id: lib.music.id }, { text_id: lib.text.id }],
    });
    expect(inner.duration).toBe(30 + 10);

    const playlist = await create(t.call, {
      name: ' Lobby ',
      orientation: 90,
      width: 1080,
      height: 1920,
      shuffle: true,
      items: [
        { content_id: lib.video.id, muted: false, fit: 'cover', transition: 'fade' },
        { content_id: lib.image.id, duration: 5 },
        { text_id: lib.text.id },
        { playlist_id: inner.id, duration: 99 },
        { content_id: lib.website.id },
        { content_id: lib.video.id, duration: 3 },
      ],
    });
    expect(playlist).toMatchObject({
      name: 'Lobby',
      orientation: 90,
      width: 1080,
      height: 1920,
      shuffle: true,
      item_count: 6,
      duration: 12.5 + 5 + 10 + 40 + 10 + 3,
      thumbnail: `/backend/media/${'b'.repeat(64)}`,
      workspace_id: t.root.id,
      creator_name: expect.any(String),
    });
    expect(playlist.items).toEqual([
      {
        id: expect.any(Number),
        kind: 'content',
        content_id: lib.video.id,
        playlist_id: null,
        text_id: null,
        name: 'Clip.mp4',
        type: ContentType.video,
        thumbnail: `/backend/media/${'b'.repeat(64)}`,
        state: 'ready',
        duration: null,
        own_duration: 12.5,
        seconds: 12.5,
        transition: 'fade',
        fit: 'cover',
        muted: false,
      },
      expect.objectContaining({
        kind: 'content',
        content_id: lib.image.id,
        duration: 5,
        own_duration: null,
        seconds: 5,
      }),
      expect.objectContaining({
        kind: 'text',
        text_id: lib.text.id,
        name: 'Opening hours',
        type: null,
        seconds: 10,
        transition: 'none',
        fit: 'contain',
        muted: true,
      }),
      // A nested playlist lasts as long as its own items, whatever was sent.
      expect.objectContaining({
        kind: 'playlist',
        playlist_id: inner.id,
        name: 'Inner',
        type: ContentType.playlist,
        duration: null,
        own_duration: 40,
        seconds: 40,
      }),
      expect.objectContaining({ kind: 'content', name: 'Menu', type: ContentType.website, seconds: 10 }),
      expect.objectContaining({ content_id: lib.video.id, duration: 3, own_duration: 12.5, seconds: 3 }),
    ]);
    const stored = await app.db
      .select()
      .from(playlistItems)
      .where(eq(playlistItems.playlistId, playlist.id))
      .orderBy(playlistItems.position);
    expect(stored.map((row) => row.position)).toEqual([0, 1, 2, 3, 4, 5]);

    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const there = await create(
      t.call,
      { name: 'There', items: [{ text_id: (await buildText(app, a1)).id }] },
      { 'workspace-id': String(a1.id) },
    );
    expect(there.workspace_id).toBe(a1.id);
  });

  it('refuses bad input with the spec’s messages, in the caller’s language, and stores nothing', async () => {
    const t = await tenant();
    const { image } = await library(t);
    const item = { content_id: image.id };
    const cases: [object, string[]][] = [
      [{ items: [item] }, ['Please input the name']],
      [{ name: '  ', items: [item] }, ['Please input the name']],
      [{ name: 'x'.repeat(65), items: [item] }, ['Names can be at most 64 characters long']],
      [
        { name: 'Lobby\u202egnp.exe', items: [item] },
        ['Names may not contain invisible text direction characters'],
      ],
      [{ name: 'Lobby', items: [] }, ['Please select at least one content']],
      [{ name: 'Lobby' }, ['Please select at least one content']],
      [{ name: 'Lobby', items: Array(501).fill(item) }, ['A playlist can hold at most 500 items']],
      [{ name: 'Lobby', items: [{}] }, ['Each item must be one content, one playlist or one text message']],
      [
        { name: 'Lobby', items: [{ ...item, duration: 0 }] },
        ["An item's duration is from 1 to 86400 seconds"],
      ],
      [
        { name: 'Lobby', items: [{ ...item, transition: 'spin' }] },
        ['Choose one of the transitions offered'],
      ],
      [{ name: 'Lobby', orientation: 45, items: [item] }, [expect.stringContaining('0, 90, 180')]],
      [{ name: 'Lobby', width: 20, items: [item] }, [expect.any(String)]],
    ];
    const before = await databaseFingerprint(app.db);
    for (const [payload, messages] of cases) {
      const response = await t.call({ method: 'POST', url: URL, payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(400);
      expect(response.json().code).toBe(ResultCode.validation);
      expect(messagesOf(response.json()), JSON.stringify(payload).slice(0, 200)).toEqual(messages);
    }
    const german = await t.call({
      method: 'POST',
      url: URL,
      headers: { 'accept-language': 'de' },
      payload: { name: 'Lobby', items: [] },
    });
    expect(messagesOf(german.json())).toEqual(['Bitte wählen Sie mindestens einen Inhalt aus']);
    expect(await databaseFingerprint(app.db)).toBe(before);
  });

  it('takes only content that is ready, in scope, in the library and of the workspace or below', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const a2 = await buildWorkspace(app, t.company.id, t.root.id);
    const other = await tenant();
    const foreign = await buildContent(app, other.root);
    const foreignText = await buildText(app, other.root);
    const foreignPlaylist = await create(other.call, { name: 'Theirs', items: [{ content_id: foreign.id }] });
    const binned = await buildContent(app, t.root, { deletedAt: new Date() });
    const processing = await buildContent(app, t.root, { name: 'Big.mp4', state: 'processing' });
    const failed = await buildContent(app, t.root, { name: 'Broken.mp4', state: 'failed' });
    const inA1 = await buildContent(app, a1);
    const inA2 = await buildContent(app, a2);
    const textInA2 = await buildText(app, a2);
    const root = (await library(t)).image;

    const before = await databaseFingerprint(app.db);
    const inA1Header = { 'workspace-id': String(a1.id) };
    const refusals: [object, number, string | RegExp, Record<string, string>?][] = [
      [{ content_id: foreign.id }, ResultCode.notFound, /could not be found/],
      [{ text_id: foreignText.id }, ResultCode.notFound, /could not be found/],
      [{ playlist_id: foreignPlaylist.id }, ResultCode.notFound, /could not be found/],
      [{ content_id: 2_000_000_000 }, ResultCode.notFound, /could not be found/],
      [{ content_id: binned.id }, ResultCode.notFound, /could not be found/],
      [
        { content_id: processing.id },
        ResultCode.validation,
        'Big.mp4 is still being processed or could not be processed, so it cannot be added',
      ],
      [{ content_id: failed.id }, ResultCode.validation, /^Broken\.mp4 is still/],
      // A playlist of A1 may not show what A1's members cannot see: the root's or a sibling's.
      [
        { content_id: root.id },
        ResultCode.validation,
        /own workspace or the workspaces below it/,
        inA1Header,
      ],
      [{ content_id: inA2.id }, ResultCode.validation, /own workspace/, inA1Header],
      [{ text_id: textInA2.id }, ResultCode.validation, /own workspace/, inA1Header],
    ];
    for (const [item, code, msg, headers] of refusals) {
      const response = await t.call({
        method: 'POST',
        url: URL,
        headers,
        payload: { name: 'Mixed', items: [{ content_id: inA1.id }, item] },
      });
      expect(response.json().code, `${JSON.stringify(item)} ${response.body}`).toBe(code);
      expect(response.json().msg).toMatch(msg);
    }
    expect(await databaseFingerprint(app.db)).toBe(before);

    // From the root, content of the workspaces below is fine.
    const fromRoot = await create(t.call, {
      name: 'All',
      items: [{ content_id: inA1.id }, { content_id: inA2.id }],
    });
    expect(fromRoot.item_count).toBe(2);
  });

  it('needs res:playlist:add', async () => {
    const t = await tenant();
    const { image } = await library(t);
    const without = DEFAULT_ROLE_PERMISSIONS[Role.user].filter((key) => key !== 'res:playlist:add');
    await app.db.insert(rolePermissions).values({ roleId: Role.user, permissions: [...without] });
    await app.matrix.invalidate();
    try {
      const member = await callAs(app, await buildMember(app, t.root, Role.user));
      const refused = await member({
        method: 'POST',
        url: URL,
        payload: { name: 'L', items: [{ content_id: image.id }] },
      });
      expect(refused.json().code).toBe(ResultCode.permission);
      const list = await member({ method: 'GET', url: URL });
      expect(list.json().code).toBe(ResultCode.success);
    } finally {
      await app.db.delete(rolePermissions).where(eq(rolePermissions.roleId, Role.user));
      await app.matrix.invalidate();
    }
  });
});

describe('PUT playlist/:id', () => {
  it('replaces everything, items in the new order', async () => {
    const t = await tenant();
    const lib = await library(t);
    const playlist = await create(t.call, {
      name: 'Lobby',
      items: [{ content_id: lib.image.id }, { content_id: lib.video.id }, { text_id: lib.text.id }],
    });
    const response = await put(t.call, playlist.id, {
      name: 'Lobby 2',
      orientation: 180,
      shuffle: true,
      items: [
        { text_id: lib.text.id, duration: 20 },
        { content_id: lib.music.id },
        { content_id: lib.image.id },
      ],
    });
    const saved = response.json().data as PlaylistDetail;
    expect(saved).toMatchObject({
      id: playlist.id,
      name: 'Lobby 2',
      orientation: 180,
      shuffle: true,
      item_count: 3,
    });
    expect(saved.items.map((item) => [item.kind, item.content_id ?? item.text_id])).toEqual([
      ['text', lib.text.id],
      ['content', lib.music.id],
      ['content', lib.image.id],
    ]);
    expect(saved.duration).toBe(20 + 30 + 10);
    expect(saved.thumbnail).toBe(`/backend/media/${'a'.repeat(64)}`);
    expect(Date.parse(saved.updated_at)).toBeGreaterThanOrEqual(Date.parse(playlist.updated_at));
    const shown = await t.call({ method: 'GET', url: `${URL}/${playlist.id}` });
    expect(shown.json().data).toEqual(saved);

    const before = await databaseFingerprint(app.db);
    const refused = await put(t.call, playlist.id, { name: '', items: [] });
    expect(messagesOf(refused.json())).toEqual([
      'Please input the name',
      'Please select at least one content',
    ]);
    expect(await databaseFingerprint(app.db)).toBe(before);
  });

  it('refuses a playlist inside itself, directly or however deep (409004), and changes nothing', async () => {
    const t = await tenant();
    const { image } = await library(t);
    const c = await create(t.call, { name: 'C', items: [{ content_id: image.id }] });
    const b = await create(t.call, { name: 'B', items: [{ playlist_id: c.id }] });
    const a = await create(t.call, { name: 'A', items: [{ playlist_id: b.id }, { playlist_id: c.id }] });
    expect(a.duration).toBe(20);

    const before = await databaseFingerprint(app.db);
    for (const [target, child] of [
      [a, a],
      [c, a],
      [c, b],
      [b, a],
    ]) {
      const response = await put(t.call, target.id, {
        name: target.name,
        items: [{ content_id: image.id }, { playlist_id: child.id }],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: ResultCode.loop,
        msg: 'A playlist cannot contain itself, directly or through the playlists it contains',
        data: null,
      });
    }
    expect(await databaseFingerprint(app.db)).toBe(before);

    // The same playlist twice, or a shared one, is no loop.
    const twice = await put(t.call, a.id, {
      name: 'A',
      items: [{ playlist_id: c.id }, { playlist_id: c.id }, { playlist_id: b.id }],
    });
    expect(twice.json().data.duration).toBe(30);
  });

  it('answers 404001 to another company and changes nothing', async () => {
    const t = await tenant();
    const { image } = await library(t);
    const playlist = await create(t.call, { name: 'Mine', items: [{ content_id: image.id }] });
    const other = await tenant();
    const theirs = await library(other);
    const before = await databaseFingerprint(app.db);
    for (const request of [
      { method: 'GET' as const, url: `${URL}/${playlist.id}` },
      {
        method: 'PUT' as const,
        url: `${URL}/${playlist.id}`,
        payload: { name: 'X', items: [{ content_id: theirs.image.id }] },
      },
      { method: 'POST' as const, url: `${URL}/${playlist.id}/copy`, payload: {} },
      { method: 'DELETE' as const, url: URL, payload: { ids: [playlist.id], detach: true } },
    ]) {
      const response = await other.call(request);
      expect(response.json(), request.method).toEqual({
        code: ResultCode.notFound,
        msg: expect.any(String),
        data: null,
      });
    }
    // Nor may the owner put the other company's content into their own playlist.
    const stolen = await put(t.call, playlist.id, { name: 'X', items: [{ content_id: theirs.image.id }] });
    expect(stolen.json().code).toBe(ResultCode.notFound);
    expect(await databaseFingerprint(app.db)).toBe(before);
  });
});

describe('GET playlist', () => {
  it('lists the playlists in scope, timed and counted, with keyword, orientation, sorts and pages', async () => {
    const t = await tenant();
    const lib = await library(t);
    const short = await create(t.call, {
      name: 'Short morning',
      items: [{ content_id: lib.image.id, duration: 2 }],
    });
    const long = await create(t.call, {
      name: 'Long evening',
      orientation: 90,
      items: [{ content_id: lib.music.id }, { content_id: lib.video.id }],
    });
    const nested = await create(t.call, {
      name: 'Nested MORNING',
      items: [{ text_id: lib.text.id }, { playlist_id: long.id }],
    });
    const list = async (query: Record<string, string>) => {
      const response = await t.call({ method: 'GET', url: URL, query });
      expect(response.json().code, response.body).toBe(ResultCode.success);
      const data = response.json().data;
      return { ids: data.list.map((item: { id: number }) => item.id), total: data.total };
    };
    expect(await list({})).toEqual({ ids: [nested.id, long.id, short.id], total: 3 });
    const rows = (await t.call({ method: 'GET', url: URL })).json().data.list;
    expect(
      rows.map((row: { item_count: number; duration: number }) => [row.item_count, row.duration]),
    ).toEqual([
      [2, 10 + 42.5],
      [2, 42.5],
      [1, 2],
    ]);
    expect(rows[2]).toMatchObject({
      thumbnail: `/backend/media/${'a'.repeat(64)}`,
      orientation: 0,
      width: 1920,
    });
    expect(rows[0].thumbnail).toBeNull(); // a text and a nested playlist: no picture of its own
    expect(await list({ keyword: 'morning', sort: 'name,asc' })).toEqual({
      ids: [nested.id, short.id],
      total: 2,
    });
    expect(await list({ orientation: '90' })).toEqual({ ids: [long.id], total: 1 });
    expect(await list({ sort: 'duration,asc' })).toEqual({ ids: [short.id, long.id, nested.id], total: 3 });
    expect(await list({ sort: 'duration,desc', page: '2', page_size: '2' })).toEqual({
      ids: [short.id],
      total: 3,
    });
    expect(await list({ sort: 'duration,desc', keyword: 'evening' })).toEqual({ ids: [long.id], total: 1 });
    const refused = await t.call({ method: 'GET', url: URL, query: { sort: 'item_count,asc' } });
    expect(refused.json().code).toBe(ResultCode.validation);

    const other = await tenant();
    expect((await other.call({ method: 'GET', url: URL })).json().data).toEqual({ list: [], total: 0 });
  });

  it('shows a member only the playlists of their workspace’s subtree', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const a2 = await buildWorkspace(app, t.company.id, t.root.id);
    const inA1 = await create(
      t.call,
      { name: 'A1', items: [{ text_id: (await buildText(app, a1)).id }] },
      { 'workspace-id': String(a1.id) },
    );
    const inA2 = await create(
      t.call,
      { name: 'A2', items: [{ text_id: (await buildText(app, a2)).id }] },
      { 'workspace-id': String(a2.id) },
    );
    const member = await callAs(app, await buildMember(app, a1, Role.user));
    const list = await member({ method: 'GET', url: URL });
    expect(list.json().data.list.map((item: { id: number }) => item.id)).toEqual([inA1.id]);
    expect((await member({ method: 'GET', url: `${URL}/${inA2.id}` })).json().code).toBe(ResultCode.notFound);
    // Nor nest it: a sibling's playlist is out of their scope.
    const nest = await member({
      method: 'PUT',
      url: `${URL}/${inA1.id}`,
      payload: { name: 'A1', items: [{ playlist_id: inA2.id }] },
    });
    expect(nest.json().code).toBe(ResultCode.notFound);
  });
});

describe('POST playlist/:id/copy', () => {
  it('copies the playlist and its items in order, named in the caller’s language or as told', async () => {
    const t = await tenant();
    const lib = await library(t);
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const original = await create(
      t.call,
      {
        name: 'Lobby',
        orientation: 270,
        width: 1080,
        height: 1920,
        shuffle: true,
        items: [{ text_id: (await buildText(app, a1)).id, duration: 7 }],
      },
      { 'workspace-id': String(a1.id) },
    );
    const full = await create(t.call, {
      name: 'Full',
      items: [
        { content_id: lib.video.id, muted: false },
        { playlist_id: original.id },
        { content_id: lib.image.id, fit: 'fill', transition: 'zoom' },
      ],
    });
    const copy = (id: number, payload?: object, headers: Record<string, string> = {}) =>
      t.call({ method: 'POST', url: `${URL}/${id}/copy`, payload, headers });

    const answer = await copy(full.id);
    expect(answer.json().code, answer.body).toBe(ResultCode.success);
    const copied = answer.json().data as PlaylistDetail;
    expect(copied.id).not.toBe(full.id);
    expect(copied.name).toBe('Full (copy)');
    const strip = (detail: PlaylistDetail) => detail.items.map(({ id: _id, ...item }) => item);
    expect(strip(copied)).toEqual(strip(full));
    expect(copied.duration).toBe(full.duration);

    const german = (await copy(original.id, undefined, { 'accept-language': 'de' })).json().data;
    expect(german).toMatchObject({
      name: 'Lobby (Kopie)',
      orientation: 270,
      width: 1080,
      height: 1920,
      shuffle: true,
      workspace_id: a1.id,
      duration: 7,
    });
    const named = (await copy(original.id, { name: ' Lobby 2 ' })).json().data;
    expect(named.name).toBe('Lobby 2');

    const long = await create(t.call, { name: 'x'.repeat(64), items: [{ content_id: lib.image.id }] });
    const shortened = (await copy(long.id)).json().data;
    expect(shortened.name).toBe(`${'x'.repeat(57)} (copy)`);

    const refused = await copy(full.id, { name: 'y'.repeat(65) });
    expect(refused.json().code).toBe(ResultCode.validation);
  });
});

describe('DELETE playlist', () => {
  it('deletes playlists nobody uses, all or none; ones nested elsewhere only when detached', async () => {
    const t = await tenant();
    const lib = await library(t);
    const child = await create(t.call, { name: 'Child', items: [{ content_id: lib.image.id }] });
    const parent = await create(t.call, {
      name: 'Parent',
      items: [
        { content_id: lib.video.id },
        { playlist_id: child.id },
        { text_id: lib.text.id },
        { playlist_id: child.id },
      ],
    });
    const lonely = await create(t.call, { name: 'Lonely', items: [{ content_id: lib.image.id }] });
    const other = await tenant();
    const foreign = await create(other.call, {
      name: 'Foreign',
      items: [{ content_id: (await library(other)).image.id }],
    });

    const before = await databaseFingerprint(app.db);
    const mixed = await t.call({ method: 'DELETE', url: URL, payload: { ids: [lonely.id, foreign.id] } });
    expect(mixed.json().code).toBe(ResultCode.notFound);
    const inUse = await t.call({ method: 'DELETE', url: URL, payload: { ids: [lonely.id, child.id] } });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({
      code: ResultCode.inUse,
      msg: 'This playlist is in use. Remove it from the playlists, compositions and screens that use it first.',
      data: { uses: [{ kind: 'playlist', id: parent.id, name: 'Parent' }] },
    });
    expect(await databaseFingerprint(app.db)).toBe(before);

    const detached = await t.call({
      method: 'DELETE',
      url: URL,
      payload: { ids: [child.id, lonely.id], detach: true },
    });
    expect(detached.json()).toMatchObject({ code: ResultCode.success, data: null });
    const left = (await t.call({ method: 'GET', url: `${URL}/${parent.id}` })).json().data as PlaylistDetail;
    expect(left.items.map((item) => item.content_id ?? item.text_id)).toEqual([lib.video.id, lib.text.id]);
    expect(left.duration).toBe(12.5 + 10);
    const list = (await t.call({ method: 'GET', url: URL })).json().data;
    expect(list.list.map((row: { id: number }) => row.id)).toEqual([parent.id]);
  });

  it('deletes a playlist together with the ones nesting it without asking to detach', async () => {
    const t = await tenant();
    const { image } = await library(t);
    const child = await create(t.call, { name: 'Child', items: [{ content_id: image.id }] });
    const parent = await create(t.call, { name: 'Parent', items: [{ playlist_id: child.id }] });
    const both = await t.call({ method: 'DELETE', url: URL, payload: { ids: [child.id, parent.id] } });
    expect(both.json().code, both.body).toBe(ResultCode.success);
    expect((await t.call({ method: 'GET', url: URL })).json().data.total).toBe(0);
  });

  it('keeps a workspace holding playlists from being deleted', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const text = await buildText(app, a1);
    const playlist = await create(
      t.call,
      { name: 'Kept', items: [{ text_id: text.id }] },
      { 'workspace-id': String(a1.id) },
    );
    await t.call({
      method: 'DELETE',
      url: '/backend/manager/text',
      payload: { ids: [text.id], detach: true },
    });
    const refused = await t.call({ method: 'DELETE', url: `/backend/manager/account/workspace/${a1.id}` });
    expect(refused.json()).toMatchObject({ code: ResultCode.inUse, data: { blockers: ['content'] } });
    await t.call({ method: 'DELETE', url: URL, payload: { ids: [playlist.id] } });
    const deleted = await t.call({ method: 'DELETE', url: `/backend/manager/account/workspace/${a1.id}` });
    expect(deleted.json().code, deleted.body).toBe(ResultCode.success);
  });
});

describe('content and texts in playlists', () => {
  it('refuses to delete content a playlist holds, or removes it from the playlist when told', async () => {
    const t = await tenant();
    const lib = await library(t);
    const playlist = await create(t.call, {
      name: 'Lobby',
      items: [{ content_id: lib.image.id }, { content_id: lib.video.id }, { content_id: lib.image.id }],
    });
    const before = await databaseFingerprint(app.db);
    const refused = await t.call({
      method: 'DELETE',
      url: '/backend/manager/resource',
      payload: { ids: [lib.image.id] },
    });
    expect(refused.json()).toMatchObject({
      code: ResultCode.inUse,
      data: { uses: [{ kind: 'playlist', id: playlist.id, name: 'Lobby' }] },
    });
    const uses = await t.call({ method: 'GET', url: `/backend/manager/resource/${lib.image.id}/uses` });
    expect(uses.json().data).toEqual({
      id: lib.image.id,
      uses: [{ kind: 'playlist', id: playlist.id, name: 'Lobby' }],
    });
    expect(await databaseFingerprint(app.db)).toBe(before);

    const detached = await t.call({
      method: 'DELETE',
      url: '/backend/manager/resource',
      payload: { ids: [lib.image.id], detach: true },
    });
    expect(detached.json().code, detached.body).toBe(ResultCode.success);
    const left = (await t.call({ method: 'GET', url: `${URL}/${playlist.id}` })).json()
      .data as PlaylistDetail;
    expect(left.items.map((item) => item.content_id)).toEqual([lib.video.id]);
    expect(Date.parse(left.updated_at)).toBeGreaterThanOrEqual(Date.parse(playlist.updated_at));
    // Content in the recycle bin cannot come back into a playlist.
    const again = await put(t.call, playlist.id, { name: 'Lobby', items: [{ content_id: lib.image.id }] });
    expect(again.json().code).toBe(ResultCode.notFound);
  });

  it('refuses to delete a text a playlist holds, or removes it from the playlist when told', async () => {
    const t = await tenant();
    const lib = await library(t);
    const playlist = await create(t.call, {
      name: 'Lobby',
      items: [{ text_id: lib.text.id }, { content_id: lib.image.id }],
    });
    const before = await databaseFingerprint(app.db);
    const refused = await t.call({
      method: 'DELETE',
      url: '/backend/manager/text',
      payload: { ids: [lib.text.id] },
    });
    expect(refused.json()).toEqual({
      code: ResultCode.inUse,
      msg: 'This text message is in use. Remove it from the playlists and compositions that use it first.',
      data: { uses: [{ kind: 'playlist', id: playlist.id, name: 'Lobby' }] },
    });
    expect(await databaseFingerprint(app.db)).toBe(before);
    const detached = await t.call({
      method: 'DELETE',
      url: '/backend/manager/text',
      payload: { ids: [lib.text.id], detach: true },
    });
    expect(detached.json().code, detached.body).toBe(ResultCode.success);
    const left = (await t.call({ method: 'GET', url: `${URL}/${playlist.id}` })).json()
      .data as PlaylistDetail;
    expect(left.items.map((item) => item.kind)).toEqual(['content']);
  });
});

describe('screens showing a playlist', () => {
  afterEach(closePlayers);

  /** A screen playing this playlist by default and one playing another, both connected. */
  async function screens(t: Tenant, id: number) {
    const shown = await buildDevice(app, t.root);
    const elsewhere = await buildDevice(app, t.root);
    const other = await create(t.call, { name: 'Other', items: [{ text_id: (await library(t)).text.id }] });
    await showByDefault(app, shown.row.id, { kind: 'playlist', id });
    await showByDefault(app, elsewhere.row.id, { kind: 'playlist', id: other.id });
    return {
      heard: await connectPlayer(app, shown.token),
      unconcerned: await connectPlayer(app, elsewhere.token),
    };
  }

  it('hear "manifest" when it is saved', async () => {
    const t = await tenant();
    const lib = await library(t);
    const playlist = await create(t.call, { name: 'Lobby', items: [{ content_id: lib.image.id }] });
    const { heard, unconcerned } = await screens(t, playlist.id);
    const saved = await put(t.call, playlist.id, { name: 'Lobby', items: [{ content_id: lib.video.id }] });
    expect(saved.json().code, saved.body).toBe(ResultCode.success);
    await settled(heard);
    expect(heard).toEqual([{ type: 'manifest' }]);
    expect(unconcerned).toEqual([]);
  });

  it('hear "manifest" when a playlist, content or text is taken out of it', async () => {
    const t = await tenant();
    const lib = await library(t);
    const child = await create(t.call, { name: 'Child', items: [{ content_id: lib.music.id }] });
    const parent = await create(t.call, {
      name: 'Parent',
      items: [{ playlist_id: child.id }, { content_id: lib.image.id }, { text_id: lib.text.id }],
    });
    const { heard, unconcerned } = await screens(t, parent.id);
    const removals = [
      { url: URL, ids: [child.id] },
      { url: '/backend/manager/resource', ids: [lib.image.id] },
      { url: '/backend/manager/text', ids: [lib.text.id] },
    ];
    for (const { url, ids } of removals) {
      const response = await t.call({ method: 'DELETE', url, payload: { ids, detach: true } });
      expect(response.json().code, response.body).toBe(ResultCode.success);
      await settled(heard);
      expect(heard, url).toEqual([{ type: 'manifest' }]);
      heard.length = 0;
    }
    expect(unconcerned).toEqual([]);
  });
});
