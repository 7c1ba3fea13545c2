import { ContentType, DEFAULT_ROLE_PERMISSIONS, ResultCode, Role } from '@vitrine/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentFolders, rolePermissions } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { buildMember, buildTenant, buildWorkspace, callAs } from '../../test/team-factories';
import { defaultFolderId } from './folders';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/resource/folder';

async function tenant() {
  const t = await buildTenant(app);
  return { ...t, asOwner: await callAs(app, t.owner) };
}

const folderOf = async (id: number) =>
  (await app.db.select().from(contentFolders).where(eq(contentFolders.id, id)))[0];

describe('defaultFolderId', () => {
  it('makes one default folder per workspace, even when asked twice at once', async () => {
    const t = await buildTenant(app);
    const [a, b] = await Promise.all([
      app.db.transaction((tx) => defaultFolderId(tx, t.company.id, t.root.id)),
      app.db.transaction((tx) => defaultFolderId(tx, t.company.id, t.root.id)),
    ]);
    expect(a).toBe(b);
    expect(await defaultFolderId(app.db, t.company.id, t.root.id)).toBe(a);
    const rows = await app.db
      .select()
      .from(contentFolders)
      .where(and(eq(contentFolders.workspaceId, t.root.id), eq(contentFolders.isDefault, true)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Default', companyId: t.company.id });
  });
});

describe('GET resource/folder', () => {
  it('lists the active workspace’s folders, the default one first (made on first use), with live counts', async () => {
    const t = await tenant();
    const created = await t.asOwner({ method: 'POST', url: URL, payload: { name: 'Ads' } });
    const ads = created.json().data.folder_id;
    await buildContent(app, t.root, { folderId: ads });
    await buildContent(app, t.root, { folderId: ads, deletedAt: new Date() });
    const response = await t.asOwner({ method: 'GET', url: URL });
    const list = response.json().data;
    expect(list).toEqual([
      { folder_id: expect.any(Number), name: 'Default', is_default: true, count: 0 },
      { folder_id: ads, name: 'Ads', is_default: false, count: 1 },
    ]);
    // The workspace chosen in the top bar decides.
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const there = await t.asOwner({ method: 'GET', url: URL, headers: { 'workspace-id': String(a1.id) } });
    expect(there.json().data).toEqual([expect.objectContaining({ is_default: true, count: 0 })]);
    expect(there.json().data[0].folder_id).not.toBe(list[0].folder_id);
  });
});

describe('GET resource/folder?type=', () => {
  const counts = async (call: Awaited<ReturnType<typeof tenant>>['asOwner'], type?: number) => {
    const response = await call({ method: 'GET', url: URL, query: type ? { type: String(type) } : {} });
    expect(response.json().code).toBe(ResultCode.success);
    return response.json().data.map((folder: { count: number }) => folder.count);
  };

  it("counts only the tab's type; without one, every type the caller may list", async () => {
    const t = await tenant();
    await buildContent(app, t.root);
    await buildContent(app, t.root, { type: ContentType.video });
    await buildContent(app, t.root, { type: ContentType.video });
    expect(await counts(t.asOwner, ContentType.image)).toEqual([1]);
    expect(await counts(t.asOwner, ContentType.video)).toEqual([2]);
    expect(await counts(t.asOwner, ContentType.music)).toEqual([0]);
    expect(await counts(t.asOwner)).toEqual([3]);
    // Not a library type: a clear refusal.
    const bad = await t.asOwner({ method: 'GET', url: URL, query: { type: String(ContentType.playlist) } });
    expect(bad.json().code).toBe(ResultCode.validation);
  });

  it('neither counts nor answers for a type the caller may not list', async () => {
    const t = await tenant();
    await buildContent(app, t.root);
    await buildContent(app, t.root, { type: ContentType.video });
    const withoutVideo = DEFAULT_ROLE_PERMISSIONS[Role.user].filter((key) => key !== 'res:video:list');
    await app.db.insert(rolePermissions).values({ roleId: Role.user, permissions: [...withoutVideo] });
    await app.matrix.invalidate();
    try {
      const member = await callAs(app, await buildMember(app, t.root, Role.user));
      expect(await counts(member)).toEqual([1]);
      const video = await member({ method: 'GET', url: URL, query: { type: String(ContentType.video) } });
      expect(video.json().code).toBe(ResultCode.permission);
    } finally {
      await app.db.delete(rolePermissions).where(eq(rolePermissions.roleId, Role.user));
      await app.matrix.invalidate();
    }
  });
});

describe('POST resource/folder', () => {
  it('creates a folder in the active workspace', async () => {
    const t = await tenant();
    const response = await t.asOwner({ method: 'POST', url: URL, payload: { name: ' Promotions ' } });
    const folder = response.json().data;
    expect(folder).toEqual({
      folder_id: expect.any(Number),
      name: 'Promotions',
      is_default: false,
      count: 0,
    });
    expect(await folderOf(folder.folder_id)).toMatchObject({
      workspaceId: t.root.id,
      companyId: t.company.id,
    });
  });

  it('refuses a name the workspace has already, whatever its case (409001), but not another workspace’s', async () => {
    const t = await tenant();
    await t.asOwner({ method: 'POST', url: URL, payload: { name: 'Ads' } });
    const before = await databaseFingerprint(app.db);
    const response = await t.asOwner({ method: 'POST', url: URL, payload: { name: 'ADS' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: ResultCode.inUse,
      msg: 'A folder with this name already exists',
    });
    expect(await databaseFingerprint(app.db)).toBe(before);
    const other = await tenant();
    const elsewhere = await other.asOwner({ method: 'POST', url: URL, payload: { name: 'Ads' } });
    expect(elsewhere.json().code).toBe(ResultCode.success);
  });

  it('refuses a missing or too long name (400001)', async () => {
    const t = await tenant();
    for (const name of ['', ' ', 'x'.repeat(65)]) {
      const response = await t.asOwner({ method: 'POST', url: URL, payload: { name } });
      expect(response.json().code).toBe(ResultCode.validation);
    }
  });
});

describe('PATCH resource/folder/:folder_id', () => {
  it('renames a folder, keeping names unique', async () => {
    const t = await tenant();
    const ads = (await t.asOwner({ method: 'POST', url: URL, payload: { name: 'Ads' } })).json().data;
    await t.asOwner({ method: 'POST', url: URL, payload: { name: 'News' } });
    const renamed = await t.asOwner({
      method: 'PATCH',
      url: `${URL}/${ads.folder_id}`,
      payload: { name: 'ads' },
    });
    expect(renamed.json().data).toMatchObject({ folder_id: ads.folder_id, name: 'ads' });
    const taken = await t.asOwner({
      method: 'PATCH',
      url: `${URL}/${ads.folder_id}`,
      payload: { name: 'news' },
    });
    expect(taken.json().code).toBe(ResultCode.inUse);
    expect((await folderOf(ads.folder_id)).name).toBe('ads');
  });

  it('refuses the default folder (400001) and another company’s folder (404001)', async () => {
    const t = await tenant();
    const defaultId = await defaultFolderId(app.db, t.company.id, t.root.id);
    const response = await t.asOwner({
      method: 'PATCH',
      url: `${URL}/${defaultId}`,
      payload: { name: 'Mine' },
    });
    expect(response.json()).toMatchObject({
      code: ResultCode.validation,
      msg: 'The default folder cannot be renamed or deleted',
    });
    const other = await tenant();
    const foreign = await defaultFolderId(app.db, other.company.id, other.root.id);
    const [named] = await app.db
      .insert(contentFolders)
      .values({ companyId: other.company.id, workspaceId: other.root.id, name: 'Theirs' })
      .returning();
    for (const id of [foreign, named.id]) {
      const away = await t.asOwner({ method: 'PATCH', url: `${URL}/${id}`, payload: { name: 'Mine' } });
      expect(away.json().code).toBe(ResultCode.notFound);
    }
    expect((await folderOf(named.id)).name).toBe('Theirs');
  });
});

describe('DELETE resource/folder/:folder_id', () => {
  it('deletes an empty folder', async () => {
    const t = await tenant();
    const ads = (await t.asOwner({ method: 'POST', url: URL, payload: { name: 'Ads' } })).json().data;
    const response = await t.asOwner({ method: 'DELETE', url: `${URL}/${ads.folder_id}` });
    expect(response.json().code).toBe(ResultCode.success);
    expect(await folderOf(ads.folder_id)).toBeUndefined();
  });

  it('refuses a folder with content, even in the bin (409001), and the default folder (400001)', async () => {
    const t = await tenant();
    const ads = (await t.asOwner({ method: 'POST', url: URL, payload: { name: 'Ads' } })).json().data;
    await buildContent(app, t.root, { folderId: ads.folder_id, deletedAt: new Date() });
    const full = await t.asOwner({ method: 'DELETE', url: `${URL}/${ads.folder_id}` });
    expect(full.json()).toMatchObject({
      code: ResultCode.inUse,
      msg: 'Move or delete the content of this folder first',
    });
    const defaultId = await defaultFolderId(app.db, t.company.id, t.root.id);
    const byDefault = await t.asOwner({ method: 'DELETE', url: `${URL}/${defaultId}` });
    expect(byDefault.json().code).toBe(ResultCode.validation);
    expect(await folderOf(ads.folder_id)).toBeDefined();
    expect(await folderOf(defaultId)).toBeDefined();
  });

  it('refuses another company’s folder and a sibling workspace’s folder to a member (404001)', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const a2 = await buildWorkspace(app, t.company.id, t.root.id);
    const [sibling] = await app.db
      .insert(contentFolders)
      .values({ companyId: t.company.id, workspaceId: a2.id, name: 'Sibling' })
      .returning();
    const member = await callAs(app, await buildMember(app, a1, Role.userAdmin));
    const response = await member({ method: 'DELETE', url: `${URL}/${sibling.id}` });
    expect(response.json().code).toBe(ResultCode.notFound);
    const other = await tenant();
    const foreign = await other.asOwner({ method: 'DELETE', url: `${URL}/${sibling.id}` });
    expect(foreign.json().code).toBe(ResultCode.notFound);
    expect(await folderOf(sibling.id)).toBeDefined();
  });
});
