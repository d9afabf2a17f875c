import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const browser = useBrowser();

/** Opens a Mantine Select by its label and picks an option. */
async function choose(page: Page, label: string, option: string | RegExp) {
  // A required field's accessible name ends with its asterisk.
  await page.getByLabel(new RegExp(`^${label}`)).first().click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The first day a Mantine date picker's open calendar lets you pick. */
function firstOpenDay(page: Page): Locator {
  return page.locator('table button:not([disabled]):not([data-disabled]):not([data-outside]):not([data-hidden])').first();
}

async function signUp(page: Page) {
  const email = `parent-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/sign-up');
  await page.getByLabel(/^Your name/).fill('Amira Hassan');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('a calm afternoon 42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText(/^Good (morning|afternoon|evening), Amira/).first().waitFor();
}

async function addChild(page: Page, name: string) {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My Children' }).click();
  await page.getByRole('button', { name: 'Add Child' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Child' });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByRole('button', { name: /^Date of birth/ }).click();
  await page.getByRole('button', { name: String(new Date().getFullYear() - 3), exact: true }).click();
  await page.getByRole('button', { name: /^Mar/ }).click();
  await page.locator('table button:not([data-outside])', { hasText: /^14$/ }).click();
  await dialog.getByRole('button', { name: 'Add Child' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('article', { name }).waitFor();
}

describe('a new parent', () => {
  it('adds a child, books a shadow teacher, sees it pending, downloads the calendar file and cancels it', async () => {
    const page = await browser.open('/');
    await signUp(page);
    await addChild(page, 'Sami Hassan');

    await page.goto('/shadow-teachers');
    const teacher = page.getByRole('article').first();
    const teacherName = (await teacher.getAttribute('aria-label'))!;
    await teacher.getByRole('button', { name: 'Book Now' }).click();
    const dialog = page.getByRole('dialog', { name: `Book ${teacherName}` });
    await choose(page, 'Child', 'Sami Hassan');
    await dialog.getByText('Home', { exact: true }).click();
    await dialog.getByLabel(/^Location/).fill('14 Orchard Lane, Maplebrook');
    await dialog.getByRole('button', { name: /^Date/ }).click();
    await firstOpenDay(page).click();
    await choose(page, 'Start time', /.+/);
    await choose(page, 'End time', /.+/);
    expect(await dialog.getByTestId('booking-total').innerText()).toMatch(/^\$\d+\.\d{2}$/);
    await dialog.getByRole('button', { name: 'Request Booking' }).click();
    await page.getByText('Booking request sent!').waitFor();
    await page.getByText("We'll notify you when the teacher confirms your booking.").waitFor();

    await page.getByRole('tab', { name: 'My Bookings' }).click();
    const row = page.getByRole('table', { name: 'My bookings' }).getByRole('row', { name: new RegExp(teacherName) });
    await row.getByText('pending', { exact: false }).first().waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Add to calendar' }).click()]);
    const calendar = readFileSync((await download.path())!, 'utf8');
    expect(calendar).toContain('BEGIN:VCALENDAR');
    expect(calendar).toContain(teacherName);

    page.once('dialog', (confirm) => void confirm.accept());
    await row.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Booking cancelled', { exact: true }).waitFor();
    await page.getByText('Your booking has been successfully cancelled.').waitFor();
    await row.getByText('cancelled', { exact: false }).first().waitFor();
    expect(await row.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
  });
});
