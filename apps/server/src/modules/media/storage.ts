import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, or, sql } from 'drizzle-orm';
import { errorCodes, type FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import {
  contentPages,
  contents,
  fonts,
  startupMedia,
  stickers,
  storedObjects,
  uploads,
} from '../../db/schema';
import { RangeNotSatisfiable, type Storage } from '../../platform/storage';

// Stored files (ARCHITECTURE §8) live in app.storage (DATA_DIR or an S3-compatible store, issue
// 26): a finished upload is the object media/<first two hex digits>/<sha-256>, one copy per hash
// whoever owns it, always whole and verified. An unfinished upload is the parted object
// uploads/<id>.part, each part stored as it comes, on whichever process it reaches.

export const mediaDir = (dataDir: string) => path.join(dataDir, 'media');
const SHA256 = /^[0-9a-f]{64}$/;

/** The key of the object of these bytes; only a SHA-256 names one, so no name can leave media/. */
export function mediaKey(hash: string) {
  if (!SHA256.test(hash)) throw new Error(`Not a SHA-256: ${hash.slice(0, 80)}`);
  return `media/${hash.slice(0, 2)}/${hash}`;
}

/** The local driver's file of the object of these bytes (tests look at DATA_DIR through it). */
export const mediaPath = (dataDir: string, hash: string) => path.join(dataDir, ...mediaKey(hash).split('/'));

/** The local driver's folder of an unpacked H5 package (tests look at DATA_DIR through it). */
export const h5Dir = (dataDir: string, hash: string) => path.join(dataDir, ...h5Key(hash).split('/'));

/** Where the files of the H5 package unpacked from the zip with this hash are kept (h5.ts). */
export function h5Key(hash: string) {
  if (!SHA256.test(hash)) throw new Error(`Not a SHA-256: ${hash.slice(0, 80)}`);
  return `media/h5/${hash}`;
}

/** The local folder of uploads: the local driver's parted objects, and every driver's scratch folders of finishes. */
export const uploadsDir = (dataDir: string) => path.join(dataDir, 'uploads');

/** The parted object (platform/storage) of an unfinished upload's parts. */
export const uploadKey = (id: string) => `uploads/${id}.part`;

/** The local driver's file of an unfinished upload (tests look at DATA_DIR through it). */
export const uploadPath = (dataDir: string, id: string) => path.join(dataDir, ...uploadKey(id).split('/'));

/** A part's body ran past the part's length while it arrived: answered 413 like any body too large. */
export const tooLong = () => new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();

/** Reads a part's body without keeping it (a part sent again); answers whether exactly `length` bytes came. */
export async function drainPart(body: AsyncIterable<Buffer>, length: number): Promise<boolean> {
  let received = 0;
  for await (const chunk of body) {
    received += chunk.length;
    if (received > length) throw tooLong();
  }
  return received === length;
}

/** The first bytes of a file (fewer when it is shorter). */
export async function readHead(file: string, length: number): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The first bytes of a stored object (fewer when it is shorter), or null when there is none. */
export async function readStoredHead(storage: Storage, key: string, length: number): Promise<Buffer | null> {
  const body = await storage.get(key, { start: 0, end: length - 1 }).catch((error) => {
    if (error instanceof RangeNotSatisfiable) return { stream: Readable.from([]) }; // an empty object
    throw error;
  });
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** SHA-256 of a file, lowercase hex, streamed. */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file, { highWaterMark: 1 << 20 }), hash);
  return hash.digest('hex');
}

const removeFile = (file: string) => fs.promises.rm(file, { force: true });

/**
 * Moves a verified file of this machine (a finished upload, a made thumbnail) into storage under
 * its hash. When the same bytes are stored already the file is only removed: the stored copy is
 * identical.
 */
export async function storeFile(storage: Storage, file: string, hash: string) {
  const key = mediaKey(hash);
  if (await storage.exists(key)) {
    await removeFile(file);
    return;
  }
  await storage.putFile(key, file);
}

/** Stores bytes held in memory under their hash, unless the same bytes are stored already. */
export async function storeBytes(storage: Storage, bytes: Buffer, hash: string) {
  const key = mediaKey(hash);
  if (!(await storage.exists(key))) await storage.put(key, bytes);
}

/** Removes every object under a key prefix (an H5 package's files). */
export async function removeAll(storage: Storage, prefix: string) {
  for await (const { key } of storage.list(prefix)) await storage.delete(key);
}

/**
 * Serialises everything that decides whether a stored file stays, per hash, until the transaction
 * ends: storing a finished upload and removing an unreferenced file never interleave.
 */
export async function lockHash(tx: Db, hash: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${hash}, 0))`);
}

/**
 * Deletes the stored files of these hashes that nothing refers to any more: no content row (in the
 * library or the recycle bin) by its hash, playable hash or thumbnail hash, no document page, no
 * font, no sticker, no stored object (modules/object), no startup video or logo (modules/startup),
 * and no unfinished upload of the same bytes (its finish may be storing them right now); an H5
 * package unpacked from a zip goes with the zip.
 * Returns the hashes whose files are gone now.
 */
export async function removeUnreferencedMedia(app: FastifyInstance, hashes: readonly string[]) {
  const removed: string[] = [];
  for (const hash of new Set(hashes)) {
    const gone = await app.db.transaction(async (tx) => {
      await lockHash(tx, hash);
      const [content] = await tx
        .select({ id: contents.id })
        .from(contents)
        .where(or(eq(contents.hash, hash), eq(contents.playableHash, hash), eq(contents.thumbnailHash, hash)))
        .limit(1);
      const [upload] = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(eq(uploads.hash, hash))
        .limit(1);
      // A font or a sticker may be the very same bytes as a library item.
      const [font] = await tx.select({ id: fonts.id }).from(fonts).where(eq(fonts.hash, hash)).limit(1);
      const [sticker] = await tx
        .select({ id: stickers.id })
        .from(stickers)
        .where(eq(stickers.hash, hash))
        .limit(1);
      const [object] = await tx
        .select({ id: storedObjects.id })
        .from(storedObjects)
        .where(eq(storedObjects.hash, hash))
        .limit(1);
      const [page] = await tx
        .select({ hash: contentPages.hash })
        .from(contentPages)
        .where(eq(contentPages.hash, hash))
        .limit(1);
      const [startup] = await tx
        .select({ id: startupMedia.id })
        .from(startupMedia)
        .where(or(eq(startupMedia.hash, hash), eq(startupMedia.playHash, hash)))
        .limit(1);
      if (content || upload || font || sticker || object || page || startup) return false;
      await app.storage.delete(mediaKey(hash));
      await removeAll(app.storage, `${h5Key(hash)}/`);
      return true;
    });
    if (gone) removed.push(hash);
  }
  return removed;
}
