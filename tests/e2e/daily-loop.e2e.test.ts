import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushReceiver, type PushDevice } from '../helpers/push-receiver';
import { settle } from './axe';
import { apiSession, demoParent, staffMember, useBrowser } from './browser';

/**
 * The parent's day as issue 18 tells it, end to end in one browser journey: staff log a nap with a
 * photo of Maya; her parent hears of it live in the app and on her phone (a real push service on
 * port 0 receives and decrypts it); she opens the photo, which family2 cannot; she messages the
 * teacher, who replies live; after departure, the daily report shows the nap.
 */
const browser = useBrowser();
const phone = { width: 390, height: 844 };
const family2 = { email: 'family2@nestling.test', password: 'nestling-demo' };

let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
let device: PushDevice;
let asParent: Awaited<ReturnType<typeof apiSession>>;
let mayaId: number;

beforeAll(async () => {
  receiver = await startPushReceiver();
  asParent = await apiSession(browser.state.baseUrl, demoParent);
  const children = (await (await asParent('/children')).json()) as { id: number; name: string }[];
  mayaId = children.find((child) => child.name === 'Maya Thompson')!.id;
  // Maya's parent's phone, as its browser would subscribe (the e2e server lets pushes reach 127.0.0.1).
  const { publicKey } = (await (await asParent('/push/public-key')).json()) as { publicKey: string };
  device = receiver.newDevice({ applicationServerKey: publicKey });
  expect((await asParent('/push-subscriptions', { method: 'POST', body: device.subscription })).status).toBe(201);
});

afterAll(() => receiver?.close());

const unreadOf = async (page: Page) =>
  Number(/(\d+) unread/.exec((await page.getByRole('button', { name: /^Notifications/ }).filter({ visible: true }).first().getAttribute('aria-label')) ?? '')?.[1] ?? 0);

describe("the parent's day", () => {
  it('a nap with a photo reaches Maya’s parent live and by push; she opens the photo (family2 gets 404), messages the teacher who replies live, and after departure the report shows the nap', async () => {
    // Maya is at nursery today.
    const asStaff = await apiSession(browser.state.baseUrl, staffMember);
    expect((await asStaff('/activities', { method: 'POST', body: { channel: 'classroom-3b', childId: mayaId, type: 'arrival', description: 'Maya arrived with a big smile.' } })).status).toBe(201);

    const parent = await browser.open('/monitoring', { signedInAs: demoParent });
    await parent.getByText('Live', { exact: true }).waitFor();
    const unreadBefore = await unreadOf(parent);
    const pushesBefore = device.received.length;

    // 1. Staff log a nap with a photo, tagging Maya, from the staff page on a phone.
    const staff = await browser.open('/staff', { viewport: phone, signedInAs: staffMember });
    await settle(staff);
    await staff.getByText('Classroom 3B', { exact: true }).first().click();
    await staff.getByText('Maya Thompson', { exact: true }).first().click();
    const chooser = staff.waitForEvent('filechooser');
    await staff.getByRole('button', { name: 'Add photos' }).click();
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 70, g: 150, b: 130 } } }).jpeg().toBuffer();
    await (await chooser).setFiles([{ name: 'nap.jpg', mimeType: 'image/jpeg', buffer: jpeg }]);
    await staff.getByRole('button', { name: 'Remove photo 1' }).waitFor();
    await staff.getByLabel(/^Uploading photo/).first().waitFor({ state: 'detached' });
    await staff.getByRole('button', { name: 'Nap', exact: true }).click();
    await staff.getByText('Activity logged').first().waitFor();

    // 2. The in-app notification arrives live (no reload), and the push reaches her phone.
    await parent.getByRole('button', { name: `Notifications, ${unreadBefore + 1} unread` }).filter({ visible: true }).first().waitFor();
    await expect.poll(() => device.received.length, { timeout: 15_000 }).toBeGreaterThan(pushesBefore);
    expect(device.refused).toEqual([]);
    expect(device.received.at(-1)!.payload).toMatchObject({ title: expect.stringMatching(/^Maya: Nap/), body: 'Maya is having a nap.', url: '/monitoring' });

    // 3. She opens the photo full size; family2 gets 404 for the same address.
    await parent.getByRole('button', { name: 'Open photo full size: Maya is having a nap.' }).first().click();
    const full = parent.getByRole('dialog').getByRole('img', { name: 'Photo: Maya is having a nap.' });
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    const photoUrl = (await full.getAttribute('src'))!;
    const asFamily2 = await apiSession(browser.state.baseUrl, family2);
    expect((await asFamily2(photoUrl.replace(/^\/api/, ''))).status).toBe(404);
    await parent.keyboard.press('Escape');

    // 4. She messages the teacher from Maya's card, and the teacher replies live on /staff.
    await staff.goto('/staff');
    const inbox = staff.getByRole('region', { name: 'Messages from families' });
    await inbox.getByRole('region', { name: 'Classroom 3B' }).getByRole('button', { name: /Sarah Thompson's family/ }).click();
    await inbox.getByText('Live', { exact: true }).waitFor();
    await parent.goto('/profile');
    await parent.getByRole('tab', { name: 'My Children' }).click();
    await parent.getByRole('link', { name: "Message Maya Thompson's classroom" }).click();
    await parent.getByText('Live', { exact: true }).waitFor();
    const question = 'Did Maya sleep well today?';
    await parent.getByRole('textbox', { name: 'Message' }).fill(question);
    await parent.getByRole('button', { name: 'Send' }).click();
    await inbox.getByRole('log', { name: 'Messages' }).getByText(question).waitFor();
    const answer = 'She slept soundly, with her rabbit.';
    await inbox.getByRole('textbox', { name: 'Message' }).fill(answer);
    await inbox.getByRole('button', { name: 'Send' }).click();
    await parent.getByRole('log', { name: 'Messages' }).getByText(answer).waitFor();

    // 5. After departure, the daily report shows the nap with its duration.
    expect((await asStaff('/activities', { method: 'POST', body: { channel: 'classroom-3b', childId: mayaId, type: 'departure', description: 'Maya went home with her dad.' } })).status).toBe(201);
    await expect.poll(() => device.received.some((push) => (push.payload as { title?: string }).title === 'Maya’s day is ready' || /day is ready/.test(String((push.payload as { title?: string }).title))), { timeout: 15_000 }).toBe(true);
    await parent.goto('/');
    await parent.getByRole('article', { name: 'Maya Thompson' }).getByRole('link', { name: 'Schedule' }).click();
    const nap = parent.getByRole('region', { name: 'Naps' }).getByRole('listitem').filter({ hasText: 'Maya is having a nap.' }).last();
    await nap.waitFor();
    expect(await nap.innerText()).toMatch(/\d+ min/);
    await parent.getByRole('region', { name: 'Home time' }).getByText('Maya went home with her dad.').waitFor();
  });
});
