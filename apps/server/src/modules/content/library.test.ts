import fs from 'node:fs';
import { ContentType, DEFAULT_ROLE_PERMISSIONS, ResultCode, Role } from '@vitrine/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contentFolders, contents, rolePermissions, users, workspaces } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildComposition, buildPlaylist } from '../../test/composition-factories';
import { buildContent, buildMediaFile } from '../../test/content-factories';
import { buildDevice } from '../../test/device-factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { closePlayers, connectPlayer, settled, showByDefault } from '../../test/player-sockets';
import { addItems, addZones } from '../../test/program-factories';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';
import { BIN_DAYS, purgeExpiredBin } from './library';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
  app.uses.content.register('playlist', fakePlaylistUses);
});

// Items that "a playlist" uses, as a relation would register itself: finder and detach.
const usedBy = new Map<number, { id: number; name: string }>();
const detached: number[] = [];
const fakePlaylistUses = {
  find: async (_tx: unknown, ids: readonly number[]) =>
    ids.flatMap((id) => (usedBy.has(id) ? [usedBy.get(id) as { id: number; name: string }] : [])),
  detach: async (_tx: unknown, ids: readonly number[]) => {
    for (const id of ids) {
      if (usedBy.delete(id)) detached.push(id);
    }
  },
};

const URL = '/backend/manager/resource';
const DAY_MS = 86_400_000;
const rowOf = async (id: number) => (await app.db.select().from(contents).where(eq(contents.id, id)))[0];

async function tenant() {
  const t = await buildTenant(app);
  return { ...t, asOwner: await callAs(app, t.owner) };
}

