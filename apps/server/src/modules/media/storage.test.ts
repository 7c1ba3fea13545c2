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
import {
  createPartFile,
  drainPart,
  hashFile,
  mediaPath,
  removeUnreferencedMedia,
  storeFile,
  streamPart,
  uploadPath,
} from './storage';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});

/** Stores these bytes under media/ the way a finished upload does; answers their hash. */
async function storeBytes(text: string) {
  const bytes = Buffer.from(text);
  const part = uploadPath(app.config.dataDir, `store-${sha256(bytes)}`);
  await createPartFile(part, bytes.length);
  await streamPart(part, 0, Readable.from([bytes]), bytes.length);
  await storeFile(app.storage, part, sha256(bytes));
  return sha256(bytes);
}

describe('files on disk', () => {
  it('writes parts at their offsets into one file of the full size, as they arrive', async () => {
    const file = uploadPath(app.config.dataDir, 'offsets');
    await createPartFile(file, 10);
    expect(fs.statSync(file).size).toBe(10);
    const arriving = (...chunks: string[]) => Readable.from(chunks.map((chunk) => Buffer.from(chunk)));
    expect(await streamPart(file, 6, arriving('WX', 'YZ'), 4)).toBe(true);
    expect(await streamPart(file, 0, arriving('ABC'), 3)).toBe(true);
    expect(fs.readFileSync(file)).toEqual(Buffer.from([65, 66, 67, 0, 0, 0, 87, 88, 89, 90]));
    expect(await hashFile(file)).toBe(sha256(fs.readFileSync(file)));
    // Too short: answered false. Too long: refused before what goes past the part is written.
    expect(await streamPart(file, 3, arriving('d'), 3)).toBe(false);
    await expect(streamPart(file, 3, arriving('de', 'fgh'), 3)).rejects.toMatchObject({ statusCode: 413 });
    expect(fs.readFileSync(file).subarray(5)).toEqual(Buffer.from([0, 87, 88, 89, 90]));
    // A part of an upload whose file is gone is not written anywhere.
    fs.rmSync(file);
    await expect(streamPart(file, 0, arriving('A'), 1)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(fs.existsSync(file)).toBe(false);
  });

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
