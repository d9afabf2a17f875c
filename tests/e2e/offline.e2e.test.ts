import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoParent, useBrowser } from './browser';

// Useful offline (issue 17, item 4) in a real Chromium against the production build: the last-seen
// dashboard from IndexedDB, the banner, and actions that need the network disabled with the reason.

const BANNER = 'Offline — showing what you last saw';
const REASON = 'You’re offline — this needs a connection.';

const browser = useBrowser({ width: 390, height: 844 });

/** The dashboard as the parent saw it, once its answers are kept in IndexedDB (saved at most a second after a change). */
async function visitSignedIn(page: Page) {
  await page.getByRole('heading', { level: 1, name: /Sarah Thompson$/ }).waitFor();
  await page.getByText('Maya Thompson').first().waitFor();
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        // Look without touching: opening a database that is not there yet would create it empty,
        // without the app's store, and an open connection would block the app's upgrades.
        void indexedDB.databases().then((databases) => {
          if (!databases.some((database) => database.name === 'nestling-offline')) return resolve(false);
          const open = indexedDB.open('nestling-offline');
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('last-seen')) {
              db.close();
              return resolve(false);
            }
            const read = db.transaction('last-seen').objectStore('last-seen').getAllKeys();
            read.onsuccess = () => resolve(read.result.length > 0);
            read.onerror = () => resolve(false);
            read.transaction!.oncomplete = () => db.close();
          };
        });
      }),
    undefined,
    { timeout: 15_000, polling: 500 },
  );
}

describe('offline', () => {
  it('shows the banner, keeps the data on screen and disables Add Child with the reason', async () => {
    const page = await browser.open('/', { signedInAs: demoParent });
    await visitSignedIn(page);
    await browser.state.context.setOffline(true);
    try {
      await page.getByText(BANNER).waitFor();
      // Disabled as soon as the screen has hydrated: until then it shows what the server rendered.
      await page.getByRole('button', { name: 'Add Child', disabled: true }).waitFor();
      expect(await page.getByText(REASON).first().isVisible()).toBe(true);
      expect(await page.getByText('Maya Thompson').first().isVisible()).toBe(true);
    } finally {
      await browser.state.context.setOffline(false);
    }
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
  });

  it('reloaded offline, shows the last-seen dashboard (greeting and a child) with the banner', async () => {
    const page = await browser.open('/', { signedInAs: demoParent });
    await visitSignedIn(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await browser.state.context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: /Sarah Thompson$/ }).waitFor();
      await page.getByText('Maya Thompson').first().waitFor();
      await page.getByText(BANNER).waitFor();
    } finally {
      await browser.state.context.setOffline(false);
    }
  });
});
