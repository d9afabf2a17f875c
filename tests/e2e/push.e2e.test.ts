import { mkdtempSync, rmSync } from 'node:fs';
import { createECDH, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { settle, WCAG_22_AA } from './axe';
import { demoParent, useBrowser } from './browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { startFakeGcm } from './fake-gcm';

// Profile > "Notifications on this device" in a real Chromium: its states read well to axe, the
// page never asks for permission on load, and a parent's click really subscribes (Chromium makes
// the keys and gets its endpoint from a stand-in for Google's GCM) and the server saves it.

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];
const SECTION = 'section[aria-labelledby="push-devices-title"]';
const TURN_ON = 'Turn on notifications on this device';

const browser = useBrowser();

async function sectionViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include(SECTION).withTags(WCAG_22_AA).analyze();
  return violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Counts calls to Notification.requestPermission, from before the app's own scripts run. */
const countPermissionRequests = () => {
  const w = window as unknown as { permissionRequests: number };
  w.permissionRequests = 0;
  const original = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = (...args) => {
    w.permissionRequests += 1;
    return original(...args);
  };
};

describe.each(['light', 'dark'] as const)('the card in the %s theme', (theme) => {
  it.each(SIZES)('at $width px: explains, offers the button, asks nothing on load, and has no WCAG 2.2 AA violations', async (viewport) => {
    const page = await browser.open('/', { theme, viewport, signedInAs: demoParent });
    await browser.state.context.addInitScript(countPermissionRequests);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Notifications on this device' }).waitFor();
    await settle(page);
    await expect(page.getByRole('button', { name: TURN_ON }).isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => (window as unknown as { permissionRequests: number }).permissionRequests)).toBe(0);
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    expect(await sectionViolations(page)).toEqual([]);
  });

  it('when the browser blocks notifications, says how to allow them, with no violations', async () => {
    const page = await browser.open('/', { theme, signedInAs: demoParent });
    const cdp = await browser.state.context.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: browser.state.baseUrl, browserContextId: targetInfo.browserContextId });
    await page.goto('/profile');
    await page.getByText('Notifications are blocked for Nestling in this browser').waitFor();
    await settle(page);
    expect(await page.getByRole('button', { name: TURN_ON }).count()).toBe(0);
    expect(await sectionViolations(page)).toEqual([]);
  });
});

describe('turning notifications on in a real Chromium', () => {
  let context: BrowserContext;
  let profileDir: string;
  let gcm: Awaited<ReturnType<typeof startFakeGcm>>;
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = inject('baseUrl');
    gcm = await startFakeGcm();
    profileDir = mkdtempSync(path.join(tmpdir(), 'nestling-e2e-push-'));
    // Push needs a profile on disk (Chromium has no push in incognito contexts), and GCM needs background networking.
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      baseURL: baseUrl,
      viewport: SIZES[0],
      args: [...CHROMIUM_ARGS.filter((arg) => arg !== '--disable-background-networking'), ...gcm.chromiumArgs],
    });
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    const signedIn = await context.request.post('/api/auth/sign-in', { data: demoParent });
    expect(signedIn.ok()).toBe(true);
  });
  afterAll(async () => {
    await context?.close();
    await gcm?.close();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  });

  it('subscribes on the click, saves the subscription, shows a push with its link, lists and removes another device, and turns off', async () => {
    // Another device of the same parent, saved as its browser would.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const otherPhone = await context.request.post('/api/push-subscriptions', {
      data: { endpoint: 'https://push.example.com/send/other-phone', expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', origin: baseUrl },
    });
    expect(otherPhone.status(), await otherPhone.text()).toBe(201);

    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/profile');
    await page.getByRole('button', { name: TURN_ON }).click();
    await page.getByText('This device gets Nestling’s notifications.').waitFor();

    // What the browser subscribed is what the server saved.
    const endpoint = await page.evaluate(async () => (await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription())?.endpoint);
    expect(endpoint).toMatch(/^https:\/\/.+\/fcm\/send\/e2e-push-token-\d+$/);
    const saved = (await (await context.request.get('/api/push-subscriptions')).json()) as { endpoint: string; deviceLabel: string }[];
    expect(saved.map((device) => device.endpoint).sort()).toEqual([endpoint, 'https://push.example.com/send/other-phone'].sort());

    // A push as the push service would hand it to the service worker: the notification shows, with the page to open.
    const cdp = await context.newCDPSession(page);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${baseUrl}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
      void cdp.send('ServiceWorker.enable');
    });
    const message = { title: 'Leo had lunch', body: 'Pasta and peas, ate it all', url: '/monitoring', tag: 'activity-1' };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId, data: JSON.stringify(message) });
    // A second's polling (vitest's default) was too short in CI with both browser suites running: the worker had not shown it yet.
    await expect
      .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.getRegistration('/'))!.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url }))), { timeout: 15_000 })
      .toEqual([{ title: message.title, body: message.body, tag: message.tag, url: `${baseUrl}/monitoring` }]);

    // The card, on, reads well at both sizes and in both themes.
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of SIZES) {
        await page.setViewportSize(viewport);
        await page.evaluate((chosen) => localStorage.setItem('nestling-color-scheme', chosen), theme);
        await page.reload();
        await page.getByText('This device gets Nestling’s notifications.').waitFor();
        await settle(page);
        expect(await sectionViolations(page), `${theme} ${viewport.width}`).toEqual([]);
      }
    }

    await page.getByRole('button', { name: 'Remove Safari on iPhone' }).click();
    await page.getByRole('button', { name: 'Remove Safari on iPhone' }).waitFor({ state: 'detached' });
    expect(((await (await context.request.get('/api/push-subscriptions')).json()) as { endpoint: string }[]).map((d) => d.endpoint)).toEqual([endpoint]);

    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('button', { name: TURN_ON }).waitFor();
    expect(await (await context.request.get('/api/push-subscriptions')).json()).toEqual([]);
    expect(await page.evaluate(async () => (await (await navigator.serviceWorker.getRegistration('/'))?.pushManager.getSubscription()) ?? null)).toBeNull();
  });
});
