import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoParent, useBrowser } from './browser';

const browser = useBrowser();

const routes = ['/', '/nurseries', '/monitoring', '/assistant', '/shop', '/shadow-teachers', '/mental-health', '/community', '/profile'];

/** Marks every visible, enabled control on the page and answers how many there are. */
function markControls(page: Page) {
  return page.evaluate(() => {
    const selector = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
    const controls = [...document.querySelectorAll<HTMLElement>(selector)].filter((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Controls a pointer cannot reach either (hidden, zero-sized, or inert) are not expected.
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !element.closest('[inert], [aria-hidden="true"]') && element.tabIndex >= 0;
    });
    // Tab reaches a radio group once, at its checked radio; arrow keys move within it.
    const radioGroups = new Set<string>();
    const isRepeatRadio = (element: HTMLElement) =>
      element instanceof HTMLInputElement && element.type === 'radio' && (!element.checked || radioGroups.has(element.name) || !radioGroups.add(element.name));
    controls.splice(0, controls.length, ...controls.filter((element) => !isRepeatRadio(element)));
    controls.forEach((element, index) => element.setAttribute('data-control', String(index)));
    return controls.length;
  });
}

/** Presses Tab until focus comes round again, and answers which marked controls it reached. */
async function tabThrough(page: Page, limit: number) {
  const reached = new Set<string>();
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => document.activeElement?.closest('[data-control]')?.getAttribute('data-control') ?? null);
    if (id !== null) reached.add(id);
  }
  return reached;
}

async function unreached(page: Page) {
  const count = await markControls(page);
  const reached = await tabThrough(page, count * 2 + 10);
  const missing = [];
  for (let index = 0; index < count; index += 1) {
    if (!reached.has(String(index))) {
      missing.push(await page.locator(`[data-control="${index}"]`).evaluate((element) => element.outerHTML.slice(0, 160)));
    }
  }
  return { count, missing };
}

describe('keyboard', () => {
  it.each(routes)('every control on %s is reachable with Tab', async (route) => {
    const page = await browser.open(route, { signedInAs: demoParent });
    await page.waitForLoadState('networkidle');
    await page.locator('.mantine-Skeleton-root').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => {});
    const { count, missing } = await unreached(page);
    expect(count).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });

  it('the activity history dialog traps focus and closes on Escape', async () => {
    const page = await browser.open('/monitoring', { signedInAs: demoParent });
    await page.getByRole('button', { name: 'View Full History' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (let presses = 0; presses < 15; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it("Book Now opens the booking form from the keyboard, and Escape gives focus back to that teacher's button", async () => {
    const page = await browser.open('/shadow-teachers', { signedInAs: demoParent });
    const bookNow = page.getByRole('article', { name: 'Diego Ramírez' }).getByRole('button', { name: 'Book Now' });
    await bookNow.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Book Diego Ramírez' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => bookNow.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});
