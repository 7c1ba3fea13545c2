import type { Readable } from 'node:stream';

// One storage layer for every file Vitrine keeps outside the database (issue 26): a local
// directory (DATA_DIR, the default; a shared volume serves several processes) or an S3-compatible
// object store (STORAGE_URL=s3://bucket/prefix). Callers name objects by keys such as
// `media/ab/<sha-256>` and never by a path, so nothing one process wrote is looked for on another's
// disk.

/** Bytes `start` to `end` of an object, both included (as in an HTTP Range). */
export type ByteRange = { start: number; end: number };

/** An object's body as a stream, with the size of the whole object (not of the range). */
export type StoredBody = { stream: Readable; size: number };

/** An object's size and when it was last written. */
export type StoredHead = { size: number; modified: Date };

/** An object found by `list`. */
export type StoredEntry = StoredHead & { key: string };

/** What a driver stores: the whole of it, written once and never changed in place. */
export type StoredBytes = Buffer | Readable | AsyncIterable<Buffer>;

export interface Storage {
  /** `local` or `s3`, for logs and the docs' figures. */
  readonly kind: 'local' | 's3';
  /**
   * Stores the bytes under the key, replacing what was there. Readers see the old object or the
   * whole new one, never a part of it.
   */
  put(key: string, body: StoredBytes): Promise<void>;
  /** Moves a file of this machine in as the object, as `put` does; the file is gone afterwards. */
  putFile(key: string, file: string): Promise<void>;
  /**
   * A file of this machine holding the object's bytes, for tools that read files (ffmpeg, sharp):
   * the object's own file on the local driver, else a copy downloaded into `scratch` (a folder the
   * caller removes). An error with code ENOENT when there is no such object.
   */
  localFile(key: string, scratch: string): Promise<string>;
  /**
   * The object's bytes (only the range when one is given; its end may run past the object's last
   * byte), or null when there is no such object. A range starting past the end throws
   * RangeNotSatisfiable.
   */
  get(key: string, range?: ByteRange): Promise<StoredBody | null>;
  /** The object's size and time, or null when there is none. */
  head(key: string): Promise<StoredHead | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Renames an object (replacing the target); an error with code ENOENT when there is no source. */
  move(from: string, to: string): Promise<void>;
  /** Every object whose key starts with the prefix. */
  list(prefix: string): AsyncIterable<StoredEntry>;
  /** Lets go of the driver's connections (the app's close). */
  close(): Promise<void>;
}

/** A range asked past the object's end (HTTP 416); `size` is the object's. */
export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number) {
    super(`Range past the end of an object of ${size} bytes`);
  }
}

/** No object under this key (code ENOENT, as for a missing file). */
export class MissingObject extends Error {
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`No stored object ${key}`);
  }
}

/** A key is at most this long (S3's limit). */
const KEY_MAX = 1024;

/**
 * Throws unless the key is one a caller may name: '/'-separated segments, none empty, `.` or `..`
 * (no key leaves the storage's root), with no backslash and no control character.
 */
export function assertKey(key: string) {
  const segments = key.split('/');
  const bad = (segment: string) =>
    segment === '' ||
    segment === '.' ||
    segment === '..' ||
    segment.includes('\\') ||
    [...segment].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  if (key.length > KEY_MAX || segments.some(bad)) throw new Error(`Not a storage key: ${key.slice(0, 120)}`);
}

/** Throws unless the prefix is empty or a key, or a key followed by '/'. */
export function assertPrefix(prefix: string) {
  if (prefix !== '') assertKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/** What both drivers share. */
export abstract class BaseStorage implements Storage {
  abstract readonly kind: 'local' | 's3';
  abstract put(key: string, body: StoredBytes): Promise<void>;
  abstract putFile(key: string, file: string): Promise<void>;
  abstract localFile(key: string, scratch: string): Promise<string>;
  abstract get(key: string, range?: ByteRange): Promise<StoredBody | null>;
  abstract head(key: string): Promise<StoredHead | null>;
  abstract delete(key: string): Promise<void>;
  abstract move(from: string, to: string): Promise<void>;
  abstract list(prefix: string): AsyncIterable<StoredEntry>;
  abstract close(): Promise<void>;

  async exists(key: string) {
    return (await this.head(key)) !== null;
  }
}
