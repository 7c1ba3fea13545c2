import { createHash } from 'node:crypto';
import type { Manifest, Program } from '@vitrine/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheFiles, dropBroken, MEDIA_CACHE, type MediaFiles, mediaUrls, warmMedia } from './media-cache';
import { mediaSource, setMediaSource } from './render/media-source';
import { image, zoneOf } from './render/testing';

const program = (keys: string[], background: string | null = null): Program => ({
  kind: 'playlist',
  id: 1,
  name: 'P',
  width: 1920,
  height: 1080,
  background_color: '#000000',
  background: background
    ? { hash: background, url: `/backend/media/${background}`, mime: 'image/png', size: 1 }
    : null,
  duration_ms: 1000,
  zones: [
    zoneOf([
      ...keys.map((key) => image(key, 1000)),
      {
        key: 'doc',
        content_id: 9,
        duration_ms: 1000,
        transition: 'none',
        kind: 'document',
        fit: 'contain',
        pages: [{ hash: 'p1', url: '/backend/media/p1', mime: 'image/png', size: 1 }],
      },
      {
        key: 'web',
        content_id: 8,
        duration_ms: 1000,
        transition: 'none',
        kind: 'website',
        url: 'https://example.com/',
        refresh_seconds: null,
        zoom: 1,
      },
    ]),
  ],
});

const manifest = (): Manifest => ({
  version: 'v',
  default_program: program(['a1'], 'bg'),
  timezone: null,
  holidays: [],
  video_wall: null,
  schedules: [
    {
      id: 5,
      type: 'standard',
      priority: 5,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      frames: [],
      spot: null,
      exclude_holidays: false,
      approved_at: '2026-01-01T00:00:00Z',
      program: program(['b2', 'a1']),
    },
  ],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('mediaUrls', () => {
  it("lists every media file of the default content and of each schedule's program, once", () => {
    expect(mediaUrls(manifest()).sort()).toEqual(
      ['/backend/media/a1', '/backend/media/b2', '/backend/media/bg', '/backend/media/p1'].sort(),
    );
  });
});

describe('warmMedia', () => {
  it('fetches what is missing into the media cache and drops what no program uses', async () => {
    const stored = new Map<string, Response>([
      [new URL('/backend/media/a1', location.href).href, new Response('a1')],
      [new URL('/backend/media/old', location.href).href, new Response('old')],
    ]);
    const cache = {
      match: async (url: string) => stored.get(new URL(url, location.href).href),
      put: async (url: string, response: Response) =>
        void stored.set(new URL(url, location.href).href, response),
      keys: async () => [...stored.keys()].map((url) => ({ url })),
      delete: async (url: string) => stored.delete(new URL(url, location.href).href),
    };
    const open = vi.fn(async () => cache);
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('p1') ? new Response('', { status: 404 }) : new Response(url),
    );
    vi.stubGlobal('fetch', fetchMock);
    await warmMedia(manifest(), cacheFiles({ open } as unknown as CacheStorage));
    expect(open).toHaveBeenCalledWith(MEDIA_CACHE);
    expect(fetchMock.mock.calls.map(([url]) => url).sort()).toEqual([
      '/backend/media/b2',
      '/backend/media/bg',
      '/backend/media/p1',
    ]);
    expect([...stored.keys()].map((url) => new URL(url).pathname).sort()).toEqual([
      '/backend/media/a1',
      '/backend/media/b2',
      '/backend/media/bg',
    ]);
  });

  it('keeps a file named by its SHA-256 only when its bytes match, checked as they stream into the storage', async () => {
    // Any size, its length untold: checked chunk by chunk on the way to the storage, which reads
    // the body as Cache.put does and keeps nothing when it ends in an error.
    const parts = Array.from({ length: 8 }, (_, index) => Buffer.from(`part ${index} of the file;`));
    const good = Buffer.concat(parts);
    const goodHash = createHash('sha256').update(good).digest('hex');
    const badHash = createHash('sha256').update('something else').digest('hex');
    const stored = new Map<string, string>();
    const pulledAtPut: number[] = [];
    let pulled = 0;
    const cache = {
      match: async (url: string) => (stored.has(url) ? new Response(stored.get(url)) : undefined),
      put: async (url: string, response: Response) => {
        pulledAtPut.push(pulled);
        const body = await response.text();
        stored.set(url, body);
      },
      keys: async () => [],
      delete: async () => true,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        pulled = 0;
        let next = 0;
        return new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              pulled += 1;
              const part = parts[next++];
              if (part) controller.enqueue(new Uint8Array(part));
              else controller.close();
            },
          }),
        );
      }),
    );
    const m = manifest();
    m.schedules = [];
    m.default_program = program([]);
    m.default_program.zones[0]?.items.splice(
      0,
      9,
      image('x', 1000, {
        media: { hash: goodHash, url: `/backend/media/${goodHash}`, mime: 'image/png', size: good.length },
      }),
      image('y', 1000, {
        media: { hash: badHash, url: `/backend/media/${badHash}`, mime: 'image/png', size: good.length },
      }),
    );
    await warmMedia(m, cacheFiles({ open: async () => cache } as unknown as CacheStorage));
    expect([...stored.keys()]).toEqual([`/backend/media/${goodHash}`]);
    expect(stored.get(`/backend/media/${goodHash}`)).toBe(good.toString());
    // Handed to the storage before its bytes were read: never held whole in memory.
    expect(pulledAtPut).toHaveLength(2);
    for (const count of pulledAtPut) expect(count).toBeLessThan(parts.length);
  });

  it('works the same on any storage (IndexedDB on plain HTTP): puts what is missing, removes what is unused', async () => {
    const kept = new Set(['/backend/media/a1', '/backend/media/gone']);
    const files: MediaFiles = {
      has: async (url) => kept.has(url),
      put: async (url) => void kept.add(url),
      urls: async () => [...kept],
      remove: async (url) => void kept.delete(url),
      drop: async (url) => void kept.delete(url),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('x')),
    );
    await warmMedia(manifest(), files);
    expect([...kept].sort()).toEqual([
      '/backend/media/a1',
      '/backend/media/b2',
      '/backend/media/bg',
      '/backend/media/p1',
    ]);
  });

  it('keeps the startup logo and video too, with a manifest or without one', async () => {
    const kept = new Set(['/backend/media/old-logo']);
    const files: MediaFiles = {
      has: async (url) => kept.has(url),
      put: async (url) => void kept.add(url),
      urls: async () => [...kept],
      remove: async (url) => void kept.delete(url),
      drop: async (url) => void kept.delete(url),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('x')),
    );
    await warmMedia(null, files, ['/backend/media/logo', null, 'https://elsewhere.example/video.mp4']);
    expect([...kept]).toEqual(['/backend/media/logo']);
    await warmMedia(manifest(), files, ['/backend/media/logo', '/backend/media/video']);
    expect([...kept].sort()).toEqual([
      '/backend/media/a1',
      '/backend/media/b2',
      '/backend/media/bg',
      '/backend/media/logo',
      '/backend/media/p1',
      '/backend/media/video',
    ]);
  });

  it('does nothing without storage', async () => {
    await expect(warmMedia(manifest(), null)).resolves.toBeUndefined();
  });
});

