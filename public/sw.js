// Service worker: the whole site works offline after one visit. cmake/SizerSite.cmake fills in
// the version (a hash of every file, so each deploy gets a fresh cache), the precache list and
// the files fetched only on demand (the Chinese font: English pages never download it), which are
// cached the first time the page asks for them. register-sw.js installs this after the first
// frame. All URLs are relative to this file, so the site works at / and under /llm-sizer/.
const VERSION = '@SIZER_SITE_VERSION@';
const PRECACHE = [@SIZER_PRECACHE_LIST@];
const ON_DEMAND = [@SIZER_ON_DEMAND_LIST@].map((path) => new URL(path, self.location).href);
const CACHE = 'llm-sizer-' + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      // 'no-cache': revalidate with the server (an ETag answer costs no second download of what
      // the page just fetched), never an unchecked copy from an older deploy.
      .then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: 'no-cache' }))))
      .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((k) => k.startsWith('llm-sizer-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()));
});

// The page fetched on-demand files before this worker controlled it (a first visit in Chinese):
// register-sw.js asks for them to be cached too, so the next visit works offline in Chinese.
self.addEventListener('message', (event) => {
  if (event.data !== 'cache-on-demand') return;
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(ON_DEMAND.map((url) => new Request(url, { cache: 'no-cache' })))));
});

// Cache first for the precached files (they change only with VERSION); the network for anything
// else, keeping a copy of the on-demand files. Navigations fall back to the cached page of the
// same name, then to index.html.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      cache.match(request, { ignoreSearch: true }).then((hit) => {
        if (hit) return hit;
        return fetch(request).then((response) => {
          const url = request.url.split(/[?#]/)[0];
          if (response.ok && ON_DEMAND.includes(url)) cache.put(url, response.clone());
          return response;
        }, () => {
          if (request.mode === 'navigate') {
            return cache.match(new URL('./', self.location).href).then((page) => page || Response.error());
          }
          return Response.error();
        });
      })));
});
