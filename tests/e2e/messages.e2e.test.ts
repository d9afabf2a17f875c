import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settle, violationsOn } from './axe';
import { demoParent, staffMember, useBrowser } from './browser';

const browser = useBrowser();

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

/** Opens the staff inbox's conversation with the demo family's Classroom 3B. */
async function openClassroom3bThread(page: Page) {
  const inbox = page.getByRole('region', { name: 'Messages from families' });
  await inbox.getByRole('region', { name: 'Classroom 3B' }).getByRole('button', { name: /Sarah Thompson's family/ }).click();
  await inbox.getByRole('textbox', { name: 'Message' }).waitFor();
  return inbox;
}

describe.each(['light', 'dark'] as const)('messages in the %s theme', (theme) => {
  describe.each([
    { size: 'phone', viewport: phone },
    { size: 'desktop', viewport: desktop },
  ])('on a $size', ({ viewport }) => {
    it('/messages, its list and a thread, have no WCAG 2.2 A/AA violations', async () => {
      const page = await browser.open('/messages', { theme, viewport, signedInAs: demoParent });
      await settle(page);
      expect(await violationsOn(page)).toEqual([]);
      if (viewport === phone) {
        await page.getByRole('button', { name: /Classroom 3B/ }).click();
        await page.getByRole('textbox', { name: 'Message' }).waitFor();
        await settle(page);
        expect(await violationsOn(page)).toEqual([]);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    it("the staff inbox and a family's thread have no WCAG 2.2 A/AA violations", async () => {
      const page = await browser.open('/staff', { theme, viewport, signedInAs: staffMember });
      await settle(page);
      await openClassroom3bThread(page);
      await settle(page);
      expect(await violationsOn(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  });
});

describe('the parent messages the teacher', () => {
  it('and the teacher replies live on /staff', async () => {
    const teacher = await browser.open('/staff', { viewport: desktop, signedInAs: staffMember });
    const teacherPage = teacher;
    await settle(teacherPage);
    const inbox = await openClassroom3bThread(teacherPage);
    await inbox.getByText('Live', { exact: true }).waitFor();

    const parent = await browser.open('/profile', { viewport: phone, signedInAs: demoParent });
    await parent.getByRole('tab', { name: 'My Children' }).click();
    await parent.getByRole('link', { name: "Message Maya Thompson's classroom" }).click();
    await parent.getByRole('heading', { name: 'Classroom 3B', level: 1 }).waitFor();
    await parent.getByText('Live', { exact: true }).waitFor();

    const question = `Could Maya wear her wellies today? ${randomUUID().slice(0, 6)}`;
    const composer = parent.getByRole('textbox', { name: 'Message' });
    await composer.pressSequentially('Could');
    await inbox.getByText('Sarah Thompson is typing…').waitFor();
    await composer.fill(question);
    await composer.press('Enter');
    await parent.getByRole('log', { name: 'Messages' }).getByText(question).waitFor();

    // Live on the staff side, then answered from there.
    await inbox.getByRole('log', { name: 'Messages' }).getByText(question).waitFor();
    const answer = `Of course, we'll go puddle jumping. ${randomUUID().slice(0, 6)}`;
    await inbox.getByRole('textbox', { name: 'Message' }).fill(answer);
    await inbox.getByRole('button', { name: 'Send' }).click();

    await parent.getByRole('log', { name: 'Messages' }).getByText(answer).waitFor();
    // The parent has it on screen: the teacher sees it was read.
    await inbox.getByText('Seen', { exact: true }).waitFor();
    await parent.context().close();
    await teacherPage.context().close();
  });
});
