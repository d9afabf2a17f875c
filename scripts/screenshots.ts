/**
 * Looks at every screen in real Chromium, signed in as the demo parent and signed out, at
 * desktop and phone widths, in light and dark themes. Screenshots go to
 * test-results/screenshots; console errors and failed requests are printed.
 *
 *   npx tsx scripts/screenshots.ts http://localhost:3000 [route ...]
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3000';
const only = process.argv.slice(3);
const outDir = path.resolve('test-results/screenshots');
mkdirSync(outDir, { recursive: true });

const routes = only.length
  ? only
  : ['/', '/nurseries', '/monitoring', '/assistant', '/shop', '/shadow-teachers', '/profile', '/mental-health', '/community', '/articles/bedtime-routines', '/staff', '/sign-in', '/no-such-page'];
const widths = [1280, 390];
const themes = ['light', 'dark'] as const;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const problems: string[] = [];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Let skeletons give way and the live indicator connect.
  await page.waitForTimeout(1200);
}

const visitors = [
  { tag: 'in', account: { email: 'demo@nestling.test', password: 'nestling-demo' } },
  { tag: 'staff', account: { email: 'staff@nestling.test', password: 'nestling-staff' } },
  { tag: 'out', account: null },
] as const;

for (const visitor of visitors) {
  const signedIn = visitor.account !== null;
  for (const theme of themes) {
    for (const width of widths) {
      const context = await browser.newContext({ viewport: { width, height: width > 800 ? 900 : 844 }, deviceScaleFactor: 1 });
      await context.addInitScript((scheme) => window.localStorage.setItem('nestling-color-scheme', scheme), theme);
      const page = await context.newPage();
      const tag = `${visitor.tag}-${theme}-${width}`;
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`[${tag}] console.${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`[${tag}] page error: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400 && !response.url().includes('/users.me') && !response.url().includes('/users/me')) {
          problems.push(`[${tag}] ${response.status()} ${response.url()}`);
        }
      });

      if (visitor.account) {
        await page.goto(`${base}/sign-in`);
        await page.getByLabel('Email').fill(visitor.account.email);
        await page.getByRole('textbox', { name: 'Password' }).fill(visitor.account.password);
        await page.getByRole('button', { name: 'Sign in', exact: true }).click();
        await page.waitForURL(`${base}/`);
      }

      for (const route of routes) {
        if (!signedIn && !['/', '/monitoring', '/assistant', '/staff', '/sign-in'].includes(route)) continue;
        if (visitor.tag === 'staff' && !['/', '/staff'].includes(route)) continue;
        await page.goto(`${base}${route}`);
        await settle(page);
        if (route === '/assistant' && visitor.tag === 'in') {
          // Look at a real conversation: a question, the typing dots, then the reply and its resources.
          await page.getByPlaceholder('Ask anything about parenting or childhood development...').fill('How can I build a calm bedtime routine for my toddler?');
          await page.keyboard.press('Enter');
          await page.getByText('Resources for you').waitFor({ timeout: 30_000 }).catch(() => undefined);
          await page.waitForTimeout(800);
        }
        const name = `${tag}-${route === '/' ? 'dashboard' : route.slice(1).replaceAll('/', '_')}`;
        if (width > 800) {
          await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: true });
          continue;
        }
        // On a phone, look screen by screen as a person scrolls, with the fixed bars where they really are.
        const viewportHeight = page.viewportSize()?.height ?? 844;
        const total = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, index = 1; y < total && index <= 8; y += viewportHeight - 120, index += 1) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          await page.waitForTimeout(150);
          await page.screenshot({ path: path.join(outDir, `${name}-${index}.png`) });
        }
      }
      await context.close();
    }
  }
}

await browser.close();
console.log(`Screenshots in ${outDir}`);
console.log(problems.length ? problems.join('\n') : 'No console errors or failed requests.');
