import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HYDRATION_MARK } from '../../src/client/app/ssr-state';
import { demoParent, printOpenPagesOnFailure } from './browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

// Server-rendered pages (issue 17, item 1) in a real Chromium against the production build: the
// dashboard reads without JavaScript, and with it the page hydrates without a mismatch and
// without asking again for what the server already sent.

let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  baseUrl = inject('baseUrl');
});
afterAll(() => browser?.close());
printOpenPagesOnFailure(() => browser);

async function openContext(options: { javaScriptEnabled: boolean; signedIn: boolean; theme?: 'light' | 'dark'; width?: number }) {
  const context = await browser.newContext({ baseURL: baseUrl, javaScriptEnabled: options.javaScriptEnabled, viewport: { width: options.width ?? 1280, height: 900 } });
  if (options.theme) await context.addInitScript((theme) => localStorage.setItem('nestling-color-scheme', theme), options.theme);
  if (options.signedIn) {
    const response = await context.request.post('/api/auth/sign-in', { data: demoParent });
    if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
  }
  return context;
}

/**
 * Holds back a screen's code (its chunk, named after the module) until the returned function is
 * called, as on a slow phone: the browser hydrates that screen only once it has it, and until then
 * the server's HTML is on screen without handlers.
 */
async function holdBackCode(context: BrowserContext, chunk: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(new RegExp(`/assets/${chunk}-[^/]*\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

// The suite's server renders pages unless SSR=0 (SSR=0 npm run test:e2e runs the suite on client-rendered pages).
describe.skipIf(!inject('serverRendering'))('server-rendered pages', () => {
  it('the dashboard reads with JavaScript off, styled: greeting, children, the live monitoring card and the lazy sections', async () => {
    const context = await openContext({ javaScriptEnabled: false, signedIn: true, width: 390 });
    try {
      const page = await context.newPage();
      const response = await page.goto('/');
      expect(response?.headers()['cache-control']).toBe('no-store');
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/^Good (morning|afternoon|evening), Sarah Thompson$/);
      expect(await page.getByText('Maya Thompson').first().isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Live Monitoring' }).isVisible()).toBe(true);
      // Styled before any script: the colour scheme's colours, and the styles of the lazy sections' components.
      const addChild = page.getByRole('button', { name: 'Add Child' });
      expect(await addChild.evaluate((button) => getComputedStyle(button).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
      const removeChip = await page.getByRole('button', { name: 'Remove filter Special Needs' }).boundingBox();
      expect(removeChip!.width).toBeLessThan(40);
    } finally {
      await context.close();
    }
  });

  it('signed out, a public page reads with JavaScript off', async () => {
    const context = await openContext({ javaScriptEnabled: false, signedIn: false });
    try {
      const page = await context.newPage();
      await page.goto('/nurseries');
      expect(await page.getByRole('heading', { level: 1, name: 'Find Nurseries' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a tap made before the page has hydrated is not lost: it takes effect once hydrated', async () => {
    const context = await openContext({ javaScriptEnabled: true, signedIn: true });
    try {
      // The Profile screen's code arrives late: its tabs are on screen without handlers.
      const releaseCode = await holdBackCode(context, 'profile-page');
      const page = await context.newPage();
      await page.goto('/profile');
      expect(await page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')))).toBe(false);
      await page.getByRole('tab', { name: 'My Children' }).click();
      releaseCode();
      await page.getByRole('button', { name: 'Add Child' }).waitFor({ timeout: 10_000 });
      expect(await page.getByRole('tab', { name: 'My Children' }).getAttribute('aria-selected')).toBe('true');
    } finally {
      await context.close();
    }
  });

  it('a tap made while the page is hydrating, on a slow phone, is not lost: it takes effect once hydrated', async () => {
    const context = await openContext({ javaScriptEnabled: true, signedIn: true });
    try {
      const page = await context.newPage();
      // A CPU this slow spreads the hydration, which React does in slices, over many tasks.
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await page.goto('/profile');
      // As soon as hydration has begun, tap the tab while React has not yet reached it (no props on the node).
      const tappedMidway = await page.evaluate(
        (mark) =>
          new Promise<boolean>((resolve) => {
            const tap = () => {
              if (performance.getEntriesByName(mark).length === 0) return void requestAnimationFrame(tap);
              const tab = [...document.querySelectorAll('[role="tab"]')].find((node) => node.textContent?.trim() === 'My Children') as HTMLElement;
              const reached = Object.keys(tab).some((key) => key.startsWith('__reactProps'));
              tab.click();
              resolve(!reached);
            };
            tap();
          }),
        HYDRATION_MARK,
      );
      expect(tappedMidway).toBe(true);
      await page.getByRole('button', { name: 'Add Child' }).waitFor({ timeout: 20_000 });
      expect(await page.getByRole('tab', { name: 'My Children' }).getAttribute('aria-selected')).toBe('true');
    } finally {
      await context.close();
    }
  });

  it('a question typed and sent with Enter before the page has hydrated is sent once hydrated', async () => {
    const context = await openContext({ javaScriptEnabled: true, signedIn: true });
    try {
      // The assistant's code arrives late: the server's text box is on screen without its handlers.
      const releaseCode = await holdBackCode(context, 'assistant-page');
      const page = await context.newPage();
      await page.goto('/assistant');
      const box = page.getByPlaceholder('Ask anything about parenting or childhood development...');
      await box.fill('How do I start potty training my toddler?');
      await box.press('Enter');
      releaseCode();
      await page.locator('[data-role="user"]').getByText('How do I start potty training my toddler?').waitFor({ timeout: 10_000 });
      expect(await box.inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });

  // Each page's data that the server rendered with, which the browser must not ask for again.
  for (const [pathname, screen] of [
    ['/community', 'community-page'],
    ['/profile', 'profile-page'],
  ] as const) {
    it(`the HTML of ${pathname} names every script the page loads before it hydrates, its screen's chunk among them`, async () => {
      const context = await openContext({ javaScriptEnabled: true, signedIn: true });
      try {
        const page = await context.newPage();
        const html = await (await page.goto(pathname))!.text();
        // The scripts requested before boot.tsx began hydrating (its user timing mark).
        await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, HYDRATION_MARK);
        const beforeHydration = await page.evaluate((mark) => {
          const hydrating = performance.getEntriesByName(mark)[0]!.startTime;
          return performance
            .getEntriesByType('resource')
            .filter((entry) => entry.startTime < hydrating && /\/assets\/[^/]+\.js$/.test(entry.name))
            .map((entry) => new URL(entry.name).pathname);
        }, HYDRATION_MARK);
        const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(html)![1];
        const named = [...html.matchAll(/<meta name="nestling-app-file" content="([^"]+)">/g)].map((meta) => meta[1]!);
        expect(named.findIndex((file) => new RegExp(`^/assets/${screen}-[^/]+\\.js$`).test(file))).toBeGreaterThan(0);
        expect(beforeHydration).toContain(entry);
        expect(beforeHydration.filter((file) => file !== entry && !named.includes(file))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  const dashboardData = /users\.me|children\.list|cameras\.list|activities\.list|products\.list|nurseries\.search/;
  for (const [pathname, theme, width, data] of [
    ['/', 'light', 390, dashboardData],
    ['/', 'dark', 1280, dashboardData],
    ['/monitoring', 'light', 390, /users\.me|cameras\.list|activities\.list|cameraAccess\.viewers/],
    ['/shadow-teachers', 'dark', 1280, /users\.me|shadowTeachers\.list/],
    ['/community', 'light', 390, /users\.me|community\.(posts|groups)\.list/],
  ] as const) {
    it(`hydrates the signed-in ${pathname} (${theme}, ${width} px) with no mismatch, no error, no second request for its data and none of its sections drawn again`, async () => {
      const context = await openContext({ javaScriptEnabled: true, signedIn: true, theme, width });
      try {
        // The server's sections and buttons, taken when the HTML is parsed and before any script
        // runs: hydration must adopt them, not throw them away and draw new ones.
        await context.addInitScript(() => {
          document.addEventListener('readystatechange', () => {
            if (document.readyState === 'interactive') Object.assign(window, { serverNodes: [...document.querySelectorAll('#root section, #root button')] });
          });
        });
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (message) => {
          // The realtime socket may be refused or drop in a test run; that is not the page's concern here.
          if (message.type() === 'error' && !/WebSocket|Realtime/.test(message.text())) problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        const calls: string[] = [];
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith('/trpc/')) calls.push(url.pathname);
        });
        await page.goto(pathname);
        // React has taken the root (hydrateRoot marks it), then hydration and the lazy sections settle.
        await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        expect(problems).toEqual([]);
        expect(calls.filter((call) => data.test(call))).toEqual([]);
        const drawnAgain = await page.evaluate(() =>
          (window as unknown as { serverNodes: Element[] }).serverNodes
            .filter((node) => !node.isConnected)
            .map((node) => node.getAttribute('aria-label') ?? node.textContent?.slice(0, 40)),
        );
        expect(drawnAgain).toEqual([]);
        // The page painted with its own CSS inline; the app has applied the full stylesheets, for what it draws.
        const fullStyles = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[data-full-style]')].map((link) => [link.media, link.sheet !== null]));
        expect(fullStyles.length).toBeGreaterThan(0);
        expect(fullStyles).toEqual(fullStyles.map(() => ['all', true]));
        if (pathname === '/') await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/Sarah Thompson$/);
      } finally {
        await context.close();
      }
    });
  }
});
