import type { PackageFile } from './package';

// Upgraded builds of the player, kept in Cache Storage (one cache per version) at the URLs the
// service worker answers them from (public/sw.js: cache-only under /player/v/). Not under the
// worker's own `vitrine-player-` prefix, whose activation deletes the caches of earlier builds.

export const BUILD_CACHE_PREFIX = 'vitrine-build-';
const BUILD_PATH = '/player/v/';

export const buildCacheName = (version: string): string => `${BUILD_CACHE_PREFIX}${version}`;
/** Where a kept build's page is: the service worker answers it from the build's cache. */
export const buildUrl = (version: string, path = ''): string => `${BUILD_PATH}${version}/${path}`;

/** The version of the kept build this page runs as (/player/v/<version>/…), or null for the shipped one. */
export function runningBuild(pathname: string): string | null {
  if (!pathname.startsWith(BUILD_PATH)) return null;
  const version = pathname.slice(BUILD_PATH.length).split('/')[0];
  return version ? decodeURIComponent(version) : null;
}

/**
 * Puts every file of a build in its own cache as it comes (an earlier copy of that version is
 * dropped first). index.html goes in last, so a build whose index.html is kept is whole.
 */
export async function keepBuild(
  storage: CacheStorage,
  version: string,
  files: AsyncIterable<PackageFile> | Iterable<PackageFile>,
): Promise<void> {
  await storage.delete(buildCacheName(version));
  const cache = await storage.open(buildCacheName(version));
  const put = (file: PackageFile) => {
    const headers = { 'content-type': file.type, 'content-length': String(file.bytes.byteLength) };
    return cache.put(buildUrl(version, file.path), new Response(file.bytes as BodyInit, { headers }));
  };
  let index: PackageFile | null = null;
  for await (const file of files) {
    if (file.path === 'index.html') index = file;
    else await put(file);
  }
  if (index) await put(index);
}

/** Whether a whole build of this version is kept. */
export async function hasBuild(storage: CacheStorage, version: string): Promise<boolean> {
  if (!(await storage.has(buildCacheName(version)))) return false;
  const cache = await storage.open(buildCacheName(version));
  return (await cache.match(buildUrl(version, 'index.html'))) !== undefined;
}

export const dropBuild = (storage: CacheStorage, version: string): Promise<boolean> =>
  storage.delete(buildCacheName(version));

/** Drops every kept build but these versions. */
export async function keepOnlyBuilds(storage: CacheStorage, versions: (string | null)[]): Promise<void> {
  const kept = new Set(versions.filter((version) => version !== null).map(buildCacheName));
  const names = await storage.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(BUILD_CACHE_PREFIX) && !kept.has(name))
      .map((name) => storage.delete(name)),
  );
}

/** Caches of downloads under way (download.ts): not a kept build's nor the shipped worker's. */
const DOWNLOAD_CACHE_PREFIX = 'vitrine-download-';

/** The cache of the download of the package with this MD5. */
export const downloadCacheName = (md5: string): string => `${DOWNLOAD_CACHE_PREFIX}${md5.toLowerCase()}`;

/**
 * Drops the downloads under way but the one in `keep` (a cache name). Here, with the builds, and
 * not with the download's code: a page without a mandatory offer drops what an earlier page kept
 * of an offer that went since, without loading the download's code.
 */
export async function dropDownloads(storage: CacheStorage, keep?: string): Promise<void> {
  const names = await storage.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(DOWNLOAD_CACHE_PREFIX) && name !== keep)
      .map((name) => storage.delete(name)),
  );
}

/** Cache Storage, when this page may use it (a secure context). */
export const buildStorage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);
