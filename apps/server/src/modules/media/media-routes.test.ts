import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { jpeg, mp4, sha256 } from '../../test/media-files';
import { startS3Server } from '../../test/s3-server';
import { mediaKey } from './storage';

// GET /backend/media/:hash: public (the hash is the capability), ranges, immutable caching; the
// same from files under DATA_DIR and from an S3-compatible store.

let app: FastifyInstance;

/** Stores bytes in the app's storage as a finished upload would; answers their hash. */
async function place(bytes: Buffer, server = app) {
  const hash = sha256(bytes);
  await server.storage.put(mediaKey(hash), bytes);
  return hash;
}

describe.each(['local', 's3'] as const)('GET /backend/media/:hash (%s storage)', (kind) => {
  beforeAll(async () => {
    app = await buildTestApp(kind === 's3' ? { storage: await startS3Server() } : {});
  });

  it('serves the bytes without a token, typed by their content, cached for good', async () => {
    const bytes = mp4(300_000);
    const hash = await place(bytes);
    const response = await app.inject({ method: 'GET', url: `/backend/media/${hash}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(bytes.length),
      etag: `"${hash}"`,
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
    });

    const image = await jpeg(20, 10);
    const thumb = await app.inject({ method: 'GET', url: `/backend/media/${await place(image)}` });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.equals(image)).toBe(true);
  });

  it('serves ranges, HEAD and revalidation', async () => {
    const bytes = mp4(100_000);
    const hash = await place(bytes);
    const url = `/backend/media/${hash}`;
    const range = await app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-1999' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(range.rawPayload.equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    // Unsatisfiable: 416 naming the file's size, refused in the envelope.
    const outside = await app.inject({ method: 'GET', url, headers: { range: `bytes=${bytes.length}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(outside.json().code).toBe(400001);

    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.body).toBe('');

    const fresh = await app.inject({ method: 'GET', url, headers: { 'if-none-match': `"${hash}"` } });
    expect(fresh.statusCode).toBe(304);
    expect(fresh.body).toBe('');
    const stale = await app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('serves alongside a built console (both register @fastify/static)', async () => {
    const consoleDir = path.join(app.config.dataDir, 'console');
    fs.mkdirSync(consoleDir, { recursive: true });
    fs.writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
    const withConsole = await buildTestApp({ consoleDir, storage: app.config.storage });
    const bytes = mp4(5000);
    const hash = await place(bytes, withConsole);
    const media = await withConsole.inject({ method: 'GET', url: `/backend/media/${hash}` });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(bytes)).toBe(true);
    const page = await withConsole.inject({ method: 'GET', url: '/content/image' });
    expect(page.body).toContain('<title>console</title>');
  });

  it('answers 404 in the envelope for bytes not stored, 400 for anything but a SHA-256', async () => {
    const missing = await app.inject({ method: 'GET', url: `/backend/media/${sha256(Buffer.from('none'))}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404001, data: null });
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', 'abc', 'A'.repeat(64), `${'a'.repeat(64)}.mp4`]) {
      const response = await app.inject({ method: 'GET', url: `/backend/media/${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().code).toBe(400001);
    }
  });
});
