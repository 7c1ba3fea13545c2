import type { FontRef, Manifest, MediaRef, Program } from '@vitrine/contract';
import { createSHA256 } from 'hash-wasm';
import { hasMediaSource, setMediaSource } from './render/media-source';

// The media a manifest needs, fetched ahead so that a screen plays everything it is scheduled to,
// for a day and more, with the server down, including programs that have not come on yet. In a
// secure context into Cache Storage, where the service worker answers /backend/media/ from
// (public/sw.js); elsewhere (plain HTTP from another host) into IndexedDB, whose copies the
// renderer loads through object URLs (render/media-source.ts).

/** The service worker's media cache (kept across builds of the player). */
export const MEDIA_CACHE = 'vitrine-media';
const MEDIA_PREFIX = '/backend/media/';
const SHA256_HEX = /^[0-9a-f]{64}$/;
/** The query a renewed file is read with (MediaFiles.drop); the service worker ignores it. */
const RENEWED = 'renewed';

/** The SHA-256 a media URL names (/backend/media/<hash>), or null when it names none. */
function hashOf(url: string): string | null {
  const name = url.slice(url.lastIndexOf('/') + 1).toLowerCase();
  return SHA256_HEX.test(name) ? name : null;
}

/**
 * A fetched file whose bytes are checked against the hash it is named by as they pass on to the
 * storage, whatever its size: hashed chunk by chunk (hash-wasm, as the console's uploads: Web
 * Crypto has no incremental digest), never held whole in memory. Damaged on the way, its body ends
 * in an error instead of its last chunk, and the storage reading it keeps nothing (Cache.put and
 * Response.blob reject).
 */
async function verified(url: string, response: Response): Promise<Response> {
  const hash = hashOf(url);
  if (!hash || !response.body) return response;
  const digest = await createSHA256();
  digest.init();
  const check = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      digest.update(chunk);
      controller.enqueue(chunk);
    },
    flush(controller) {
      // Damaged on the way: the next round fetches it again.
      if (digest.digest('hex') !== hash) controller.error(new Error(`${url}: not the file its hash names`));
    },
  });
  return new Response(response.body.pipeThrough(check), { status: 200, headers: response.headers });
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

/** Where a screen keeps its media files, by URL (/backend/media/<hash>). */
export type MediaFiles = {
  has(url: string): Promise<boolean>;
  put(url: string, response: Response): Promise<void>;
  urls(): Promise<string[]>;
  remove(url: string): Promise<void>;
  /**
   * Removes a copy that failed to play; the renderer reads the file from elsewhere from then on
   * (render/media-source.ts), never again from what the browser keeps of where it read it before.
   */
  drop(url: string): Promise<void>;
};

const pathOf = (url: string) => new URL(url, location.href).pathname;

/** Cache Storage (secure contexts): the service worker serves these. */
export function cacheFiles(storage: CacheStorage): MediaFiles {
  const open = () => storage.open(MEDIA_CACHE);
  const remove = async (url: string) => void (await (await open()).delete(url, { ignoreVary: true }));
  return {
    has: async (url) => !!(await (await open()).match(url, { ignoreVary: true })),
    put: async (url, response) => (await open()).put(url, response),
    urls: async () => (await (await open()).keys()).map((request) => pathOf(request.url)),
    remove,
    async drop(url) {
      await remove(url);
      // Chromium reads a URL a media element loaded again from what it keeps of it (in memory, in
      // its HTTP cache), broken bytes and all: the renderer asks for the file under a URL of its
      // own, which the service worker answers as the file's (from the network, then the cache).
      setMediaSource(url, `${url}?${RENEWED}`);
    },
  };
}

const MEDIA_DB = 'vitrine-media';
const FILES = 'files';

function request<T>(call: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    call.onsuccess = () => resolve(call.result);
    call.onerror = () => reject(call.error);
  });
}

/**
 * IndexedDB (any context): each file a Blob under its URL, shown through an object URL registered
 * with the renderer. restore() registers what an earlier run kept; call it before playing.
 */
