import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { apiSession, demoParent, staffMember, useBrowser } from './browser';

// The real video path needs ffmpeg, which CI installs (.ci/run); npm test never needs it.
const ffmpegFound = spawnSync('ffmpeg', ['-version']).status === 0;

const browser = useBrowser();

describe.skipIf(!ffmpegFound)('live classroom video', () => {
  it("plays Classroom 3B to Maya's parent while she is checked in, and stops with the reason when she goes home", async () => {
    const asStaff = await apiSession(browser.state.baseUrl, staffMember);
    // Open every day, all day, so the journey runs whenever CI does.
    const everyDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opensAt: '00:00', closesAt: '24:00' }));
    expect((await asStaff('/nursery/opening-hours', { method: 'PUT', body: { openingHours: everyDay } })).status).toBe(200);
    const roster = (await (await asStaff('/classrooms')).json()) as { name: string; children: { id: number; name: string }[] }[];
    const room = roster.find((classroom) => classroom.name === 'Classroom 3B')!;
    const maya = room.children.find((child) => child.name === 'Maya Thompson')!.id;
    const others = room.children.filter((child) => child.id !== maya).map((child) => child.id);
    const log = async (type: string, childIds: number[], description: string) =>
      expect((await asStaff('/activities', { method: 'POST', body: { channel: 'classroom-3b', type, childIds, description } })).status).toBe(201);
    // Only Maya keeps her family in the room: her brother has gone home.
    if (others.length > 0) await log('departure', others, 'Leo went home early with his dad.');

    // 1. Staff check Maya in.
    await log('arrival', [maya], 'Maya arrived and hung up her coat.');

    // 2. Her parent watches, and the video plays.
    const page = await browser.open('/monitoring', { signedInAs: demoParent });
    await page.getByRole('button', { name: 'Watch live' }).click();
    const video = page.getByLabel('Live camera');
    await video.waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, null, { timeout: 30_000 });
    const first = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
    await page.waitForFunction((from) => (document.querySelector('video')?.currentTime ?? 0) > from + 1, first, { timeout: 15_000 });

    // 3. Staff check her out; 4. the player stops and says why.
    await log('departure', [maya], 'Maya went home with her grandma.');
    const message = page.getByTestId('camera-message');
    await message.waitFor({ timeout: 15_000 });
    expect(await message.innerText()).toMatch(/^Maya has gone home for the day — the camera is available again when she's checked in\.$/);
    expect(await page.locator('video').count()).toBe(0);
  });
});
