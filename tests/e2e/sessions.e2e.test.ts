import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { settle, violationsOn } from './axe';
import { printOpenPagesOnFailure } from './browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

// Two browsers signed in to one account: one signs the other out from Profile.

const PASSWORD = 'a quiet harbour at dawn 7';
let browser: Browser;
let baseUrl: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  baseUrl = inject('baseUrl');
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});
printOpenPagesOnFailure(() => browser);

let accounts = 0;
/** A fresh account, so that signing out everywhere else touches no other test's sessions. */
async function newAccount() {
  accounts += 1;
  const account = { name: 'Robin Devices', email: `devices-${Date.now()}-${accounts}@nestling.test`, password: PASSWORD };
  const context = await browser.newContext({ baseURL: baseUrl });
  const response = await context.request.post('/api/auth/sign-up', { data: account });
  expect(response.status()).toBe(200);
  // Sign-up signs in; end that session, so each test counts only the browsers it opens.
  expect((await context.request.post('/api/auth/sign-out', { data: {} })).status()).toBe(200);
  await context.close();
  return account;
}

/** A browser of its own (cookies and all), signed in to the account, with a User-Agent naming the device. */
async function signedInBrowser(account: { email: string; password: string }, options: { userAgent: string; viewport?: { width: number; height: number }; theme?: 'light' | 'dark' }) {
  const context = await browser.newContext({ baseURL: baseUrl, userAgent: options.userAgent, viewport: options.viewport ?? { width: 1280, height: 900 } });
  contexts.push(context);
  if (options.theme) await context.addInitScript((theme) => localStorage.setItem('nestling-color-scheme', theme), options.theme);
  const response = await context.request.post('/api/auth/sign-in', { data: { email: account.email, password: account.password } });
  expect(response.status()).toBe(200);
  return context.newPage();
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';



describe('Where you’re signed in', () => {
  it('lists both browsers, and signing the other one out from Profile signs it out', async () => {
    const account = await newAccount();
    const phone = await signedInBrowser(account, { userAgent: IPHONE, viewport: { width: 390, height: 844 } });
    const laptop = await signedInBrowser(account, { userAgent: WINDOWS });
    await phone.goto('/profile');
    // Profile is a lazy screen: its chunk and data arrive after the load event, beside the service
    // worker's first install, so give it as long as the other waits in this file.
    await phone.getByRole('heading', { name: 'Profile' }).waitFor({ timeout: 10_000 });

    await laptop.goto('/profile');
    const devices = laptop.getByRole('list', { name: 'Signed-in devices' });
    const rows = devices.getByTestId('signed-in-device');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    const thisOne = rows.filter({ hasText: /This device/ });
    await expect.poll(() => thisOne.textContent(), { timeout: 10_000 }).toContain('Chrome on Windows');
    const phoneRow = rows.filter({ hasText: 'Safari on iPhone' });
    await phoneRow.getByRole('button', { name: /^Sign out this device/ }).click();
    await expect.poll(() => rows.count()).toBe(1);

    // The phone is signed out: the next thing it asks of the server finds no session.
    await phone.reload();
    await phone.getByText('Sign in to see your profile').waitFor();
    const me = await phone.request.get('/api/users/me');
    expect(me.status()).toBe(401);
    // The laptop is still signed in.
    expect((await laptop.request.get('/api/users/me')).status()).toBe(200);
  });

  it('"Sign out everywhere else" signs out every other browser and keeps this one', async () => {
    const account = await newAccount();
    const others = [await signedInBrowser(account, { userAgent: IPHONE }), await signedInBrowser(account, { userAgent: IPHONE })];
    const laptop = await signedInBrowser(account, { userAgent: WINDOWS });
    await laptop.goto('/profile');
    const rows = laptop.getByTestId('signed-in-device');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
    laptop.once('dialog', (dialog) => void dialog.accept());
    await laptop.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    for (const page of others) expect((await page.request.get('/api/users/me')).status()).toBe(401);
    expect((await laptop.request.get('/api/users/me')).status()).toBe(200);
  });
});

describe('the new screens, at 390 and 1280 px, light and dark', () => {
  const sizes = [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ];
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of sizes) {
      it(`have no WCAG 2.2 A/AA violations (${theme}, ${viewport.width} px)`, async () => {
        const account = await newAccount();
        await signedInBrowser(account, { userAgent: IPHONE });
        const page = await signedInBrowser(account, { userAgent: WINDOWS, viewport, theme });
        for (const path of ['/profile', '/forgot-password', '/reset-password/this-link-was-never-sent-to-anyone-at-all', '/sign-in']) {
          await page.goto(path);
          await settle(page);
          expect(await violationsOn(page), path).toEqual([]);
          // Nothing wider than the screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(viewport.width);
        }
        // The question after a password change.
        await page.goto('/profile');
        await settle(page);
        await page.getByLabel('Current password').fill(PASSWORD);
        await page.getByLabel('New password').fill('lanterns over the marsh 93');
        await page.getByRole('button', { name: 'Change password' }).click();
        const dialog = page.getByRole('dialog', { name: 'Sign out your other devices?' });
        await dialog.waitFor();
        await settle(page);
        expect(await violationsOn(page), 'the sign-out question').toEqual([]);
        await dialog.getByRole('button', { name: 'Sign out other devices' }).click();
        await dialog.waitFor({ state: 'detached' });
        await expect.poll(() => page.getByTestId('signed-in-device').count()).toBe(1);
      });

      it(`Profile > Integrations with a webhook, its secret and a message sent has no WCAG 2.2 A/AA violations and fits (${theme}, ${viewport.width} px)`, async () => {
        const page = await signedInBrowser(await newAccount(), { userAgent: WINDOWS, viewport, theme });
        await page.goto('/profile');
        const card = page.getByRole('region', { name: 'Webhooks' });
        await card.getByText('No webhooks yet').waitFor();
        await settle(page);
        expect(await violationsOn(page), 'Integrations with no webhook').toEqual([]);
        // This server sends only to public https addresses; the message to this one is tried and fails, which the log shows too.
        await card.getByRole('textbox', { name: /^Address/ }).fill('https://example.com/nestling-webhook');
        await card.getByRole('checkbox', { name: /A child is added to your family/ }).check();
        await card.getByRole('textbox', { name: /^Description/ }).fill('Home dashboard');
        await card.getByRole('button', { name: 'Add webhook' }).click();
        await card.getByTestId('new-webhook-secret').waitFor();
        expect((await page.request.post('/api/children', { data: { name: 'Robin Junior', dateOfBirth: '2023-04-01' } })).status()).toBe(201);
        const webhook = card.getByRole('listitem', { name: 'Home dashboard' });
        await webhook.getByRole('button', { name: 'Show messages sent' }).click();
        // Once the first attempt is made, the message can be resent.
        await webhook.getByTestId('webhook-delivery').getByRole('button', { name: 'Resend' }).waitFor({ timeout: 20_000 });
        await settle(page);
        expect(await violationsOn(page), 'Integrations with a new secret and a message sent').toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), 'Integrations is no wider than the screen').toBeLessThanOrEqual(viewport.width);
      });
    }
  }
});
