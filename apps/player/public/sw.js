// The player's service worker: keeps this build's own files so the player starts with the server
// unreachable. The build writes its file list and version in place of the placeholder below
// (vite.config.ts); a new build changes this file, so browsers install it and drop the old cache.
// /backend is never cached here (its calls always go to the network), except /backend/media/:
// files named by their hash, which never change. The page fetches a manifest's media ahead into
// MEDIA_CACHE (src/media-cache.ts); this worker answers from it first, ranges included, so the
// screen plays with the server down; it never writes it. Upgraded builds of the player, kept by
// the page in caches of their own (src/upgrade/builds.ts), are answered under /player/v/<version>/
// from those alone.
const BUILD = self.__VITRINE_BUILD__;
const PREFIX = 'vitrine-player-';
// Not under PREFIX: a new build keeps the media.
const MEDIA_CACHE = 'vitrine-media';
const MEDIA_PATH = '/backend/media/';
// Not under PREFIX either: a new shipped build keeps the upgraded builds (the page drops them).
const KEPT_PREFIX = 'vitrine-build-';
const KEPT_PATH = '/player/v/';
const CACHE = `${PREFIX}${BUILD.version}`;
const SHELL = './';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...BUILD.files]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith(PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(MEDIA_PATH)) {
    event.respondWith(media(request));
    return;
  }
  if (url.pathname.startsWith('/backend/')) return;
  if (url.pathname.startsWith(KEPT_PATH)) {
    event.respondWith(keptBuild(url));
    return;
  }
  if (request.mode === 'navigate') {
    // The build's other page (preview.html, framed by the console) is not the player's shell.
    if (url.pathname.endsWith('.html') && !url.pathname.endsWith('/index.html')) return;
    // The page itself: the newest when the server answers (it names the current build's files),
    // else the cached one, whatever the query (?lang=, ?mac=).
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(SHELL, copy)));
          }
          return response;
        })
        .catch(() => caches.match(SHELL, { cacheName: CACHE }).then((cached) => cached ?? Response.error())),
    );
    return;
  }
  if (!url.pathname.startsWith(new URL(self.registration.scope).pathname)) return;
  // The build's files never change under one name: the cache answers first.
  event.respondWith(caches.match(request, { cacheName: CACHE }).then((cached) => cached ?? fetch(request)));
});

/** A file of an upgraded build (its page when the path ends in /): from its cache only, else 404. */
async function keptBuild(url) {
  const [version, ...rest] = url.pathname.slice(KEPT_PATH.length).split('/');
  const path = rest.join('/') || 'index.html';
  const cached = await caches.match(`${KEPT_PATH}${version}/${path}`, {
    cacheName: `${KEPT_PREFIX}${decodeURIComponent(version)}`,
  });
  return (
    cached ??
    new Response('Not kept on this screen.', { status: 404, headers: { 'content-type': 'text/plain' } })
  );
}

/**
 * A media file: from the cache (cut to the range asked for), else the network. Only the page writes
 * the cache (src/media-cache.ts), each file checked against the hash it is named by as it is
 * stored: a copy damaged on the way is never kept. A copy that failed to play anyway is dropped
 * and the page reads the file under a query of its own (?renewed, MediaFiles.drop): the query is
 * ignored here, so the file comes from the network until it is kept again, then from the cache.
 */
async function media(request) {
  const cache = await caches.open(MEDIA_CACHE);
  const cached = await cache.match(request.url, { ignoreVary: true, ignoreSearch: true });
  if (!cached) return fetch(request);
  const range = request.headers.get('range');
  return range ? ranged(cached, range) : cached;
}

/** The part of a cached file a Range header asks for (bytes=start-end, start-, -suffix), as 206. */
async function ranged(response, range) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!match || (match[1] === '' && match[2] === '')) return response;
  const blob = await response.blob();
  const size = blob.size;
  let start;
  let end;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) {
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
  }
  return new Response(blob.slice(start, end + 1), {
    status: 206,
    headers: {
      'content-type': response.headers.get('content-type') ?? 'application/octet-stream',
      'content-range': `bytes ${start}-${end}/${size}`,
      'content-length': String(end - start + 1),
      'accept-ranges': 'bytes',
    },
  });
}
