// The site's service worker: keeps a copy of every file of the site so the page (and
// its engine) works offline after the first visit. Online, each file is fetched afresh
// (revalidated) and the copy refreshed, so a newly published site is what a reload
// shows; offline, the copy answers. scripts/build-site stamps VERSION with a hash of
// the site's files, so a new publication installs a new worker, which drops the old copy.

const VERSION = 'dev';
// Caches are shared by the whole origin: the name holds this copy's scope, so two sites
// in two folders of one origin never drop each other's copy.
const PREFIX = `sudokit ${self.registration.scope} `;
const CACHE = PREFIX + VERSION;
const FILES = [
  './', 'index.html', 'style.css', 'main.js', 'model.js', 'view.js', 'api.js', 'engine.js', 'worker.js',
  'site.json', 'favicon.svg', 'icon-192.png', 'icon-512.png', 'icon-maskable-512.png', 'manifest.webmanifest',
  'pkg/sudokit_wasm.js', 'pkg/sudokit_wasm_bg.wasm',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(fresh(request, url));
});

async function fresh(request, url) {
  const cache = await caches.open(CACHE);
  const scope = new URL(self.registration.scope);
  // The page, with or without a query (a shared puzzle), is kept as the scope's own
  // address; any other file under its own path.
  const page = url.pathname === scope.pathname || url.pathname === `${scope.pathname}index.html`;
  const key = page ? scope.href : url.origin + url.pathname;
  try {
    // A navigation is fetched as the browser asked (its redirects are the browser's to
    // follow, and a reload revalidates); any other file is revalidated.
    const response = request.mode === 'navigate'
      ? await fetch(request)
      : await fetch(url.href, { cache: 'no-cache', credentials: 'same-origin' });
    if (response.ok && !response.redirected && (request.mode !== 'navigate' || page)) {
      await cache.put(key, response.clone());
    }
    return response;
  } catch (err) {
    const copy = await cache.match(key);
    if (copy) return copy;
    throw err;
  }
}
