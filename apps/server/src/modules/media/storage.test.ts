import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { contents, uploads } from '../../db/schema';
import { buildTestApp } from '../../test/app';
import { buildUser } from '../../test/factories';
import { sha256 } from '../../test/media-files';
import { defaultFolderId } from '../content';
import { drainPart, mediaPath, removeUnreferencedMedia, storeFile, uploadPath } from './storage';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

/** Stores these bytes under media/ the way a finished upload does; answers their hash. */
async function storeBytes(text: string) {
  const bytes = Buffer.from(text);
  const part = uploadPath(app.config.dataDir, `store-${sha256(bytes)}`);
  fs.mkdirSync(path.dirname(part), { recursive: true });
  fs.writeFileSync(part, bytes);
  await storeFile(app.storage, part, sha256(bytes));
  return sha256(bytes);
}

describe('files on disk', () => {
  it('reads a part sent again without keeping it, checking its length', async () => {
    const arriving = (...chunks: string[]) => Readable.from(chunks.map((chunk) => Buffer.from(chunk)));
    expect(await drainPart(arriving('ab', 'c'), 3)).toBe(true);
    expect(await drainPart(arriving('ab'), 3)).toBe(false);
    await expect(drainPart(arriving('ab', 'cd'), 3)).rejects.toMatchObject({ statusCode: 413 });
  });

  it('keeps one copy per hash: a second store of the same bytes only removes its part file', async () => {
    const hash = await storeBytes('same bytes');
    const again = uploadPath(app.config.dataDir, 'again');
    fs.writeFileSync(again, 'same bytes');
    await storeFile(app.storage, again, hash);
    expect(fs.existsSync(again)).toBe(false);
    expect(fs.readFileSync(mediaPath(app.config.dataDir, hash), 'utf8')).toBe('same bytes');
    expect(path.basename(path.dirname(mediaPath(app.config.dataDir, hash)))).toBe(hash.slice(0, 2));
  });

  it('names only SHA-256 files under media/', () => {
    for (const bad of ['../../etc/passwd', `${'a'.repeat(63)}/`, 'A'.repeat(64), '']) {
      expect(() => mediaPath(app.config.dataDir, bad)).toThrow();
    }
  });
});

describe('removeUnreferencedMedia', () => {
  it('removes a file only when no content row and no unfinished upload refers to it', async () => {
    const user = await buildUser(app);
    const companyId = user.companyId as number;
    const workspaceId = user.workspaceId as number;
    const folderId = await defaultFolderId(app.db, companyId, workspaceId);
    const [original, playable, thumbnail, uploading, binned, loose] = await Promise.all(
      ['original', 'playable', 'thumbnail', 'uploading', 'binned', 'loose'].map(storeBytes),
    );
    await app.db.insert(contents).values([
      {
        companyId,
        workspaceId,
        folderId,
        type: 2,
        name: 'clip.mov',
        hash: original,
        playableHash: playable,
        thumbnailHash: thumbnail,
      },
      { companyId, workspaceId, folderId, type: 1, name: 'old.png', hash: binned, deletedAt: new Date() },
    ]);
    await app.db.insert(uploads).values({
      id: randomUUID(),
      companyId,
      workspaceId,
      userId: user.id,
      hash: uploading,
      size: 9,
      name: 'again.png',
      type: 1,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const all = [original, playable, thumbnail, uploading, binned, loose];
    expect(await removeUnreferencedMedia(app, [...all, loose])).toEqual([loose]);
    const exists = (hash: string) => fs.existsSync(mediaPath(app.config.dataDir, hash));
    expect(all.map(exists)).toEqual([true, true, true, true, true, false]);

    // Once the rows are gone, so are the files.
    await app.db.delete(contents).where(eq(contents.companyId, companyId));
    await app.db.delete(uploads).where(eq(uploads.companyId, companyId));
    expect((await removeUnreferencedMedia(app, all)).sort()).toEqual([...all].sort());
    expect(all.some(exists)).toBe(false);
  });
});