describe('GET resource (list)', () => {
  it('lists one type of the caller’s items, newest first, with the uploader’s name and the total', async () => {
    const t = await tenant();
    await app.db.update(users).set({ nickname: 'Nick' }).where(eq(users.id, t.owner.id));
    const older = await buildContent(app, t.root, {
      name: 'Older.png',
      uploaderId: t.owner.id,
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await buildContent(app, t.root, { name: 'Newer.png', size: 10 });
    await buildContent(app, t.root, { type: ContentType.video, name: 'Clip.mp4' });
    await buildContent(app, t.root, { name: 'Binned.png', deletedAt: new Date() });
    const other = await tenant();
    await buildContent(app, other.root, { name: 'Foreign.png' });

    const response = await t.asOwner({ method: 'GET', url: URL, query: { type: '1' } });
    expect(response.statusCode).toBe(200);
    const { list, total } = response.json().data;
    expect(total).toBe(2);
    expect(list.map((item: { id: number }) => item.id)).toEqual([newer.id, older.id]);
    expect(list[1]).toMatchObject({
      name: 'Older.png',
      type: ContentType.image,
      folder_id: older.folderId,
      uploader_id: t.owner.id,
      uploader_name: 'Nick',
      state: 'ready',
      deleted_at: null,
    });
    expect(list[0].uploader_name).toBeNull();
  });

  it('filters by folder, uploader, recent days and keyword (with % and _ taken literally), sorts and pages', async () => {
    const t = await tenant();
    const [folder] = await app.db
      .insert(contentFolders)
      .values({ companyId: t.company.id, workspaceId: t.root.id, name: 'Ads' })
      .returning();
    const a = await buildContent(app, t.root, { name: 'a_100%.png', folderId: folder.id, size: 3 });
    const b = await buildContent(app, t.root, { name: 'ab100x.png', uploaderId: t.owner.id, size: 1 });
    const c = await buildContent(app, t.root, {
      name: 'old.png',
      size: 2,
      createdAt: new Date(Date.now() - 10 * DAY_MS),
    });
    const ids = async (query: Record<string, string>) => {
      const response = await t.asOwner({ method: 'GET', url: URL, query: { type: '1', ...query } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.list.map((item: { id: number }) => item.id);
    };
    expect(await ids({ folder_id: String(folder.id) })).toEqual([a.id]);
    expect(await ids({ uploader_id: String(t.owner.id) })).toEqual([b.id]);
    expect((await ids({ days: '7' })).sort()).toEqual([a.id, b.id].sort());
    expect(await ids({ keyword: '_100%' })).toEqual([a.id]);
    expect(await ids({ keyword: 'A' })).toHaveLength(2);
    expect(await ids({ sort: 'size,asc' })).toEqual([b.id, c.id, a.id]);
    expect(await ids({ sort: 'name,desc', page: '2', page_size: '1' })).toEqual([b.id]);
  });

  it('shows the recycle bin with deleted=1', async () => {
    const t = await tenant();
    await buildContent(app, t.root);
    const binned = await buildContent(app, t.root, { deletedAt: new Date() });
    const response = await t.asOwner({ method: 'GET', url: URL, query: { type: '1', deleted: '1' } });
    expect(response.json().data).toMatchObject({ total: 1, list: [{ id: binned.id }] });
    expect(response.json().data.list[0].deleted_at).not.toBeNull();
  });

  it('refuses a type that is not a library type, a sort column that is not listed, and other days', async () => {
    const t = await tenant();
    const queries: Record<string, string>[] = [
      { type: '4' },
      { type: '1', sort: 'hash,asc' },
      { type: '1', days: '3' },
      {},
    ];
    for (const query of queries) {
      const response = await t.asOwner({ method: 'GET', url: URL, query });
      expect(response.json().code, JSON.stringify(query)).toBe(ResultCode.validation);
    }
  });

  it('shows a member only the content of their workspaces', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const a2 = await buildWorkspace(app, t.company.id, t.root.id);
    const mine = await buildContent(app, a1);
    await buildContent(app, a2);
    await buildContent(app, t.root);
    const member = await callAs(app, await buildMember(app, a1, Role.userAdmin));
    const response = await member({ method: 'GET', url: URL, query: { type: '1' } });
    expect(response.json().data).toMatchObject({ total: 1, list: [{ id: mine.id }] });
    const owner = await t.asOwner({ method: 'GET', url: URL, query: { type: '1' } });
    expect(owner.json().data.total).toBe(3);
  });
});

describe('GET resource/:id and its uses', () => {
  it('answers the item, and what uses it', async () => {
    const t = await tenant();
    const item = await buildContent(app, t.root, { hash: 'a'.repeat(64), thumbnailHash: 'b'.repeat(64) });
    const response = await t.asOwner({ method: 'GET', url: `${URL}/${item.id}` });
    expect(response.json().data).toMatchObject({
      id: item.id,
      url: `/backend/media/${'a'.repeat(64)}`,
      thumbnail: `/backend/media/${'b'.repeat(64)}`,
    });
    const unused = await t.asOwner({ method: 'GET', url: `${URL}/${item.id}/uses` });
    expect(unused.json().data).toEqual({ id: item.id, uses: [] });
    usedBy.set(item.id, { id: 7, name: 'Morning loop' });
    const used = await t.asOwner({ method: 'GET', url: `${URL}/${item.id}/uses` });
    expect(used.json().data).toEqual({
      id: item.id,
      uses: [{ kind: 'playlist', id: 7, name: 'Morning loop' }],
    });
    usedBy.delete(item.id);
  });
});

describe('GET resource/:id/file', () => {
  it('downloads the original file under the item’s name', async () => {
    const t = await tenant();
    const stored = await buildMediaFile(app);
    const item = await buildContent(app, t.root, {
      name: 'Café "menu" (1).png',
      hash: stored.hash,
      size: stored.size,
      mime: 'image/png',
    });
    const response = await t.asOwner({ method: 'GET', url: `${URL}/${item.id}/file` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(await fs.promises.readFile(stored.file))).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(stored.size),
      'content-disposition': `attachment; filename="Caf_ _menu_ (1).png"; filename*=UTF-8''Caf%C3%A9%20%22menu%22%20%281%29.png`,
    });
  });

  it('answers 404001 for a website, which has no file, and for a file that is gone', async () => {
    const t = await tenant();
    const website = await buildContent(app, t.root, {
      type: ContentType.website,
      link: 'https://example.com/',
    });
    const gone = await buildContent(app, t.root, { hash: 'c'.repeat(64) });
    for (const id of [website.id, gone.id]) {
      const response = await t.asOwner({ method: 'GET', url: `${URL}/${id}/file` });
      expect(response.json().code).toBe(ResultCode.notFound);
    }
  });
});

describe('PATCH resource/:id (rename)', () => {
  it('renames the item and bumps updated_at', async () => {
    const t = await tenant();
    const item = await buildContent(app, t.root, { updatedAt: new Date(Date.now() - 60_000) });
    const response = await t.asOwner({
      method: 'PATCH',
      url: `${URL}/${item.id}`,
      payload: { name: ' Lobby ' },
    });
    expect(response.json().data).toMatchObject({ id: item.id, name: 'Lobby' });
    expect((await rowOf(item.id)).updatedAt.getTime()).toBeGreaterThan(item.updatedAt.getTime());
  });

  it('refuses an item in use with 409001 and changes nothing', async () => {
    const t = await tenant();
    const item = await buildContent(app, t.root, { name: 'Kept.png' });
    usedBy.set(item.id, { id: 8, name: 'Evening loop' });
    const response = await t.asOwner({ method: 'PATCH', url: `${URL}/${item.id}`, payload: { name: 'New' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: ResultCode.inUse,
      msg: 'This content is in use. Remove it from the schedules, playlists and video walls that use it first.',
      data: { uses: [{ kind: 'playlist', id: 8, name: 'Evening loop' }] },
    });
    expect((await rowOf(item.id)).name).toBe('Kept.png');
    usedBy.delete(item.id);
  });

  it('does not rename an item in the recycle bin (404001)', async () => {
    const t = await tenant();
    const item = await buildContent(app, t.root, { deletedAt: new Date() });
    const response = await t.asOwner({ method: 'PATCH', url: `${URL}/${item.id}`, payload: { name: 'New' } });
    expect(response.json().code).toBe(ResultCode.notFound);
  });
});

describe('POST resource/move', () => {
  it('moves items into a folder of their workspace', async () => {
    const t = await tenant();
    const [folder] = await app.db
      .insert(contentFolders)
      .values({ companyId: t.company.id, workspaceId: t.root.id, name: 'Ads' })
      .returning();
    const a = await buildContent(app, t.root);
    const b = await buildContent(app, t.root, { type: ContentType.video });
    const response = await t.asOwner({
      method: 'POST',
      url: `${URL}/move`,
      payload: { ids: [a.id, b.id], folder_id: folder.id },
    });
    expect(response.json().code, response.body).toBe(ResultCode.success);
    expect((await rowOf(a.id)).folderId).toBe(folder.id);
    expect((await rowOf(b.id)).folderId).toBe(folder.id);
  });

  it('refuses a folder of another workspace (400001) and another company’s folder (404001)', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const item = await buildContent(app, t.root);
    const [elsewhere] = await app.db
      .insert(contentFolders)
      .values({ companyId: t.company.id, workspaceId: a1.id, name: 'Elsewhere' })
      .returning();
    const other = await tenant();
    const [foreign] = await app.db
      .insert(contentFolders)
      .values({ companyId: other.company.id, workspaceId: other.root.id, name: 'Foreign' })
      .returning();
    const before = await databaseFingerprint(app.db);
    const cross = await t.asOwner({
      method: 'POST',
      url: `${URL}/move`,
      payload: { ids: [item.id], folder_id: elsewhere.id },
    });
    expect(cross.json()).toMatchObject({
      code: ResultCode.validation,
      msg: 'Content can only be moved to a folder of its own workspace',
    });
    const away = await t.asOwner({
      method: 'POST',
      url: `${URL}/move`,
      payload: { ids: [item.id], folder_id: foreign.id },
    });
    expect(away.json().code).toBe(ResultCode.notFound);
    expect(await databaseFingerprint(app.db)).toBe(before);
  });
});

describe('DELETE resource (to the recycle bin)', () => {
  it('moves items to the bin', async () => {
    const t = await tenant();
    const a = await buildContent(app, t.root);
    const response = await t.asOwner({ method: 'DELETE', url: URL, payload: { ids: [a.id] } });
    expect(response.json().code).toBe(ResultCode.success);
    expect((await rowOf(a.id)).deletedAt).not.toBeNull();
  });

  it('refuses items in use (409001, nothing changes), or detaches them first when asked', async () => {
    const t = await tenant();
    const free = await buildContent(app, t.root);
    const used = await buildContent(app, t.root);
    usedBy.set(used.id, { id: 9, name: 'Lobby loop' });
    const before = await databaseFingerprint(app.db);
    const refused = await t.asOwner({ method: 'DELETE', url: URL, payload: { ids: [free.id, used.id] } });
    expect(refused.json()).toMatchObject({ code: ResultCode.inUse, data: { uses: [{ id: 9 }] } });
    expect(await databaseFingerprint(app.db)).toBe(before);
    expect(usedBy.has(used.id)).toBe(true);

    const response = await t.asOwner({
      method: 'DELETE',
      url: URL,
      payload: { ids: [free.id, used.id], detach: true },
    });
    expect(response.json().code).toBe(ResultCode.success);
    expect(detached).toContain(used.id);
    expect(usedBy.has(used.id)).toBe(false);
    expect((await rowOf(free.id)).deletedAt).not.toBeNull();
    expect((await rowOf(used.id)).deletedAt).not.toBeNull();
  });

  it('refuses the whole batch when one id is another company’s, detaching nothing', async () => {
    const t = await tenant();
    const item = await buildContent(app, t.root);
    const other = await tenant();
    const foreign = await buildContent(app, other.root);
    usedBy.set(item.id, { id: 10, name: 'Kept loop' });
    const response = await t.asOwner({
      method: 'DELETE',
      url: URL,
      payload: { ids: [item.id, foreign.id], detach: true },
    });
    expect(response.json().code).toBe(ResultCode.notFound);
    expect((await rowOf(item.id)).deletedAt).toBeNull();
    expect(usedBy.has(item.id)).toBe(true);
    usedBy.delete(item.id);
  });
});

describe('POST resource/restore', () => {
  it('brings items back from the bin into their folder', async () => {
    const t = await tenant();
    const item = await buildContent(app, t.root, { deletedAt: new Date() });
    const response = await t.asOwner({ method: 'POST', url: `${URL}/restore`, payload: { ids: [item.id] } });
    expect(response.json().code).toBe(ResultCode.success);
    expect(await rowOf(item.id)).toMatchObject({ deletedAt: null, folderId: item.folderId });
  });

  it('only restores items that are in the bin (404001)', async () => {
    const t = await tenant();
    const item = await buildContent(app, t.root);
    const response = await t.asOwner({ method: 'POST', url: `${URL}/restore`, payload: { ids: [item.id] } });
    expect(response.json().code).toBe(ResultCode.notFound);
  });
});

describe('DELETE resource/purge', () => {
  it('deletes binned rows and the files no other row refers to', async () => {
    const t = await tenant();
    const shared = await buildMediaFile(app);
    const own = await buildMediaFile(app);
    const thumb = await buildMediaFile(app);
    const binned = await buildContent(app, t.root, {
      hash: own.hash,
      thumbnailHash: thumb.hash,
      deletedAt: new Date(),
    });
    const binnedShared = await buildContent(app, t.root, { hash: shared.hash, deletedAt: new Date() });
    // Another company holds the same bytes: that file stays.
    const other = await tenant();
    await buildContent(app, other.root, { hash: shared.hash });

    const response = await t.asOwner({
      method: 'DELETE',
      url: `${URL}/purge`,
      payload: { ids: [binned.id, binnedShared.id] },
    });
    expect(response.json().code).toBe(ResultCode.success);
    expect(await rowOf(binned.id)).toBeUndefined();
    expect(await rowOf(binnedShared.id)).toBeUndefined();
    expect(fs.existsSync(own.file)).toBe(false);
    expect(fs.existsSync(thumb.file)).toBe(false);
    expect(fs.existsSync(shared.file)).toBe(true);
  });

  it('only purges items in the bin (404001, nothing removed)', async () => {
    const t = await tenant();
    const file = await buildMediaFile(app);
    const item = await buildContent(app, t.root, { hash: file.hash });
    const response = await t.asOwner({ method: 'DELETE', url: `${URL}/purge`, payload: { ids: [item.id] } });
    expect(response.json().code).toBe(ResultCode.notFound);
    expect(await rowOf(item.id)).toBeDefined();
    expect(fs.existsSync(file.file)).toBe(true);
  });
});

describe('the recycle bin sweep', () => {
  it(`purges what has been in the bin for more than ${BIN_DAYS} days, with its files`, async () => {
    const t = await tenant();
    const file = await buildMediaFile(app);
    const kept = await buildMediaFile(app);
    const expired = await buildContent(app, t.root, {
      hash: file.hash,
      deletedAt: new Date(Date.now() - (BIN_DAYS + 1) * DAY_MS),
    });
    const recent = await buildContent(app, t.root, {
      hash: kept.hash,
      deletedAt: new Date(Date.now() - (BIN_DAYS - 1) * DAY_MS),
    });
    const live = await buildContent(app, t.root, { createdAt: new Date(Date.now() - 90 * DAY_MS) });
    expect(await purgeExpiredBin(app)).toBeGreaterThanOrEqual(1);
    expect(await rowOf(expired.id)).toBeUndefined();
    expect(fs.existsSync(file.file)).toBe(false);
    expect(await rowOf(recent.id)).toBeDefined();
    expect(fs.existsSync(kept.file)).toBe(true);
    expect(await rowOf(live.id)).toBeDefined();
    expect(await purgeExpiredBin(app)).toBe(0);
  });
});

describe('scope and permissions', () => {
  it('answers 404001 for another company’s item on every call, and changes nothing', async () => {
    const t = await tenant();
    const other = await tenant();
    const live = await buildContent(app, other.root);
    const binned = await buildContent(app, other.root, { deletedAt: new Date() });
    const folder = await buildContent(app, t.root); // makes t's default folder
    const calls = [
      { method: 'GET', url: `${URL}/${live.id}` },
      { method: 'GET', url: `${URL}/${live.id}/uses` },
      { method: 'GET', url: `${URL}/${live.id}/file` },
      { method: 'PATCH', url: `${URL}/${live.id}`, payload: { name: 'Mine' } },
      { method: 'POST', url: `${URL}/move`, payload: { ids: [live.id], folder_id: folder.folderId } },
      { method: 'DELETE', url: URL, payload: { ids: [live.id], detach: true } },
      { method: 'POST', url: `${URL}/restore`, payload: { ids: [binned.id] } },
      { method: 'DELETE', url: `${URL}/purge`, payload: { ids: [binned.id] } },
    ] as const;
    for (const call of calls) {
      const before = await databaseFingerprint(app.db);
      const response = await t.asOwner(call);
      expect(response.json(), `${call.method} ${call.url}`).toEqual({
        code: ResultCode.notFound,
        msg: 'The requested item could not be found.',
        data: null,
      });
      expect(await databaseFingerprint(app.db)).toBe(before);
    }
  });

  it('answers 404001 to a member for the content of a sibling workspace', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const a2 = await buildWorkspace(app, t.company.id, t.root.id);
    const item = await buildContent(app, a2);
    const member = await callAs(app, await buildMember(app, a1, Role.user));
    const response = await member({ method: 'GET', url: `${URL}/${item.id}` });
    expect(response.json().code).toBe(ResultCode.notFound);
  });

  it('refuses the types whose list permission the caller lacks (403001)', async () => {
    const t = await tenant();
    const video = await buildContent(app, t.root, { type: ContentType.video });
    const image = await buildContent(app, t.root);
    const withoutVideo = DEFAULT_ROLE_PERMISSIONS[Role.user].filter((key) => key !== 'res:video:list');
    await app.db.insert(rolePermissions).values({ roleId: Role.user, permissions: [...withoutVideo] });
    await app.matrix.invalidate();
    const member = await callAs(app, await buildMember(app, t.root, Role.user));
    const list = await member({ method: 'GET', url: URL, query: { type: String(ContentType.video) } });
    expect(list.json().code).toBe(ResultCode.permission);
    const one = await member({ method: 'GET', url: `${URL}/${video.id}` });
    expect(one.json().code).toBe(ResultCode.permission);
    const both = await member({ method: 'DELETE', url: URL, payload: { ids: [image.id, video.id] } });
    expect(both.json().code).toBe(ResultCode.permission);
    expect((await rowOf(image.id)).deletedAt).toBeNull();
    const images = await member({ method: 'GET', url: URL, query: { type: String(ContentType.image) } });
    expect(images.json().code).toBe(ResultCode.success);
    await app.db.delete(rolePermissions).where(eq(rolePermissions.roleId, Role.user));
    await app.matrix.invalidate();
  });

  it('keeps a workspace with content from being deleted; its empty folders go with it', async () => {
    const t = await tenant();
    const full = await buildWorkspace(app, t.company.id, t.root.id);
    const empty = await buildWorkspace(app, t.company.id, t.root.id);
    await buildContent(app, full, { deletedAt: new Date() });
    await app.db
      .insert(contentFolders)
      .values({ companyId: t.company.id, workspaceId: empty.id, name: 'Ads' });
    const refused = await t.asOwner({
      method: 'DELETE',
      url: `/backend/manager/account/workspace/${full.id}`,
    });
    expect(refused.json()).toMatchObject({ code: ResultCode.inUse, data: { blockers: ['content'] } });
    const deleted = await t.asOwner({
      method: 'DELETE',
      url: `/backend/manager/account/workspace/${empty.id}`,
    });
    expect(deleted.json().code, deleted.body).toBe(ResultCode.success);
    expect(await app.db.select().from(workspaces).where(eq(workspaces.id, empty.id))).toEqual([]);
    expect(
      await app.db
        .select()
        .from(contentFolders)
        .where(inArray(contentFolders.workspaceId, [empty.id])),
    ).toEqual([]);
  });
});

describe('screens showing content', () => {
  afterEach(closePlayers);

  /** A screen whose default composition shows this content in a zone, and one showing other content. */
  async function screens(t: Awaited<ReturnType<typeof tenant>>, contentId: number, other: number) {
    const [shown, elsewhere] = [await buildDevice(app, t.root), await buildDevice(app, t.root)];
    for (const [device, id] of [
      [shown, contentId],
      [elsewhere, other],
    ] as const) {
      const composition = await buildComposition(app, t.root);
      await addZones(app, composition.id, [
        { kind: 'media', contentId: id, x: 0, y: 0, width: 960, height: 540 },
      ]);
      await showByDefault(app, device.row.id, { kind: 'composition', id: composition.id });
    }
    return {
      heard: await connectPlayer(app, shown.token),
      unconcerned: await connectPlayer(app, elsewhere.token),
    };
  }

  it('hear "manifest" when it goes to the recycle bin, taken out of their programs', async () => {
    const t = await tenant();
    const [item, other] = [await buildContent(app, t.root), await buildContent(app, t.root)];
    const { heard, unconcerned } = await screens(t, item.id, other.id);
    const response = await t.asOwner({
      method: 'DELETE',
      url: URL,
      payload: { ids: [item.id], detach: true },
    });
    expect(response.json().code, response.body).toBe(ResultCode.success);
    await settled(heard);
    expect(heard).toEqual([{ type: 'manifest' }]);
    expect(unconcerned).toEqual([]);
  });

  it('hear "manifest" when content a program still holds comes back from the bin', async () => {
    const t = await tenant();
    const [item, other] = [
      await buildContent(app, t.root, { deletedAt: new Date() }),
      await buildContent(app, t.root, { deletedAt: new Date() }),
    ];
    const playlist = await buildPlaylist(app, t.root);
    await addItems(app, playlist.id, [{ contentId: item.id }]);
    const [shown, elsewhere] = [await buildDevice(app, t.root), await buildDevice(app, t.root)];
    await showByDefault(app, shown.row.id, { kind: 'playlist', id: playlist.id });
    const heard = await connectPlayer(app, shown.token);
    const unconcerned = await connectPlayer(app, elsewhere.token);
    const response = await t.asOwner({
      method: 'POST',
      url: `${URL}/restore`,
      payload: { ids: [item.id, other.id] },
    });
    expect(response.json().code, response.body).toBe(ResultCode.success);
    await settled(heard);
    expect(heard).toEqual([{ type: 'manifest' }]);
    expect(unconcerned).toEqual([]);
  });
});
