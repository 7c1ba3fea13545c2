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
}
