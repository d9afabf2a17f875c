// Nestling's service worker, served at /sw.js with scope /. Plain JavaScript, not bundled: the
// browser fetches it by this name, and Cache-Control: no-cache makes it check for a new one.
// Sections: lifecycle, push notifications. (Offline caching, when it comes, gets its own section.)

// ---- Lifecycle -------------------------------------------------------------------------

// A new version takes over at once: it holds no state an open page depends on.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
