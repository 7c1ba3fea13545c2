import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../../config';
import {
  assertKey,
  assertPrefix,
  BaseStorage,
  type ByteRange,
  MissingObject,
  type PartPlace,
  type PartsLayout,
  PartTooLong,
  RangeNotSatisfiable,
  type StoredBody,
  type StoredBytes,
  type StoredEntry,
  type StoredHead,
} from './storage';

/** The bucket and the key prefix (empty, or ending with '/') of an `s3://bucket/prefix` address. */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/.*)?$/.exec(url);
  if (!match) throw new Error(`STORAGE_URL must be s3://bucket or s3://bucket/prefix, not ${url}`);
  const prefix = (match[2] ?? '').split('/').filter(Boolean).join('/');
  if (prefix) assertKey(prefix);
  return { bucket: match[1], prefix: prefix ? `${prefix}/` : '' };
}

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/** A whole object is sent in parts of this size once it is larger (S3's multipart minimum is 5 MiB). */
const PART_SIZE = 8 * 1024 * 1024;

/** Parts fetched ahead of the one being read when a parted object is read whole. */
const PARTS_AHEAD = 4;
/** Objects removed at once when a parted object is deleted. */
const DELETES_AT_ONCE = 8;

/**
 * Objects in an S3-compatible store, each key under the address's prefix. Checksums are sent and
 * checked only where S3 requires them, as stores other than AWS's do not all take the SDK's newer
 * ones.
 */
export class S3Storage extends BaseStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    super();
    const { bucket, prefix } = parseS3Url(settings.url);
    this.bucket = bucket;
    this.prefix = prefix;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region ?? 'us-east-1',
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(key: string) {
    assertKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: StoredBytes) {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: this.key(key),
        Body: Buffer.isBuffer(body) || body instanceof Readable ? body : Readable.from(body),
      },
      partSize: PART_SIZE,
      queueSize: 2,
    });
    await upload.done();
  }

  async putFile(key: string, file: string) {
    await this.put(key, fs.createReadStream(file));
    await fs.promises.rm(file, { force: true });
  }

  async localFile(key: string, scratch: string) {
    const body = await this.get(key);
    if (!body) throw new MissingObject(key);
    const file = path.join(scratch, path.posix.basename(key));
    await pipeline(body.stream, fs.createWriteStream(file));
    return file;
  }

  async get(key: string, range?: ByteRange): Promise<StoredBody | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const total = /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1];
      return { stream: answer.Body as Readable, size: Number(total ?? answer.ContentLength ?? 0) };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      if (statusOf(error) === 416) {
        const head = await this.head(key);
        if (!head) return null;
        throw new RangeNotSatisfiable(head.size);
      }
      throw error;
    }
  }

  async head(key: string): Promise<StoredHead | null> {
    try {
      const answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }),
      );
      return { size: answer.ContentLength ?? 0, modified: answer.LastModified ?? new Date(0) };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  async move(from: string, to: string) {
    const source = this.key(from);
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.key(to),
          CopySource: `${this.bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
    } catch (error) {
      throw statusOf(error) === 404 ? new MissingObject(from) : error;
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: source }));
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    assertPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix + prefix,
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        yield {
          key: item.Key.slice(this.prefix.length),
          size: item.Size ?? 0,
          modified: item.LastModified ?? new Date(0),
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close() {
    this.client.destroy();
  }

  // A parted object is one object per part, `<key>/<index>`, each put whole (a part is below S3's
  // multipart minimum, and a put is durable when it returns), joined in order when it is read,
  // and an empty object `<key>/started` while it exists (no listing needed to know that).

  private partKey(key: string, index: number) {
    return `${key}/${index}`;
  }

  private startedKey(key: string) {
    return `${key}/started`;
  }

  /** Parts stored before under the key are replaced by the ones put after. */
  async startParts(key: string) {
    await this.put(this.startedKey(key), Buffer.alloc(0));
  }

  async hasParts(key: string) {
    return this.exists(this.startedKey(key));
  }

  async putPart(key: string, place: PartPlace, body: AsyncIterable<Buffer>) {
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of body) {
      received += chunk.length;
      if (received > place.length) throw new PartTooLong(place.length);
      chunks.push(chunk);
    }
    if (received !== place.length) return false;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(this.partKey(key, place.index)),
        Body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received),
        ContentLength: received,
      }),
    );
    return true;
  }

  async syncParts() {}

  async getPart(key: string, place: PartPlace) {
    const part = this.partKey(key, place.index);
    const body = await this.get(part);
    if (!body) throw new MissingObject(part);
    const chunks: Buffer[] = [];
    for await (const chunk of body.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  partsInPlace() {
    return null;
  }

  async partsFile(key: string, layout: PartsLayout, scratch: string) {
    const file = path.join(scratch, path.posix.basename(key));
    await pipeline(Readable.from(this.joinedParts(key, layout)), fs.createWriteStream(file));
    return file;
  }

  /** The parts' bytes in order, a few parts fetched ahead; MissingObject for a part not stored. */
  private async *joinedParts(key: string, { size, partSize }: PartsLayout): AsyncGenerator<Buffer> {
    const count = Math.ceil(size / partSize);
    const fetch = (index: number) => {
      const fetched = this.get(this.partKey(key, index));
      fetched.catch(() => {}); // awaited in turn below; never an unhandled rejection meanwhile
      return fetched;
    };
    const ahead = new Map<number, Promise<StoredBody | null>>();
    try {
      for (let index = 0; index < count; index++) {
        for (let next = index; next < Math.min(count, index + PARTS_AHEAD + 1); next++) {
          if (!ahead.has(next)) ahead.set(next, fetch(next));
        }
        const body = await ahead.get(index);
        ahead.delete(index);
        if (!body) throw new MissingObject(this.partKey(key, index));
        for await (const chunk of body.stream) yield chunk as Buffer;
      }
    } finally {
      // Cut short: the bodies fetched ahead are let go.
      for (const fetched of ahead.values())
        void fetched.then(
          (body) => body?.stream.destroy(),
          () => {},
        );
    }
  }

  async deleteParts(key: string) {
    const parts: string[] = [];
    for await (const { key: part } of this.list(`${key}/`)) parts.push(part);
    for (let start = 0; start < parts.length; start += DELETES_AT_ONCE) {
      await Promise.all(parts.slice(start, start + DELETES_AT_ONCE).map((part) => this.delete(part)));
    }
  }
}
