import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  assertPrefix,
  BaseStorage,
  type ByteRange,
  MissingObject,
  type PartPlace,
  PartTooLong,
  RangeNotSatisfiable,
  type StoredBody,
  type StoredBytes,
  type StoredEntry,
  type StoredHead,
} from './storage';

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** The ending of a put's file until it is whole (never listed). */
const TEMPORARY = '.vitrine-tmp';

/**
 * Objects as files under a directory (DATA_DIR): the key `media/ab/<sha>` is the file
 * DATA_DIR/media/ab/<sha>, today's layout. A put writes a temporary file beside its target, syncs
 * it and renames it into place, so a reader (another process on a shared volume too) sees the
 * whole old file or the whole new one.
 */
export class LocalStorage extends BaseStorage {
  readonly kind = 'local';

  constructor(private readonly root: string) {
    super();
  }

  private file(key: string) {
    assertKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: StoredBytes) {
    const target = this.file(key);
    const directory = path.dirname(target);
    await fs.promises.mkdir(directory, { recursive: true });
    const temporary = path.join(directory, `.${path.basename(target)}.${randomUUID()}${TEMPORARY}`);
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(temporary));
      const handle = await fs.promises.open(temporary, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temporary, target);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  async putFile(key: string, file: string) {
    const target = this.file(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(file, target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EXDEV') throw error;
      // Another file system: copied whole, then the file removed.
      await this.put(key, fs.createReadStream(file));
      await fs.promises.rm(file, { force: true });
    });
  }

  async localFile(key: string) {
    if (!(await this.exists(key))) throw new MissingObject(key);
    return this.file(key);
  }

  async get(key: string, range?: ByteRange): Promise<StoredBody | null> {
    const handle = await fs.promises.open(this.file(key), 'r').catch((error) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null; // a folder of the local layout, never an object
      }
      const { size } = stat;
      if (range && range.start >= size) throw new RangeNotSatisfiable(size);
      const stream = handle.createReadStream(
        range ? { start: range.start, end: Math.min(range.end, size - 1) } : {},
      );
      return { stream, size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<StoredHead | null> {
    const stat = await fs.promises.stat(this.file(key)).catch((error) => {
      if (isMissing(error)) return null;
      throw error;
    });
    return stat?.isFile() ? { size: stat.size, modified: stat.mtime } : null;
  }

  async delete(key: string) {
    await fs.promises.rm(this.file(key), { force: true });
  }

  async move(from: string, to: string) {
    const source = this.file(from);
    const target = this.file(to);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(source, target).catch((error) => {
      throw isMissing(error) ? new MissingObject(from) : error;
    });
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    assertPrefix(prefix);
    const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const directory = path.join(this.root, ...base.split('/').filter(Boolean));
    const entries = await fs.promises
      .readdir(directory, { recursive: true, withFileTypes: true })
      .catch((error) => {
        if (isMissing(error)) return [];
        throw error;
      });
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith(TEMPORARY)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.root, file).split(path.sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat) yield { key, size: stat.size, modified: stat.mtime };
    }
  }

  async close() {}

  // A parted object is one file at its key, of the whole size (sparse where the file system
  // allows), each part written at its offset; it is an ordinary object once whole.

  async startParts(key: string, size: number) {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const handle = await fs.promises.open(file, 'w');
    try {
      await handle.truncate(size);
    } finally {
      await handle.close();
    }
  }

  async hasParts(key: string) {
    return this.exists(key);
  }

  async putPart(key: string, place: PartPlace, body: AsyncIterable<Buffer>) {
    let received = 0;
    const guard = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(received > place.length ? new PartTooLong(place.length) : null, chunk);
      },
    });
    // 'r+': never creates the file, so a part of a deleted upload is written nowhere.
    await pipeline(body, guard, fs.createWriteStream(this.file(key), { flags: 'r+', start: place.offset }));
    return received === place.length;
  }

  async syncParts(key: string) {
    const handle = await fs.promises.open(this.file(key), 'r+');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  async getPart(key: string, place: PartPlace) {
    const handle = await fs.promises.open(this.file(key), 'r');
    try {
      const buffer = Buffer.alloc(place.length);
      const { bytesRead } = await handle.read(buffer, 0, place.length, place.offset);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  partsInPlace(key: string) {
    return this.file(key);
  }

  async partsFile(key: string) {
    return this.localFile(key);
  }

  async deleteParts(key: string) {
    await this.delete(key);
  }
}
