import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settle, violationsOn } from './axe';
import { apiSession, demoParent, staffMember, useBrowser } from './browser';

const browser = useBrowser();

let maya: number | undefined;
/** Maya's id, as her parent's API lists it (asked once: every sign-in counts against the sign-in limit). */
async function mayaId(): Promise<number> {
  if (maya === undefined) {
    const asParent = await apiSession(browser.state.baseUrl, demoParent);
    const children = (await (await asParent('/children')).json()) as { id: number; name: string }[];
    maya = children.find((child) => child.name === 'Maya Thompson')!.id;
  }
  return maya;
}

async function logAboutMaya(type: string, description: string) {
  const asStaff = await apiSession(browser.state.baseUrl, staffMember);
  const logged = await asStaff('/activities', { method: 'POST', body: { channel: 'classroom-3b', childId: await mayaId(), type, description } });
  expect(logged.status).toBe(201);
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ }).filter({ visible: true }).first();

describe('notifications', () => {
  it("staff log an activity about Maya: her parent's bell count rises live, the list shows it, and Mark all as read clears it", async () => {
    const page = await browser.open('/', { signedInAs: demoParent });
    await settle(page);
    const before = Number(/(\d+) unread/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1] ?? 0);

    await logAboutMaya('snack', 'Maya tried hummus for the first time.');
    // No reload: the count comes over /ws.
    await page.getByRole('button', { name: `Notifications, ${before + 1} unread` }).filter({ visible: true }).first().waitFor();

    await bell(page).click();
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    const item = popover.getByRole('link', { name: /Maya: Snack/ });
    await item.waitFor();
    expect(await item.innerText()).toContain('Maya tried hummus for the first time.');

    await popover.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).filter({ visible: true }).first().waitFor();

    await popover.getByRole('link', { name: 'See all notifications' }).click();
    await page.waitForURL('**/notifications');
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await page.getByRole('link', { name: /Maya: Snack/ }).first().waitFor();
  });

  describe.each([
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ])('at $width px', (viewport) => {
    describe.each(['light', 'dark'] as const)('in the %s theme', (theme) => {
      it('the bell popover has no WCAG 2.2 A/AA violations', async () => {
        await logAboutMaya('play', 'Maya built a tall tower of blocks.');
        const page = await browser.open('/', { viewport, theme, signedInAs: demoParent });
        await settle(page);
        await bell(page).click();
        await page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: /Maya: Play/ }).first().waitFor();
        await settle(page);
        // The whole page with the popover open: the shell behind it (the tab bar's active label) passes too.
        expect(await violationsOn(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog', { name: 'Notifications' }).waitFor({ state: 'hidden' });
      });

      it('/notifications, with unread and read ones, has no WCAG 2.2 A/AA violations', async () => {
        await logAboutMaya('art', 'Maya painted a sunflower.');
        const page = await browser.open('/notifications', { viewport, theme, signedInAs: demoParent });
        await page.getByRole('link', { name: /Maya: Art/ }).first().waitFor();
        await settle(page);
        expect(await violationsOn(page)).toEqual([]);
      });

      it('the notification settings on Profile have no WCAG 2.2 A/AA violations', async () => {
        const page = await browser.open('/profile', { viewport, theme, signedInAs: demoParent });
        await page.getByRole('heading', { name: 'Notification settings' }).waitFor();
        await page.getByRole('checkbox', { name: /Quiet hours/ }).check();
        await settle(page);
        expect(await violationsOn(page)).toEqual([]);
      });
    });
  });
});
