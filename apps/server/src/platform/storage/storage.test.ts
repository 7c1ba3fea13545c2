import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startS3Server } from '../../test/s3-server';
import { createStorage, type Storage } from './index';
import { LocalStorage } from './local';
import { parseS3Url } from './s3';
import { PartTooLong, RangeNotSatisfiable } from './storage';

const bytesOf = async (storage: Storage, key: string, range?: { start: number; end: number }) => {
  const body = await storage.get(key, range);
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body.stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), size: body.size };
};

const keysOf = async (storage: Storage, prefix: string) => {
  const keys: string[] = [];
  for await (const entry of storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
};

// The same suite for both drivers: what a caller sees does not depend on where the bytes are.
describe.each([
  ['local', async () => new LocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-storage-')))],
  ['s3', async () => createStorage({ dataDir: '/nowhere', storage: await startS3Server() })],
] as const)('%s storage', (kind, make) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await make();
    expect(storage.kind).toBe(kind);
  });
  afterAll(() => storage.close());

  it('stores a buffer and a stream, and answers them whole with their size', async () => {
    await storage.put('media/ab/one', Buffer.from('hello'));
    // Larger than a part of the S3 driver's multipart upload (8 MiB): sent in parts.
    const big = randomBytes(9 * 1024 * 1024 + 5);
    await storage.put('media/cd/two', Readable.from([big.subarray(0, 1000), big.subarray(1000)]));
    expect(await bytesOf(storage, 'media/ab/one')).toEqual({ bytes: Buffer.from('hello'), size: 5 });
    const two = await bytesOf(storage, 'media/cd/two');
    expect(two?.size).toBe(big.length);
    expect(two?.bytes.equals(big)).toBe(true);
    expect(await storage.head('media/cd/two')).toMatchObject({ size: big.length });
  });

  it('answers a byte range, its end allowed past the last byte, with the whole size', async () => {
    await storage.put('ranges/abc', Buffer.from('0123456789'));
    expect(await bytesOf(storage, 'ranges/abc', { start: 2, end: 4 })).toEqual({
      bytes: Buffer.from('234'),
      size: 10,
    });
    expect((await bytesOf(storage, 'ranges/abc', { start: 7, end: 99 }))?.bytes.toString()).toBe('789');
    await expect(storage.get('ranges/abc', { start: 10, end: 12 })).rejects.toEqual(
      new RangeNotSatisfiable(10),
    );
  });

  it('replaces an object, and knows one that is not there', async () => {
    await storage.put('replace/it', Buffer.from('old'));
    await storage.put('replace/it', Buffer.from('newer'));
    expect((await bytesOf(storage, 'replace/it'))?.bytes.toString()).toBe('newer');
    expect(await storage.exists('replace/it')).toBe(true);
    expect(await storage.exists('replace/none')).toBe(false);
    expect(await storage.head('replace/none')).toBeNull();
    expect(await storage.get('replace/none')).toBeNull();
    expect(await storage.get('replace/none', { start: 0, end: 1 })).toBeNull();
    // A key's folder is no object.
    expect(await storage.get('replace')).toBeNull();
    expect(await storage.head('replace')).toBeNull();
  });

  it('deletes an object, and a missing one without complaint', async () => {
    await storage.put('gone/soon', Buffer.from('x'));
    await storage.delete('gone/soon');
    await storage.delete('gone/soon');
    expect(await storage.exists('gone/soon')).toBe(false);
  });

  it('moves an object under another key; moving a missing one fails with ENOENT', async () => {
    await storage.put('uploads/u1/whole', Buffer.from('assembled'));
    await storage.move('uploads/u1/whole', 'media/ef/final');
    expect(await storage.exists('uploads/u1/whole')).toBe(false);
    expect((await bytesOf(storage, 'media/ef/final'))?.bytes.toString()).toBe('assembled');
    await expect(storage.move('uploads/u1/whole', 'media/ef/final')).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('moves a file of this machine in, and answers a file holding an object for the tools', async () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-scratch-'));
    const made = path.join(scratch, 'made.webp');
    fs.writeFileSync(made, 'thumbnail bytes');
    await storage.putFile('media/12/made', made);
    expect(fs.existsSync(made)).toBe(false);
    const file = await storage.localFile('media/12/made', scratch);
    expect(fs.readFileSync(file, 'utf8')).toBe('thumbnail bytes');
    await expect(storage.localFile('media/12/none', scratch)).rejects.toMatchObject({ code: 'ENOENT' });
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('lists the objects under a prefix, with size and time', async () => {
    const before = Date.now() - 60_000;
    await storage.put('list/a/1', Buffer.from('a'));
    await storage.put('list/a/2', Buffer.from('bb'));
    await storage.put('list/ab/3', Buffer.from('ccc'));
    await storage.put('list/b', Buffer.from('d'));
    expect(await keysOf(storage, 'list/a/')).toEqual(['list/a/1', 'list/a/2']);
    expect(await keysOf(storage, 'list/a')).toEqual(['list/a/1', 'list/a/2', 'list/ab/3']);
    expect(await keysOf(storage, 'list/')).toEqual(['list/a/1', 'list/a/2', 'list/ab/3', 'list/b']);
    expect(await keysOf(storage, 'nothing/')).toEqual([]);
    const entries = [];
    for await (const entry of storage.list('list/a/')) entries.push(entry);
    expect(entries.find((entry) => entry.key === 'list/a/2')?.size).toBe(2);
    expect(entries.every((entry) => entry.modified.getTime() > before)).toBe(true);
  });

  it('takes any file name as a key segment', async () => {
    await storage.put('names/.hidden', Buffer.from('1'));
    await storage.put('names/espace é.html', Buffer.from('2'));
    expect(await keysOf(storage, 'names/')).toEqual(['names/.hidden', 'names/espace é.html']);
    expect((await bytesOf(storage, 'names/espace é.html'))?.bytes.toString()).toBe('2');
  });

  it('refuses a key that could leave its root or is not a plain name', async () => {
    for (const key of [
      '../etc/passwd',
      'media/../../x',
      '/abs',
      'a//b',
      'a/./b',
      'back\\slash',
      'nul\0',
      '',
    ]) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('Not a storage key');
      await expect(storage.get(key)).rejects.toThrow('Not a storage key');
    }
    await expect(keysOf(storage, '../')).rejects.toThrow('Not a storage key');
  });

  it('takes the parts of a parted object in any order, and gives them back whole and in order', async () => {
    const arriving = (...chunks: string[]) => Readable.from(chunks.map((chunk) => Buffer.from(chunk)));
    const layout = { size: 10, partSize: 4 };
    const place = (index: number) => ({
      index,
      offset: index * 4,
      length: Math.min(4, 10 - index * 4),
    });
    expect(await storage.hasParts('uploads/p1.part')).toBe(false);
    await storage.startParts('uploads/p1.part', 10);
    expect(await storage.putPart('uploads/p1.part', place(2), arriving('Y', 'Z'))).toBe(true);
    expect(await storage.putPart('uploads/p1.part', place(0), arriving('AB', 'CD'))).toBe(true);
    // Too short: answered false. Too long: refused before what goes past the part is written.
    expect(await storage.putPart('uploads/p1.part', place(1), arriving('ef'))).toBe(false);
    await expect(storage.putPart('uploads/p1.part', place(1), arriving('efg', 'hi'))).rejects.toEqual(
      new PartTooLong(4),
    );
    expect(await storage.putPart('uploads/p1.part', place(1), arriving('efgh'))).toBe(true);
    await storage.syncParts('uploads/p1.part');
    expect(await storage.hasParts('uploads/p1.part')).toBe(true);
    expect((await storage.getPart('uploads/p1.part', place(1))).toString()).toBe('efgh');

    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-scratch-'));
    const file = await storage.partsFile('uploads/p1.part', layout, scratch);
    expect(fs.readFileSync(file, 'utf8')).toBe('ABCDefghYZ');
    // The local driver writes them in place into one file, which a reader may follow.
    expect(storage.partsInPlace('uploads/p1.part') === file).toBe(kind === 'local');

    await storage.deleteParts('uploads/p1.part');
    await storage.deleteParts('uploads/p1.part');
    expect(await storage.hasParts('uploads/p1.part')).toBe(false);
    expect(await keysOf(storage, 'uploads/')).toEqual([]);
    await expect(storage.partsFile('uploads/p1.part', layout, scratch)).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await expect(storage.getPart('uploads/p1.part', place(1))).rejects.toMatchObject({ code: 'ENOENT' });
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('knows a parted object one of whose parts is missing, or one never started', async () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-scratch-'));
    await storage.startParts('uploads/p2.part', 6);
    const one = { index: 1, offset: 3, length: 3 };
    expect(await storage.putPart('uploads/p2.part', one, Readable.from([Buffer.from('xyz')]))).toBe(true);
    if (kind === 's3') {
      // Part 0 was never stored: there is nothing to join.
      await expect(
        storage.partsFile('uploads/p2.part', { size: 6, partSize: 3 }, scratch),
      ).rejects.toMatchObject({
        code: 'ENOENT',
      });
    } else {
      // Never started (or deleted): a part is written nowhere.
      await expect(
        storage.putPart('uploads/none.part', one, Readable.from([Buffer.from('xyz')])),
      ).rejects.toMatchObject({ code: 'ENOENT' });
      expect(await storage.hasParts('uploads/none.part')).toBe(false);
    }
    await storage.deleteParts('uploads/p2.part');
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('a stream that fails leaves nothing under the key, nor the old object changed', async () => {
    await storage.put('broken/one', Buffer.from('kept'));
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('cut off');
    }
    await expect(storage.put('broken/one', failing())).rejects.toThrow('cut off');
    await expect(storage.put('broken/two', failing())).rejects.toThrow('cut off');
    expect((await bytesOf(storage, 'broken/one'))?.bytes.toString()).toBe('kept');
    expect(await storage.exists('broken/two')).toBe(false);
    expect(await keysOf(storage, 'broken/')).toEqual(['broken/one']);
  });
});

describe('local storage', () => {
  it('keeps the layout of DATA_DIR: a key is the path under it', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-storage-'));
    const storage = createStorage({ dataDir: root, storage: undefined });
    await storage.put('media/ab/abc', Buffer.from('on disk'));
    expect(fs.readFileSync(path.join(root, 'media', 'ab', 'abc'), 'utf8')).toBe('on disk');
    const body = await storage.get('media/ab/abc');
    expect(body && (await text(body.stream))).toBe('on disk');
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe('configuration', () => {
  it('chooses S3 by STORAGE_URL and reads its settings, else DATA_DIR', () => {
    expect(loadConfig({}).storage).toBeUndefined();
    expect(
      loadConfig({
        STORAGE_URL: 's3://media-bucket/vitrine/prod',
        STORAGE_ENDPOINT: 'http://minio:9000',
        STORAGE_REGION: 'eu-west-3',
        STORAGE_ACCESS_KEY_ID: 'key',
        STORAGE_SECRET_ACCESS_KEY: 'secret',
        STORAGE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      url: 's3://media-bucket/vitrine/prod',
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(createStorage({ dataDir: '/tmp', storage: undefined }).kind).toBe('local');
  });

  it('reads the bucket and the prefix of STORAGE_URL, and refuses another address', () => {
    expect(parseS3Url('s3://bucket')).toEqual({ bucket: 'bucket', prefix: '' });
    expect(parseS3Url('s3://bucket/')).toEqual({ bucket: 'bucket', prefix: '' });
    expect(parseS3Url('s3://my.bucket/a/b/')).toEqual({ bucket: 'my.bucket', prefix: 'a/b/' });
    for (const url of ['https://bucket/x', 's3://', 's3://B/x', 's3://bucket/../x']) {
      expect(() => parseS3Url(url)).toThrow();
    }
  });
});
