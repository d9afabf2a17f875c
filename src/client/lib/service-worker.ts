/**
 * The one registration of public/sw.js (scope /), shared by the offline app shell, updates and
 * Web Push. A new version of the worker waits (see sw.js) until the parent chooses to reload.
 */

const SCRIPT = '/sw.js';

export function supportsServiceWorker(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator;
}

let registering: Promise<ServiceWorkerRegistration> | undefined;

/** Registers the worker once per page; later calls answer the same registration. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  registering ??= navigator.serviceWorker.register(SCRIPT, { scope: '/' });
  return registering;
}

/** The registration, if this browser has one for the app, without registering anything. */
export function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

/**
 * Calls onReady once a new version is installed and waiting while this page runs the current one.
 * The first install (no controller yet) is not an update. Answers a function that stops watching.
 */
export function watchForUpdate(registration: ServiceWorkerRegistration, onReady: () => void): () => void {
  const check = () => {
    if (registration.waiting && navigator.serviceWorker.controller) onReady();
  };
  const onUpdateFound = () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') check();
    });
  };
  // A tab left open for days never navigates: look for a release whenever the parent comes back to it.
  const onVisible = () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  };
  check();
  registration.addEventListener('updatefound', onUpdateFound);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    registration.removeEventListener('updatefound', onUpdateFound);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/**
 * Lets the waiting version take over, then reloads this page once it controls it. In a tab
 * where another tab already applied the update there is nothing waiting: it just reloads.
 */
export function applyUpdate(registration: ServiceWorkerRegistration) {
  const waiting = registration.waiting;
  if (!waiting) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
