import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './browser';

const browser = useBrowser();

describe('a parent in the browser', () => {
  it('signs in and sees the dashboard greeting and their children', async () => {
    const page = await browser.open('/');
    await signIn(page);
    await page.goto('/');
    await page.getByText(/^Good (morning|afternoon|evening), Sarah/).first().waitFor();
    for (const name of ['Maya', 'Leo', 'Nora']) {
      await page.getByText(new RegExp(`^${name}( Thompson)?$`)).first().waitFor();
    }
  });

  it('is greeted as Parent when signed out', async () => {
    const page = await browser.open('/');
    await page.getByText(/^Good (morning|afternoon|evening), Parent/).first().waitFor();
  });

  it('shows the 404 screen for an unknown path', async () => {
    const page = await browser.open('/no-such-page');
    await page.getByText('404 Page Not Found').waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
  });

  it('on a 390 px phone, shows the bottom bar without the assistant, and a menu toggle', async () => {
    const page = await browser.open('/', { viewport: { width: 390, height: 844 } });
    const bottomBar = page.getByRole('navigation', { name: /bottom|tab/i });
    await bottomBar.waitFor();
    expect(await bottomBar.getByText('Dashboard').isVisible()).toBe(true);
    expect(await bottomBar.getByText(/AI Assistant|Assistant/).count()).toBe(0);
    expect(await page.getByRole('button', { name: /menu|navigation/i }).first().isVisible()).toBe(true);
  });
});
