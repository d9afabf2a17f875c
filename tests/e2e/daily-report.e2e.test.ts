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

describe("a child's daily report", () => {
  it("staff log Maya's arrival, a nap and its end, and her departure; her parent opens the child card's Schedule link and sees the nap's duration", async () => {
    const maya = await mayaId();
    const asStaff = await apiSession(browser.state.baseUrl, staffMember);
    // Within the last three minutes, after everything the demo data logged for Maya when the server started.
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
    for (const activity of [
      { type: 'arrival', description: 'Maya came back from the dentist.', occurredAt: ago(175) },
      { type: 'nap', description: 'Maya had a short rest on the cushions.', occurredAt: ago(165) },
      { type: 'play', description: 'Maya woke up and built a garage for the cars.', occurredAt: ago(45) },
      { type: 'departure', description: 'Maya went home with her grandma.', occurredAt: ago(5) },
    ]) {
      const logged = await asStaff('/activities', { method: 'POST', body: { channel: 'classroom-3b', childId: maya, ...activity } });
      expect(logged.status).toBe(201);
    }

    const page = await browser.open('/', { signedInAs: demoParent });
    const card = page.getByRole('article', { name: 'Maya Thompson' });
    await card.getByRole('link', { name: 'Schedule' }).click();
    await page.waitForURL(`**/children/${maya}/report/today`);
    await page.getByRole('heading', { level: 1, name: /^Maya’s day — (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+/ }).waitFor();

    const naps = page.getByRole('region', { name: 'Naps' });
    const nap = naps.getByRole('listitem').filter({ hasText: 'Maya had a short rest on the cushions.' });
    await nap.waitFor();
    // Its duration: 2 min when nothing else names Maya in between, less when another e2e file
    // logged about her in the last few minutes (a nap ends at her next activity). The exact
    // figure is tests/daily-reports' to check.
    expect(await nap.innerText()).toMatch(/\b[0-2] min\b/);
    await page.getByRole('region', { name: 'Home time' }).getByText('Maya went home with her grandma.').waitFor();
    await page.getByRole('region', { name: 'Activities' }).getByText('Maya woke up and built a garage for the cars.').waitFor();
  });

  it('prints without the app around it: no navigation, no buttons', async () => {
    const page = await browser.open(`/children/${await mayaId()}/report/today`, { signedInAs: demoParent });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    const colours = await page.evaluate(() => ({ body: getComputedStyle(document.body).backgroundColor, heading: getComputedStyle(document.querySelector('h1')!).color }));
    expect(colours).toEqual({ body: 'rgb(255, 255, 255)', heading: 'rgb(0, 0, 0)' });
  });

  describe.each([
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ])('at $width px', (viewport) => {
    describe.each(['light', 'dark'] as const)('in the %s theme', (theme) => {
      it.each([
        ['a day with things logged', 'today'],
        ['a day with nothing logged', '2000-01-03'],
      ])('%s has no WCAG 2.2 A/AA violations', async (_, date) => {
        const page = await browser.open(`/children/${await mayaId()}/report/${date}`, { theme, viewport, signedInAs: demoParent });
        await page.getByRole('heading', { level: 1 }).waitFor();
        await settle(page);
        expect(await violationsOn(page)).toEqual([]);
      });
    });
  });
});
