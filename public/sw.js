// Nestling's service worker, served at /sw.js with scope /. Plain JavaScript, not bundled: the
// browser fetches it by this name, and Cache-Control: no-cache makes it check for a new one.
// Sections: offline app shell, updates, push notifications.

// ---- Offline app shell ----------------------------------------------------------------

// The build (vite.config.ts) puts the list of every file it wrote that a page can need (index.html,
// the hashed scripts and styles, the icons) and its version on the first line of the built sw.js.
// Under the Vite dev server there is no list and nothing is precached.
const PRECACHE = self.__NESTLING_PRECACHE__ || { version: 'dev', urls: [] };
const CACHE_PREFIX = 'nestling-shell-';
// One cache per build: installing copies the build's files into a new cache, and activating drops
// the old ones. The hashed files come from the HTTP cache when they did not change.
const PRECACHE_NAME = CACHE_PREFIX + PRECACHE.version;
/** index.html holds no family data: it is the only page this worker ever stores. */
const SHELL_URL = '/index.html';
/** Data, live updates and a family's images, videos and downloads always go to the network. */
const NEVER_CACHED = /^\/(api|trpc|ws)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PRECACHE_NAME);
      // One file at a time: the install runs while the parent is using the page, and a burst of a
      // hundred requests would take every connection the page has and delay what it asks for.
      for (const url of PRECACHE.urls) {
        // A hashed file never changes, so the copy the page just loaded will do; the unhashed ones
        // (index.html, the icons) are revalidated rather than taken stale.
        await cache.add(new Request(url, { cache: url.startsWith('/assets/') ? 'default' : 'no-cache' }));
      }
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || NEVER_CACHED.test(url.pathname)) return;

  if (request.mode === 'navigate') {
    // Network first, and the response is never stored: a server-rendered page may hold a
    // family's data. Offline, the precached shell opens and the app shows what it kept.
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(SHELL_URL, { cacheName: PRECACHE_NAME })) || Response.error()),
    );
    return;
  }

  if (PRECACHE.urls.includes(url.pathname)) {
    event.respondWith((async () => (await caches.match(url.pathname, { cacheName: PRECACHE_NAME })) || fetch(request))());
  }
});

// ---- Updates ---------------------------------------------------------------------------

// A new version waits until the page says the parent chose to reload (src/client/lib/service-worker.ts):
// taking over at once would leave an open tab running old code against a new worker and new files.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== PRECACHE_NAME).map((name) => caches.delete(name)));
      // Every open tab, even one opened before the first install, is controlled: notificationclick needs that.
      await self.clients.claim();
    })(),
  );
});

// ---- Push notifications ----------------------------------------------------------------

/** The server sends {title, body, url, tag?} (features/push); a push it cannot read still shows something. */
function readPush(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return {
      title: typeof data.title === 'string' && data.title ? data.title : 'Nestling',
      body: typeof data.body === 'string' ? data.body : '',
      url: typeof data.url === 'string' ? data.url : '/',
      tag: typeof data.tag === 'string' && data.tag ? data.tag : undefined,
    };
  } catch {
    return { title: 'Nestling', body: '', url: '/', tag: undefined };
  }
}

/** Only a page of this app is opened from a notification: anything else opens the home page. */
function sameOriginUrl(url) {
  const target = new URL(url, self.location.origin);
  return target.origin === self.location.origin ? target.href : new URL('/', self.location.origin).href;
}

self.addEventListener('push', (event) => {
  const message = readPush(event);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: sameOriginUrl(message.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || sameOriginUrl('/');
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
      if (tab) {
        try {
          // navigate() needs a tab this worker controls, which clients.claim() above makes every open one.
          await (await tab.focus()).navigate(url);
          return;
        } catch {
          // An uncontrolled or closing tab: a new window instead.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