export function indexedDbFiles(factory: IDBFactory): MediaFiles & { restore(): Promise<void> } {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = factory.open(MEDIA_DB, 1);
      open.onupgradeneeded = () => {
        if (!open.result.objectStoreNames.contains(FILES)) open.result.createObjectStore(FILES);
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    }).catch((error) => {
      opened = null;
      throw error;
    });
    return opened;
  };
  const files = async (mode: IDBTransactionMode) => (await db()).transaction(FILES, mode).objectStore(FILES);
  const remove = async (url: string) => {
    await request((await files('readwrite')).delete(url));
    // The object URL stays valid: a program still on screen may be showing it.
    setMediaSource(url, null);
  };
  return {
    has: async (url) => hasMediaSource(url),
    async put(url, response) {
      const blob = await response.blob();
      await request((await files('readwrite')).put(blob, url));
      setMediaSource(url, URL.createObjectURL(blob));
    },
    urls: async () => (await request((await files('readonly')).getAllKeys())).map(String),
    remove,
    // Read from the network from then on (its object URL forgotten), from a new one once kept again.
    drop: remove,
    async restore() {
      try {
        const store = await files('readonly');
        const [keys, blobs] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
        keys.forEach((key, index) => {
          const blob = blobs[index];
          if (blob instanceof Blob) setMediaSource(String(key), URL.createObjectURL(blob));
        });
      } catch {
        // No IndexedDB after all: the network (and the HTTP cache) it is.
      }
    },
  };
}

/** The screen's media storage: Cache Storage where it exists, else IndexedDB, else none. */
export function screenMediaFiles(): (MediaFiles & { restore?: () => Promise<void> }) | null {
  if (globalThis.caches) return cacheFiles(globalThis.caches);
  if (globalThis.indexedDB) return indexedDbFiles(globalThis.indexedDB);
  return null;
}

/** Files whose copy failed to play and was dropped: fetched anew past the HTTP cache, once each. */
const dropped = new Set<string>();

/**
 * A kept file failed to play (render/zone.ts onMediaFailed): its copy is dropped (so the next try
 * plays it from the network, and warmMedia fetches it anew, past the HTTP cache, checked against
 * its hash). Once per file: a fresh copy that fails as well is not the copy's fault but the file's
 * or the browser's (a format it cannot decode), and downloading it again would not help. Resolves
 * whether it was dropped: the caller then warms the media again.
 */
export async function dropBroken(url: string, files: MediaFiles | null): Promise<boolean> {
  if (!files || dropped.has(url)) return false;
  try {
    if (!(await files.has(url))) return false;
    dropped.add(url);
    await files.drop(url);
    return true;
  } catch {
    return false; // Storage refused (a browser setting): nothing there to drop.
  }
}

let warming: Promise<void> | null = null;
let again: { manifest: Manifest | null; also: readonly (string | null)[] } | null = null;

/**
 * Fetches what the manifest needs, and `also` (the startup logo and video), that is not kept yet
 * (one file at a time: playing comes first), then drops kept files none of them uses any more. A
 * call while one runs is taken up after it.
 */
export function warmMedia(
  manifest: Manifest | null,
  files: MediaFiles | null,
  also: readonly (string | null)[] = [],
): Promise<void> {
  if (!files) return Promise.resolve();
  if (warming) {
    again = { manifest, also };
    return warming;
  }
  warming = (async () => {
    try {
      const extra = also.filter((url): url is string => !!url?.startsWith(MEDIA_PREFIX));
      const wanted = [...new Set([...(manifest ? mediaUrls(manifest) : []), ...extra])];
      for (const url of wanted) {
        if (again) break;
        if (await files.has(url)) continue;
        try {
          const response = await fetch(url, dropped.has(url) ? { cache: 'reload' } : undefined);
          if (response.status === 200) await files.put(url, await verified(url, response));
        } catch {
          // Unreachable, or damaged on the way: the next manifest (or reconnect) tries again.
        }
      }
      if (!again) {
        const keep = new Set(wanted.map(pathOf));
        for (const url of await files.urls()) if (!keep.has(pathOf(url))) await files.remove(url);
      }
    } catch {
      // Storage refused (a browser setting, the quota): the HTTP cache serves what it can.
    } finally {
      warming = null;
    }
    const next = again;
    again = null;
    if (next) await warmMedia(next.manifest, files, next.also);
  })();
  return warming;
}
