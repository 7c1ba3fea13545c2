import type { FontRef, Manifest, MediaRef, Program } from '@vitrine/contract';

// The media a manifest needs, fetched ahead into Cache Storage, where the service worker answers
// /backend/media/ from (public/sw.js): a screen plays everything it is scheduled to, for a day
// and more, with the server down, including programs that have not come on yet. Secure contexts
// only (Cache Storage); elsewhere the browser's HTTP cache (immutable answers) is what there is.

/** The service worker's media cache (kept across builds of the player). */
export const MEDIA_CACHE = 'vitrine-media';
const MEDIA_PREFIX = '/backend/media/';
/** Files up to this size are checked against their SHA-256 (their name) before they are kept; larger ones would cost too much memory. */
export const VERIFY_MAX_BYTES = 64 * 1024 * 1024;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The SHA-256 a media URL names (/backend/media/<hash>), or null when it names none. */
function hashOf(url: string): string | null {
  const name = url.slice(url.lastIndexOf('/') + 1).toLowerCase();
  return SHA256_HEX.test(name) ? name : null;
}

async function sha256Hex(body: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Keeps a fetched file, after checking its bytes against the hash it is named by when that is affordable. */
async function keep(cache: Cache, url: string, response: Response): Promise<void> {
  const hash = hashOf(url);
  const size = Number(response.headers.get('content-length') ?? Number.NaN);
  if (!hash || !globalThis.crypto?.subtle || !(size <= VERIFY_MAX_BYTES)) return cache.put(url, response);
  const body = await response.arrayBuffer();
  if ((await sha256Hex(body)) !== hash) return; // damaged on the way: the next round fetches it again
  await cache.put(url, new Response(body, { status: 200, headers: response.headers }));
}

function programUrls(program: Program, urls: Set<string>): void {
  const add = (ref: MediaRef | FontRef | null | undefined) => {
    if (ref?.url?.startsWith(MEDIA_PREFIX)) urls.add(ref.url);
  };
  add(program.background);
  for (const zone of program.zones) {
    for (const item of zone.items) {
      if ('media' in item) add(item.media);
      if (item.kind === 'document') item.pages.forEach(add);
      if (item.kind === 'text') add(item.text.font);
      if (item.kind === 'clock') add(item.clock.font);
    }
  }
}

/** Every /backend/media/ URL the manifest's programs use: the default content and each schedule's. */
export function mediaUrls(manifest: Manifest): string[] {
  const urls = new Set<string>();
  if (manifest.default_program) programUrls(manifest.default_program, urls);
  for (const schedule of manifest.schedules ?? []) programUrls(schedule.program, urls);
  return [...urls];
}

let warming: Promise<void> | null = null;
let again: Manifest | null = null;

/**
 * Fetches what the manifest needs and is not cached yet (one file at a time: playing comes first),
 * then drops cached files no manifest program uses any more. A call while one runs is taken up after it.
 */
export function warmMediaCache(
  manifest: Manifest,
  storage: CacheStorage | null = globalThis.caches ?? null,
): Promise<void> {
  if (!storage) return Promise.resolve();
  if (warming) {
    again = manifest;
    return warming;
  }
  warming = (async () => {
    try {
      const cache = await storage.open(MEDIA_CACHE);
      const wanted = mediaUrls(manifest);
      for (const url of wanted) {
        if (again) break;
        if (await cache.match(url, { ignoreVary: true })) continue;
        try {
          const response = await fetch(url);
          if (response.status === 200) await keep(cache, url, response);
        } catch {
          // Unreachable: the next manifest (or reconnect) tries again.
        }
      }
      if (!again) {
        const keep = new Set(wanted.map((url) => new URL(url, location.href).href));
        for (const request of await cache.keys()) if (!keep.has(request.url)) await cache.delete(request);
      }
    } catch {
      // No Cache Storage after all (a browser setting): the HTTP cache serves what it can.
    } finally {
      warming = null;
    }
    const next = again;
    again = null;
    if (next) await warmMediaCache(next, storage);
  })();
  return warming;
}
