import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, WCAG_22_AA } from './axe';
import { demoParent, staffMember, useBrowser } from './browser';

const browser = useBrowser();

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const family2 = { email: 'family2@nestling.test', password: 'nestling-demo' };

/** A photo as a phone would send it: a JPEG, larger than the stored size. */
const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r, g, b } } })
    .composite([{ input: Buffer.from('<svg width="1600" height="1200"><circle cx="800" cy="600" r="400" fill="white"/></svg>') }])
    .jpeg()
    .toBuffer();

/** A signed-in session for plain HTTP calls: the staff app's upload, a parent's profile change, family2's request. */
async function session(account: { email: string; password: string }) {
  const baseUrl = browser.state.baseUrl;
  const signedIn = await fetch(`${baseUrl}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status}`);
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return (path: string, init: { method?: string; body?: unknown; bytes?: Buffer } = {}) =>
    fetch(`${baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { cookie, origin: baseUrl, ...(init.bytes ? { 'content-type': 'image/jpeg' } : init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.bytes ? new Uint8Array(init.bytes) : init.body === undefined ? undefined : JSON.stringify(init.body),
    });
}

let asParent: Awaited<ReturnType<typeof session>>;
let leoId: number;

beforeAll(async () => {
  const staff = await session(staffMember);
  asParent = await session(demoParent);
  const children = (await (await asParent('/api/children')).json()) as { id: number; name: string }[];
  const maya = children.find((child) => child.name === 'Maya Thompson')!;
  leoId = children.find((child) => child.name === 'Leo Thompson')!.id;
  // Leo's family chooses no photos: the staff form marks him.
  expect((await asParent(`/api/children/${leoId}`, { method: 'PATCH', body: { photosAllowed: false } })).status).toBe(200);
  // A classroom activity with photos, for the screens that show thumbnails.
  const photoIds: string[] = [];
  for (const [r, g, b] of [[90, 140, 200], [200, 120, 80]]) {
    const uploaded = await staff('/api/activities/photos', { method: 'POST', bytes: await photo(r!, g!, b!) });
    expect(uploaded.status).toBe(201);
    photoIds.push(((await uploaded.json()) as { id: string }).id);
  }
  const logged = await staff('/api/activities', { method: 'POST', body: { channel: 'classroom-3b', type: 'art', description: 'Painting at the easel.', taggedChildIds: [maya.id], photoIds } });
  expect(logged.status).toBe(201);
});

afterAll(async () => {
  await asParent?.(`/api/children/${leoId}`, { method: 'PATCH', body: { photosAllowed: true } });
});

/**
 * WCAG 2.2 AA violations within these screens' own content (the page's main region, or the open
 * dialog): the shell around them (header, navigation) is held to the same bar by accessibility.e2e.
 */
async function violationsIn(page: Page, selector: 'main' | '[role="dialog"]') {
  const { violations } = await new AxeBuilder({ page }).include(selector).withTags(WCAG_22_AA).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`);
}

/** Picks photos in the staff form's file chooser and waits until each has uploaded. */
async function addPhotos(page: Page, files: { name: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles(files.map((file) => ({ ...file, mimeType: 'image/jpeg' })));
  for (let index = 1; index <= files.length; index++) await page.getByRole('button', { name: `Remove photo ${index}` }).waitFor();
  await page.getByLabel(/^Uploading photo/).first().waitFor({ state: 'detached' });
}

describe.each(['light', 'dark'] as const)('photos in the %s theme', (theme) => {
  describe.each([
    { size: 'phone', viewport: phone },
    { size: 'desktop', viewport: desktop },
  ])('on a $size', ({ viewport }) => {
    it('the activity log with thumbnails, and a photo opened full size, have no WCAG 2.2 A/AA violations', async () => {
      const page = await browser.open('/monitoring', { theme, viewport, signedInAs: demoParent });
      await page.getByRole('img', { name: /^Photo 1 of 2: Painting at the easel/ }).first().waitFor();
      await settle(page);
      expect(await violationsIn(page, 'main')).toEqual([]);
      await page.getByRole('button', { name: 'Open photo 1 of 2 full size: Painting at the easel.' }).first().click();
      await page.getByRole('dialog').getByRole('link', { name: 'Save' }).waitFor();
      await settle(page);
      expect(await violationsIn(page, '[role="dialog"]')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    it('the staff form with photos chosen and children to tag has no WCAG 2.2 A/AA violations', async () => {
      const page = await browser.open('/staff', { theme, viewport, signedInAs: staffMember });
      await settle(page);
      await page.getByText('Classroom 3B', { exact: true }).first().click();
      await page.getByText('No photos').first().waitFor();
      await addPhotos(page, [{ name: 'sandpit.jpg', buffer: await photo(220, 180, 60) }]);
      await page.getByText('Who is in the photos?').waitFor();
      await settle(page);
      expect(await violationsIn(page, 'main')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  });
});

describe('staff log a nap with a photo of Maya', () => {
  it("Maya's parent sees the thumbnail arrive live and opens it full size; family2 gets 404 for the same photo", async () => {
    const parent = await browser.open('/monitoring', { viewport: desktop, signedInAs: demoParent });
    await parent.getByText('Live', { exact: true }).waitFor();

    const staff = await browser.open('/staff', { viewport: phone, signedInAs: staffMember });
    await settle(staff);
    await staff.getByText('Classroom 3B', { exact: true }).first().click();
    await staff.getByText('Maya Thompson', { exact: true }).first().click();
    await addPhotos(staff, [{ name: 'nap.jpg', buffer: await photo(60, 160, 120) }]);
    await staff.getByText(/Maya is tagged/).waitFor();
    await staff.getByRole('button', { name: 'Nap', exact: true }).click();
    await staff.getByText('Activity logged').first().waitFor();

    const thumbnail = parent.getByRole('img', { name: 'Photo: Maya is having a nap.' }).first();
    await thumbnail.waitFor();
    expect(await thumbnail.evaluate((img: HTMLImageElement) => [img.getAttribute('width'), img.getAttribute('height')])).toEqual(['96', '72']);
    await parent.getByRole('button', { name: 'Open photo full size: Maya is having a nap.' }).first().click();
    const dialog = parent.getByRole('dialog');
    const full = dialog.getByRole('img', { name: 'Photo: Maya is having a nap.' });
    await full.waitFor();
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    const photoUrl = await full.getAttribute('src');
    expect(photoUrl).toMatch(/^\/api\/activities\/\d+\/photos\/[0-9a-f-]{36}$/);

    const save = dialog.getByRole('link', { name: 'Save' });
    const saved = await parent.request.get((await save.getAttribute('href'))!);
    expect(saved.status()).toBe(200);
    expect(saved.headers()['content-disposition']).toMatch(/^attachment; filename="maya-nap-\d{4}-\d\d-\d\d\.webp"$/);
    expect((await parent.request.get(photoUrl!)).headers()['cache-control']).toBe('private, no-cache');

    const asFamily2 = await session(family2);
    for (const url of [photoUrl!, `${photoUrl}/thumbnail`, `${photoUrl}/download`]) expect((await asFamily2(url)).status).toBe(404);
  });
});
