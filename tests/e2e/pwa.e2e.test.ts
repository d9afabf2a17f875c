import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settle, WCAG_22_AA } from './axe';
import { demoParent, useBrowser } from './browser';

// The installable app in a real Chromium against the production build: the manifest, the service
// worker's install and precache, the offline shell, and the calm prompt when a new release waits.

const CLIENT_DIR = path.resolve('dist/client');
const PROMPT = 'A new version is ready';

const browser = useBrowser({ width: 390, height: 844 });

/** Waits until the service worker is active and controls the page, and answers its script URL. */
async function controlledBy(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { script: registration.active?.scriptURL, state: registration.active?.state, scope: registration.scope };
  });
}

/** Every request URL the worker's caches hold, as paths. */
function cachedPaths(page: Page) {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths.sort();
  });
}

describe('the installable app', () => {
  it('links a manifest that parses, with a standalone display and icons that load', async () => {
    const page = await browser.open('/sign-in');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(href!);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as { name: string; start_url: string; display: string; icons: { src: string; sizes: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ name: 'Nestling', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
    }
    // Chromium's own reading of the manifest: no errors, and the icons it would install with.
    const cdp = await browser.state.context.newCDPSession(page);
    const { errors, data } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    expect(JSON.parse(data!)).toMatchObject({ name: 'Nestling' });
  });

  it('installs the service worker, which precaches index.html and the hashed entry script, and opens the shell offline', async () => {
    const page = await browser.open('/', { signedInAs: demoParent });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const worker = await controlledBy(page);
    expect(worker).toEqual({ script: `${browser.state.baseUrl}/sw.js`, state: 'activated', scope: `${browser.state.baseUrl}/` });

    const indexHtml = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)">/.exec(indexHtml)?.[1];
    expect(entry).toBeDefined();
    const cached = await cachedPaths(page);
    expect(cached).toEqual(expect.arrayContaining(['/index.html', entry!, '/manifest.webmanifest', '/icons/icon-192.png']));
    // Only the build's files: no page as the server sent it, no data, no photos.
    expect(cached.filter((p) => !p.startsWith('/assets/') && !p.startsWith('/icons/'))).toEqual(['/favicon.svg', '/index.html', '/manifest.webmanifest', '/theme-init.js']);

    await browser.state.context.setOffline(true);
    try {
      await page.goto('/nurseries');
      expect(await page.title()).toBe('Nestling');
      // The entry script came from the precache and ran: React rendered into #root.
      await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    } finally {
      await browser.state.context.setOffline(false);
    }
  });

  it('when a new version waits, shows "A new version is ready" and reloads into it once, on the click', async () => {
    const page = await browser.open('/', { signedInAs: demoParent });
    await browser.state.context.addInitScript(() => sessionStorage.setItem('loads', String(Number(sessionStorage.getItem('loads') ?? 0) + 1)));
    await page.reload();
    await controlledBy(page);
    await expect(page.getByText(PROMPT).count()).resolves.toBe(0);

    // A new release, as a deploy would leave it: sw.js changed on disk.
    const swPath = path.join(CLIENT_DIR, 'sw.js');
    const released = readFileSync(swPath, 'utf8');
    writeFileSync(swPath, `${released}\n// e2e: a newer release ${Date.now()}\n`);
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))!.update());
      await page.getByText(PROMPT).waitFor();
      // It waits: the page still runs the version it loaded with.
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration('/'))!.waiting))).toBe(true);

      for (const theme of ['light', 'dark'] as const) {
        for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
          await page.setViewportSize(viewport);
          await page.evaluate((scheme) => document.documentElement.setAttribute('data-mantine-color-scheme', scheme), theme);
          await settle(page);
          const { violations } = await new AxeBuilder({ page }).include('#update-prompt').withTags(WCAG_22_AA).analyze();
          expect(violations.map((v) => v.id), `${theme} ${viewport.width}`).toEqual([]);
          if (process.env.PWA_SCREENSHOTS) await page.screenshot({ path: `${process.env.PWA_SCREENSHOTS}/update-prompt-${theme}-${viewport.width}.png` });
        }
      }

      const loadsBefore = await page.evaluate(() => Number(sessionStorage.getItem('loads')));
      await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload' }).click()]);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(1000);
      expect(await page.evaluate(() => Number(sessionStorage.getItem('loads')))).toBe(loadsBefore + 1);
      const after = await page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.getRegistration('/'))!;
        return { waiting: registration.waiting !== null, active: registration.active?.state };
      });
      expect(after).toEqual({ waiting: false, active: 'activated' });
      await expect(page.getByText(PROMPT).count()).resolves.toBe(0);
    } finally {
      writeFileSync(swPath, released);
    }
  });
});
