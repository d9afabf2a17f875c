import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.2 level A and AA, the bar every screen is held to. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Waits until the page has loaded what it shows, so that axe reads the finished screen. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('.mantine-Skeleton-root, [aria-label="Loading"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
  // axe reads colours mid-fade otherwise: wait for Mantine's transitions (fades, slide-ins) to end.
  // A fixed 300 ms was too short on a loaded machine (a toast read at contrast 1.08 in a CI run).
  // Endless animations (loaders, the live dot) are left out; they never end.
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity), undefined, { timeout: 5_000 })
    .catch(() => {});
}

/** The page's WCAG 2.2 AA violations, one readable line per rule with the elements at fault. */
export async function violationsOn(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`);
}