describe('dropBroken', () => {
  it('drops a kept copy that failed to play, once: the renderer reads the file anew, the next warm fetches it past the HTTP cache', async () => {
    const url = '/backend/media/spoilt-video';
    const stored = new Map<string, string>([[url, 'spoilt']]);
    const cache = {
      match: async (key: string) => (stored.has(key) ? new Response(stored.get(key)) : undefined),
      put: async (key: string, response: Response) => void stored.set(key, await response.text()),
      keys: async () => [...stored.keys()].map((key) => ({ url: new URL(key, location.href).href })),
      delete: async (key: string) => stored.delete(key),
    };
    const files = cacheFiles({ open: async () => cache } as unknown as CacheStorage);
    // Not kept (played from the network): nothing to drop.
    expect(await dropBroken('/backend/media/never-kept', files)).toBe(false);
    expect(await dropBroken(url, files)).toBe(true);
    expect(stored.has(url)).toBe(false);
    // Not the URL the browser read the spoilt copy from.
    expect(mediaSource(url)).toBe(`${url}?renewed`);
    const fetchMock = vi.fn(async () => new Response('fresh'));
    vi.stubGlobal('fetch', fetchMock);
    await warmMedia(null, files, [url]);
    expect(fetchMock).toHaveBeenCalledWith(url, { cache: 'reload' });
    expect(stored.get(url)).toBe('fresh');
    // The fresh copy failing as well is the file's fault (or the browser's): it stays.
    expect(await dropBroken(url, files)).toBe(false);
    expect(stored.get(url)).toBe('fresh');
    await warmMedia(null, files, [url, '/backend/media/other']);
    expect(fetchMock).toHaveBeenLastCalledWith('/backend/media/other', undefined);
    setMediaSource(url, null);
  });
});
