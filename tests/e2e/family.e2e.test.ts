import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { settle, violationsOn } from './axe';
import { printOpenPagesOnFailure } from './browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

// A guardian invites a carer from Profile; the carer opens the link signed out, creates an
// account from it, joins, and then sees the family as a carer does. The journey runs once as it
// is; then at 390 and 1280 px, light and dark, with every screen on the way scanned by axe. The
// scans do not depend on the database, so CI runs them on the embedded one only (see .ci/run).

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
const newEmail = () => `family-${Date.now()}-${++accounts}@nestling.test`;

async function newBrowser(viewport: { width: number; height: number }, theme: 'light' | 'dark') {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  contexts.push(context);
  await context.addInitScript((t) => localStorage.setItem('nestling-color-scheme', t), theme);
  return context;
}

type Check = (page: Page, what: string) => Promise<void>;

async function expectAccessible(page: Page, what: string, width: number) {
  await settle(page);
  expect(await violationsOn(page), what).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} is no wider than the screen`).toBeLessThanOrEqual(width);
}

const openFamilyCard = async (page: Page) => {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My Children' }).click();
  const card = page.getByRole('region', { name: 'Your family' });
  await card.getByRole('list').waitFor();
  return card;
};

/** The whole journey, calling `check` on each screen it passes. */
async function inviteACarer(viewport: { width: number; height: number }, theme: 'light' | 'dark', check: Check) {
  const guardianContext = await newBrowser(viewport, theme);
  const guardianName = `Gwen Guardian ${accounts + 1}`;
  expect((await guardianContext.request.post('/api/auth/sign-up', { data: { name: guardianName, email: newEmail(), password: PASSWORD } })).status()).toBe(200);
  const guardian = await guardianContext.newPage();

  const card = await openFamilyCard(guardian);
  await check(guardian, 'Profile > My Children with the family card');
  await card.getByText('Carer', { exact: true }).click();
  await card.getByRole('button', { name: 'Make an invitation link' }).click();
  const linkInput = card.getByRole('textbox', { name: 'Invitation link for a carer' });
  await linkInput.waitFor();
  const link = new URL(await linkInput.inputValue());
  expect(link.pathname).toMatch(/^\/join\/[A-Za-z0-9_-]{20,}$/);
  await card.getByRole('button', { name: 'Erase this family…' }).click();
  await card.getByRole('region', { name: /^Erase / }).waitFor();
  await check(guardian, 'the family card with a link to copy and the erasure form open');
  await card.getByRole('button', { name: 'Keep my family' }).click();
  // The family's data, built in the background, then downloaded.
  await card.getByRole('button', { name: 'Export our data' }).click();
  const download = card.getByRole('link', { name: /^Download \(\d+ KB\)$/ });
  await download.waitFor({ timeout: 20_000 });
  await check(guardian, 'the family card with an export ready');
  const [file] = await Promise.all([guardian.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^nestling-family-data-\d{4}-\d\d-\d\d\.zip$/);

  // The carer opens the link in a browser that has never signed in.
  const carer = await (await newBrowser(viewport, theme)).newPage();
  await carer.goto(link.pathname);
  await carer.getByRole('heading', { name: `Join ${guardianName}'s family` }).waitFor();
  await check(carer, 'the invitation page, signed out');
  await carer.getByRole('link', { name: 'Create an account' }).click();
  await carer.getByLabel('Your name').fill('Cora Carer');
  await carer.getByRole('textbox', { name: /^Email/ }).fill(newEmail());
  await carer.locator('input[autocomplete="new-password"]').fill(PASSWORD);
  await carer.getByRole('button', { name: 'Create account' }).click();
  // Back at the invitation, now signed in.
  const join = carer.getByRole('button', { name: 'Join as Cora Carer' });
  await join.waitFor();
  await check(carer, 'the invitation page, signed in');
  await join.click();
  await carer.waitForURL((url) => url.pathname === '/');

  const carersCard = await openFamilyCard(carer);
  const adults = carersCard.getByRole('listitem');
  await expect.poll(() => adults.count()).toBe(2);
  expect(await adults.filter({ hasText: 'Cora Carer' }).textContent()).toContain('Carer');
  expect(await adults.filter({ hasText: guardianName }).textContent()).toContain('Guardian');
  expect(await carer.getByRole('button', { name: 'Add Child' }).count()).toBe(0);
  await carer.getByRole('tab', { name: 'Bookings' }).click();
  await carer.getByText('Managed by your family’s guardians').waitFor();
  await check(carer, "a carer's Bookings tab");

  // The guardian sees the carer join, and the link is spent.
  const guardiansCard = await openFamilyCard(guardian);
  await expect.poll(() => guardiansCard.getByRole('listitem').count()).toBe(2);
  const again = await (await newBrowser(viewport, theme)).newPage();
  await again.goto(link.pathname);
  await again.getByRole('heading', { name: 'This invitation no longer works' }).waitFor();
}

describe('inviting a carer into a family', () => {
  it("works from the guardian's Profile to the carer's first visit", async () => {
    await inviteACarer({ width: 1280, height: 900 }, 'light', async () => {});
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      it(`every screen on the way has no WCAG 2.2 A/AA violations and fits the screen (${theme}, ${viewport.width} px)`, async () => {
        await inviteACarer(viewport, theme, (page, what) => expectAccessible(page, what, viewport.width));
      });
    }
  }
});
