import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// public/sw.js, run against a fake worker scope: how it answers /backend/media/.

const SOURCE = readFileSync(path.join(import.meta.dirname, '../public/sw.js'), 'utf8');
const ORIGIN = 'https://screen.example';
const FILE = `${ORIGIN}/backend/media/${'a'.repeat(64)}`;
const BYTES = '0123456789';

type FetchEvent = { request: Request; respondWith(answer: Promise<Response>): void; waitUntil(): void };

let media: Map<string, Response>;
let network: ReturnType<typeof vi.fn>;
let onFetch: (event: FetchEvent) => void;

beforeEach(() => {
  media = new Map();
  network = vi.fn(
    async (request: Request) => new Response(`network ${request.headers.get('range')}`, { status: 206 }),
  );
  const listeners = new Map<string, (event: FetchEvent) => void>();
  const scope = {
    __VITRINE_BUILD__: { version: '1', files: [] },
    location: { origin: ORIGIN },
    registration: { scope: `${ORIGIN}/player/` },
    addEventListener: (type: string, listener: (event: FetchEvent) => void) => listeners.set(type, listener),
  };
  const caches = {
    open: async () => ({
      match: async (url: string, options?: CacheQueryOptions) =>
        media.get(options?.ignoreSearch ? url.split('?')[0] : url)?.clone(),
      put: async (url: string, response: Response) => void media.set(url, response),
    }),
  };
  new Function('self', 'caches', 'fetch', SOURCE)(scope, caches, network);
  onFetch = listeners.get('fetch') as (event: FetchEvent) => void;
});

/** What the worker answers a request for the file, with a Range header or none. */
function ask(range?: string, url = FILE): Promise<Response> {
  const request = new Request(url, { headers: range ? { range } : {} });
  let answer: Promise<Response> | undefined;
  onFetch({
    request,
    respondWith: (given) => {
      answer = given;
    },
    waitUntil: () => {},
  });
  if (!answer) throw new Error('not answered');
  return answer;
}

describe('service worker: media', () => {
  it('answers a file not kept from the network, as it comes, and keeps nothing of it', async () => {
    const answer = await ask('bytes=0-');
    expect(await answer.text()).toBe('network bytes=0-');
    expect(network).toHaveBeenCalledTimes(1);
    await ask();
    expect(network).toHaveBeenCalledTimes(2);
    expect(media.size).toBe(0);
  });

  it('answers a kept file from the cache: the whole, or the range asked for as 206', async () => {
    media.set(FILE, new Response(BYTES, { headers: { 'content-type': 'video/mp4' } }));
    expect(await (await ask()).text()).toBe(BYTES);
    const part = await ask('bytes=2-5');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(await part.text()).toBe('2345');
    const tail = await ask('bytes=-3');
    expect([tail.headers.get('content-range'), await tail.text()]).toEqual(['bytes 7-9/10', '789']);
    const past = await ask('bytes=10-');
    expect([past.status, past.headers.get('content-range')]).toEqual([416, 'bytes */10']);
    expect(network).not.toHaveBeenCalled();
  });

  it('answers a file read under a query of its own (renewed after a copy failed to play) as the file', async () => {
    const renewed = `${FILE}?renewed`;
    expect(await (await ask('bytes=0-', renewed)).text()).toBe('network bytes=0-');
    expect(network.mock.calls[0]?.[0].url).toBe(renewed);
    media.set(FILE, new Response(BYTES, { headers: { 'content-type': 'video/mp4' } }));
    expect(await (await ask('bytes=2-5', renewed)).text()).toBe('2345');
    expect(network).toHaveBeenCalledTimes(1);
  });
});
