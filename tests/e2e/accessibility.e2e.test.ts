import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoParent, useBrowser } from './browser';

const browser = useBrowser();

/** Every route of the app, and the article page with a real article. */
const routes = [
  '/',
  '/nurseries',
  '/monitoring',
  '/assistant',
  '/shop',
  '/shadow-teachers',
  '/mental-health',
  '/community',
  '/profile',
  '/articles/starting-nursery',
  '/staff',
  '/sign-in',
  '/sign-up',
  '/no-such-page',
];

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Waits until the screen has finished loading: no spinner, no skeleton, no request in flight. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('.mantine-Skeleton-root, [aria-label="Loading"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  // Mantine's transitions (fades, slide-ins) finish within 250 ms; axe reads colours mid-fade otherwise.
  await page.waitForTimeout(300);
}

async function violationsOn(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`);
}

describe.each([
  { who: 'signed out', signedInAs: undefined },
  { who: 'signed in', signedInAs: demoParent },
])('every screen, $who', ({ signedInAs }) => {
  describe.each(['light', 'dark'] as const)('in the %s theme', (theme) => {
    it.each(routes)('%s has no WCAG 2.2 A/AA violations', async (route) => {
      const page = await browser.open('/', { theme, signedInAs });
      await page.goto(route);
      await settle(page);
      expect(await violationsOn(page)).toEqual([]);
    });
  });
});
