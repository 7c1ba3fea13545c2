// The player's service worker: keeps this build's own files so the player starts with the server
// unreachable. The build writes its file list and version in place of the placeholder below
// (vite.config.ts); a new build changes this file, so browsers install it and drop the old cache.
// /backend is never cached here: its calls always go to the network.
const BUILD = self.__VITRINE_BUILD__;
const PREFIX = 'vitrine-player-';
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
  if (url.pathname.startsWith('/backend/')) return;
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
