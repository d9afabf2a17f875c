// The entry index.html names. The app itself (boot.tsx) runs once the browser has painted the
// page: on a server-rendered page the parent can read it while the app's code starts, which takes
// about half a second of a phone's CPU. Its files are fetched at once all the same: index.html
// links them (appWithEntry() in vite.config.ts). They are evaluated one chunk per task, React's,
// then the data libraries', then the app's: in one task they held a phone's main thread for
// 250 to 300 ms, which Lighthouse counts as blocking. A hidden tab gets no animation frames until
// it is shown, and has nothing to paint, so it starts the app at once.
// As lib/next-task.ts, written out: an import of it would tie this entry to the app's chunk,
// which holds that module, and evaluate the app before the first paint.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
const boot = async () => {
  // Each names what it uses: a bare import() of a package keeps every export, unshaken.
  await import('react-dom/client').then(({ hydrateRoot }) => hydrateRoot);
  await nextTask();
  await import('@tanstack/react-query').then(({ QueryClient }) => QueryClient);
  await nextTask();
  await import('./boot');
};
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(() => void boot()));
else void boot();
