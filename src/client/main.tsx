// The entry index.html names. The app itself (boot.tsx) runs once the browser has painted the
// page: on a server-rendered page the parent can read it while the app's code starts, which takes
// about half a second of a phone's CPU. index.html links the app's files (appWithEntry() in
// vite.config.ts); a server-rendered page names them instead (server/ssr/page-renderer.ts) and they
// are fetched here, after the first paint, so that on a slow network the page's HTML has it to itself.
// They are evaluated one chunk per task, React's, then the data libraries', then the app's: in one
// task they held a phone's main thread for 250 to 300 ms, which Lighthouse counts as blocking. A
// hidden tab gets no animation frames until it is shown, and has nothing to paint, so it starts the app at once.
// As lib/next-task.ts, written out: an import of it would tie this entry to the app's chunk,
// which holds that module, and evaluate the app before the first paint.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
// A few files are asked for per task (seven, then eight at a time): each request costs the main
// thread about 3 ms on a phone (Chromium's resource fetcher), and asking for /profile's 87 files at
// once held it for 200 to 340 ms.
const FILES_PER_TASK = 8;
const fetchAppFiles = async () => {
  let asked = 0;
  for (const { content } of document.querySelectorAll<HTMLMetaElement>('meta[name="nestling-app-file"]')) {
    if (++asked % FILES_PER_TASK === 0) await nextTask();
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href: content, crossOrigin: '' }));
  }
};
// A server-rendered page inlines the CSS of what it shows and loads the full stylesheets as print
// styles, which hold no paint. Each applies once loaded, and the app waits for them, so that what
// it draws later (menus, toasts, sections drawn here) is styled. A stylesheet that failed before
// this ran fires nothing more: the page's own load event ends the wait.
const pageLoaded = new Promise((resolve) => (document.readyState === 'complete' ? resolve(null) : addEventListener('load', resolve, { once: true })));
const fullStyles = Promise.all(
  [...document.querySelectorAll<HTMLLinkElement>('link[data-full-style]')].map(async (link) => {
    if (!link.sheet) await Promise.race([pageLoaded, new Promise((resolve) => ['load', 'error'].forEach((event) => link.addEventListener(event, resolve, { once: true })))]);
    link.media = 'all';
  }),
);
const boot = async () => {
  void fetchAppFiles();
  // Each names what it uses: a bare import() of a package keeps every export, unshaken.
  await import('react-dom/client').then(({ hydrateRoot }) => hydrateRoot);
  await nextTask();
  await import('@tanstack/react-query').then(({ QueryClient }) => QueryClient);
  await nextTask();
  await fullStyles;
  await import('./boot');
};
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(() => void boot()));
else void boot();
