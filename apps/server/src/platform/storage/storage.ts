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

/** One part of a parted object: its number, and its offset and length in the whole. */
export type PartPlace = { index: number; offset: number; length: number };

/** A parted object's shape: its whole size, and the size of every part but the last. */
export type PartsLayout = { size: number; partSize: number };

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

  // Parted objects: an object sent in numbered parts (the chunked upload's 2 MiB parts, below S3's
  // 5 MiB multipart minimum) that arrive in any order, each possibly on another process, and are
  // read back whole once all are there. The local driver keeps one file at the key, of the whole
  // size, each part written in place at its offset (a shared volume serves several processes);
  // the S3 driver keeps each part as an object of its own, `<key>/<index>` (and `<key>/started`),
  // and joins them in order when they are read. Which parts count is the caller's record, not the
  // driver's.

  /**
   * Readies the parted object of `size` bytes, holding no part that counts (the local driver's
   * empty file of its size). Parts written under the key before are not counted on any more.
   */
  startParts(key: string, size: number): Promise<void>;
  /** Whether the parted object is still there: started and not deleted. */
  hasParts(key: string): Promise<boolean>;
  /**
   * Writes one part from its body as it arrives (the local driver, to its place in the file) or
   * once it is whole (S3). Answers whether exactly `place.length` bytes came: a shorter body
   * counts for nothing. A body running past the length throws PartTooLong before what goes past is
   * written. The local driver throws ENOENT when the parted object is not started (or deleted).
   */
  putPart(key: string, place: PartPlace, body: AsyncIterable<Buffer>): Promise<boolean>;
  /** Makes the parts written so far durable (one fdatasync of the local file; S3's are when put). */
  syncParts(key: string): Promise<void>;
  /** The bytes of a part written before; ENOENT when there is none. */
  getPart(key: string, place: PartPlace): Promise<Buffer>;
  /**
   * The local driver's file of the parted object, into which parts are written in place, for a
   * reader beside the requests (the running upload digest); null on S3, whose parts are objects.
   */
  partsInPlace(key: string): string | null;
  /**
   * A file of this machine holding the whole parted object, for tools that read files: the local
   * driver's own file, else its parts joined in order into a file in `scratch` (a folder the
   * caller removes). ENOENT when the object or one of its parts is not there.
   */
  partsFile(key: string, layout: PartsLayout, scratch: string): Promise<string>;
  /** Removes the parted object and every part of it; nothing happens when there is none. */
  deleteParts(key: string): Promise<void>;
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

/** A part's body ran past the part's length (HTTP 413). */
export class PartTooLong extends Error {
  constructor(readonly length: number) {
    super(`A part's body runs past its ${length} bytes`);
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
  abstract startParts(key: string, size: number): Promise<void>;
  abstract hasParts(key: string): Promise<boolean>;
  abstract putPart(key: string, place: PartPlace, body: AsyncIterable<Buffer>): Promise<boolean>;
  abstract syncParts(key: string): Promise<void>;
  abstract getPart(key: string, place: PartPlace): Promise<Buffer>;
  abstract partsInPlace(key: string): string | null;
  abstract partsFile(key: string, layout: PartsLayout, scratch: string): Promise<string>;
  abstract deleteParts(key: string): Promise<void>;

  async exists(key: string) {
    return (await this.head(key)) !== null;
  }
}
