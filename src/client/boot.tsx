import './app/first-load-styles';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { HYDRATION_MARK, SSR_STATE_ID, type SsrPage } from './app/ssr-state';
import { preloadSections } from './lib/lazy-with-styles';
import { keepTimeZoneCookie } from './lib/server-clock';

// Zod probes for eval with `new Function` when its first schema is built, and our CSP
// (script-src 'self') reports that as a violation even though Zod catches it. `jitless` skips
// the probe. This is the object z.config() writes to; setting it here, before any schema module
// loads, keeps Zod itself out of the first load (importing config() would bring 4 kB of it).
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root')!;
const router = createAppRouter();
// Present when the server rendered this page (not in index.html, the offline shell).
const ssrText = document.getElementById(SSR_STATE_ID)?.textContent;
const ssr = ssrText ? (JSON.parse(ssrText) as SsrPage) : undefined;
const app = (
  <StrictMode>
    <App router={router} ssr={ssr} />
  </StrictMode>
);
if (ssr) {
  // What TanStack Router's own hydration sets (router-core's ssr/client): the router then renders
  // its matches as it did on the server. It waits for the route's code, and the lazy sections'
  // code, for the same reason: hydration must find the page's code all there.
  router.ssr = { manifest: undefined };
  void router
    .load()
    .then(() => preloadSections(ssr.sections))
    .then(() => {
      // For profiles and the browser tests: what loaded before hydration, and how long it took.
      performance.mark(HYDRATION_MARK);
      // In a transition React hydrates in slices of a few milliseconds, yielding to the browser
      // between them, where a default-priority hydration takes the main thread for the whole page
      // in one long task (the blocking time a phone feels). A tap or key before it ends makes React
      // finish at once and replay the event, so nothing the parent does early is lost.
      startTransition(() => {
        hydrateRoot(root, app);
      });
    });
} else {
  createRoot(root).render(app);
}
keepTimeZoneCookie();
