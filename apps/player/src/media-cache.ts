import type { FontRef, Manifest, MediaRef, Program } from '@vitrine/contract';

// The media a manifest needs, fetched ahead into Cache Storage, where the service worker answers
// /backend/media/ from (public/sw.js): a screen plays everything it is scheduled to, for a day
// and more, with the server down, including programs that have not come on yet. Secure contexts
// only (Cache Storage); elsewhere the browser's HTTP cache (immutable answers) is what there is.

/** The service worker's media cache (kept across builds of the player). */
export const MEDIA_CACHE = 'vitrine-media';
const MEDIA_PREFIX = '/backend/media/';

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
        if (await cache.match(url)) continue;
        try {
          const response = await fetch(url);
          if (response.status === 200) await cache.put(url, response);
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
