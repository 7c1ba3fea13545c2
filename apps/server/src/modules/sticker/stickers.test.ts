import fs from 'node:fs';
import { ResultCode, Role, STICKER_MAX_BYTES, STORAGE_SHARED_BYTES } from '@vitrine/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { stickers } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildContent } from '../../test/content-factories';
import { databaseFingerprint } from '../../test/fingerprint';
import { elf, padded, png, pngBomb, sha256, windowsExecutable } from '../../test/media-files';
import { type Call, smallFileCalls } from '../../test/small-file-calls';
import { buildMember, buildWorkspace, callAs } from '../../test/team-factories';
import { mediaPath } from '../media';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});

const URL = '/backend/manager/sticker';
const { tenant, upload, uploaded, storedFiles } = smallFileCalls(() => app, URL);

const transparent = (width: number, height: number, r = 255) =>
  sharp({ create: { width, height, channels: 4, background: { r, g: 0, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();

describe('POST sticker', () => {
  it('stores PNG, animated GIF and WebP stickers in the active workspace, served by hash', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const bytes = await transparent(120, 80);
    const sticker = await uploaded(t.call, 'Star badge.png', bytes, { 'workspace-id': String(a1.id) });
    expect(sticker).toEqual({
      id: expect.any(Number),
      name: 'Star badge',
      size: bytes.length,
      mime: 'image/png',
      width: 120,
      height: 80,
      url: `/backend/media/${sha256(bytes)}`,
      uploader_name: expect.any(String),
      created_at: expect.any(String),
    });
    const [row] = await app.db.select().from(stickers).where(eq(stickers.id, sticker.id));
    expect(row).toMatchObject({ companyId: t.company.id, workspaceId: a1.id });
    expect((await app.inject({ method: 'GET', url: sticker.url })).rawPayload).toEqual(bytes);

    const frame = await transparent(64, 48);
    const frames = [frame, await transparent(64, 48, 120), await transparent(64, 48, 10)];
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    expect(await uploaded(t.call, 'spin.gif', animated)).toMatchObject({
      mime: 'image/gif',
      width: 64,
      height: 48,
    });
    const webp = await sharp(frame).webp().toBuffer();
    expect(await uploaded(t.call, 'leaf.WEBP', webp)).toMatchObject({
      mime: 'image/webp',
      width: 64,
      height: 48,
    });
    expect((await uploaded(t.call, 'side.png', await png(1024, 1024))).width).toBe(1024);
  });

  it('refuses other files, too large, too many pixels, over quota and odd names, and leaves nothing behind', async () => {
    const t = await tenant();
    const files = storedFiles();
    const before = await databaseFingerprint(app.db);
    const refused = async (name: string, bytes: Buffer, code: number, msg: string) => {
      const response = await upload(t.call, name, bytes);
      expect(response.json(), name).toMatchObject({ code, msg });
    };
    await refused(
      'photo.jpg',
      await png(8, 8),
      400001,
      'photo.jpg: stickers must be PNG, GIF or WebP images',
    );
    await refused(
      'setup.png',
      windowsExecutable(),
      400001,
      "setup.png: the file's content is not the image its name says",
    );
    await refused(
      'tool.gif',
      elf(256),
      400001,
      "tool.gif: the file's content is not the image its name says",
    );
    await refused(
      'broken.png',
      padded((await png(8, 8)).subarray(0, 40), 60),
      400001,
      "broken.png: the file's content is not the image its name says",
    );
    await refused('wide.png', await png(1025, 10), 413001, 'Stickers may be at most 1024 × 1024 pixels');
    await refused('bomb.png', pngBomb(30_000, 30_000), 413001, 'Stickers may be at most 1024 × 1024 pixels');
    await refused(
      'tall.webp',
      await sharp(await png(10, 1500))
        .webp()
        .toBuffer(),
      413001,
      'Stickers may be at most 1024 × 1024 pixels',
    );
    await refused(
      'big.png',
      padded(await png(8, 8), STICKER_MAX_BYTES + 1),
      413001,
      'Stickers must be 5 MB or smaller',
    );
    await refused('empty.png', Buffer.alloc(0), 400001, 'The file is empty');
    for (const name of ['../x.png', 'a/b.png', 'c\\d.png', '.']) {
      expect((await upload(t.call, name, await png(8, 8))).json().code, name).toBe(ResultCode.validation);
    }
    const [full] = await app.db
      .insert(stickers)
      .values({
        companyId: t.company.id,
        workspaceId: t.root.id,
        name: 'Full',
        hash: 'e'.repeat(64),
        size: STORAGE_SHARED_BYTES - 10,
        mime: 'image/png',
        width: 1,
        height: 1,
      })
      .returning();
    await refused(
      'late.png',
      await png(8, 8),
      413001,
      'Unable to upload. The selected content is larger than the available space.',
    );
    await app.db.delete(stickers).where(eq(stickers.id, full.id));
    expect(await databaseFingerprint(app.db)).toBe(before);
    expect(storedFiles()).toEqual(files);
  });
});

describe('stickers in scope', () => {
  it('lists, searches, renames and batch-deletes the stickers in scope only', async () => {
    const a = await tenant();
    const b = await tenant();
    const a1 = await buildWorkspace(app, a.company.id, a.root.id);
    const a2 = await buildWorkspace(app, a.company.id, a.root.id);
    const member = await callAs(app, await buildMember(app, a1, Role.user));
    const one = await uploaded(member, 'Sun.png', await transparent(10, 10));
    const two = await uploaded(member, 'Moon.png', await transparent(11, 11));
    const sibling = await uploaded(a.call, 'Cloud.png', await transparent(12, 12), {
      'workspace-id': String(a2.id),
    });
    const foreign = await uploaded(b.call, 'Secret.png', await transparent(13, 13));

    const names = async (call: Call, query: Record<string, string> = {}) =>
      ((await call({ method: 'GET', url: URL, query })).json().data.list as { name: string }[]).map(
        (s) => s.name,
      );
    expect(await names(member, { sort: 'name,asc' })).toEqual(['Moon', 'Sun']);
    expect(await names(member, { keyword: 'su' })).toEqual(['Sun']);
    expect(await names(a.call, { sort: 'name,asc' })).toEqual(['Cloud', 'Moon', 'Sun']);

    const before = await databaseFingerprint(app.db);
    for (const id of [sibling.id, foreign.id]) {
      const renamed = await member({ method: 'PATCH', url: `${URL}/${id}`, payload: { name: 'Taken' } });
      expect(renamed.json().code).toBe(ResultCode.notFound);
      const removed = await member({ method: 'DELETE', url: URL, payload: { ids: [one.id, id] } });
      expect(removed.json().code).toBe(ResultCode.notFound);
    }
    expect(await databaseFingerprint(app.db)).toBe(before);

    const renamed = await member({ method: 'PATCH', url: `${URL}/${one.id}`, payload: { name: ' Sunny ' } });
    expect(renamed.json().data).toMatchObject({ id: one.id, name: 'Sunny' });
    const removed = await member({ method: 'DELETE', url: URL, payload: { ids: [one.id, two.id] } });
    expect(removed.json().code, removed.body).toBe(ResultCode.success);
    expect(await names(member)).toEqual([]);
    expect(fs.existsSync(mediaPath(app.config.dataDir, one.url.split('/').at(-1)))).toBe(false);
    expect(fs.existsSync(mediaPath(app.config.dataDir, sibling.url.split('/').at(-1)))).toBe(true);
  });
});

describe('a workspace holding stickers', () => {
  it('is not deleted while they are there, and is once they are gone', async () => {
    const t = await tenant();
    const a1 = await buildWorkspace(app, t.company.id, t.root.id);
    const sticker = await uploaded(t.call, 'Kept.png', await transparent(10, 10), {
      'workspace-id': String(a1.id),
    });
    const workspace = `/backend/manager/account/workspace/${a1.id}`;
    const refused = await t.call({ method: 'DELETE', url: workspace });
    expect(refused.json()).toMatchObject({ code: ResultCode.inUse, data: { blockers: ['content'] } });
    await t.call({ method: 'DELETE', url: URL, payload: { ids: [sticker.id] } });
    expect((await t.call({ method: 'DELETE', url: workspace })).json().code).toBe(ResultCode.success);
  });
});

describe('a sticker and a library image of the same bytes', () => {
  it('keeps the file while either still refers to it', async () => {
    const t = await tenant();
    const bytes = await transparent(20, 20, 7);
    const sticker = await uploaded(t.call, 'Twin.png', bytes);
    const file = mediaPath(app.config.dataDir, sha256(bytes));
    const image = await buildContent(app, t.root, { hash: sha256(bytes), deletedAt: new Date() });

    const purged = await t.call({
      method: 'DELETE',
      url: '/backend/manager/resource/purge',
      payload: { ids: [image.id] },
    });
    expect(purged.json().code, purged.body).toBe(ResultCode.success);
    expect(fs.existsSync(file)).toBe(true); // the sticker still shows it

    const removed = await t.call({ method: 'DELETE', url: URL, payload: { ids: [sticker.id] } });
    expect(removed.json().code, removed.body).toBe(ResultCode.success);
    expect(fs.existsSync(file)).toBe(false);
  });
});
