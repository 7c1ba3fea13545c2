import { createHash } from 'node:crypto';
import type { Manifest, Program } from '@vitrine/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheFiles, MEDIA_CACHE, type MediaFiles, mediaUrls, warmMedia } from './media-cache';
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

  it('keeps a file named by its SHA-256 only when its bytes match', async () => {
    const good = 'vitrine';
    const goodHash = createHash('sha256').update(good).digest('hex');
    const badHash = createHash('sha256').update('something else').digest('hex');
    const stored = new Map<string, Response>();
    const cache = {
      match: async (url: string) => stored.get(url),
      put: async (url: string, response: Response) => void stored.set(url, response),
      keys: async () => [],
      delete: async () => true,
    };
    const bytes = (body: string) =>
      new Response(body, { headers: { 'content-length': String(body.length) } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => bytes(good)),
    );
    const m = manifest();
    m.schedules = [];
    m.default_program = program([]);
    m.default_program.zones[0]?.items.splice(
      0,
      9,
      image('x', 1000, {
        media: { hash: goodHash, url: `/backend/media/${goodHash}`, mime: 'image/png', size: 7 },
      }),
      image('y', 1000, {
        media: { hash: badHash, url: `/backend/media/${badHash}`, mime: 'image/png', size: 7 },
      }),
    );
    await warmMedia(m, cacheFiles({ open: async () => cache } as unknown as CacheStorage));
    expect([...stored.keys()]).toEqual([`/backend/media/${goodHash}`]);
    expect(await stored.get(`/backend/media/${goodHash}`)?.text()).toBe(good);
  });

  it('works the same on any storage (IndexedDB on plain HTTP): puts what is missing, removes what is unused', async () => {
    const kept = new Set(['/backend/media/a1', '/backend/media/gone']);
    const files: MediaFiles = {
      has: async (url) => kept.has(url),
      put: async (url) => void kept.add(url),
      urls: async () => [...kept],
      remove: async (url) => void kept.delete(url),
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
