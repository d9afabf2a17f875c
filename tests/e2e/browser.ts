import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject, onTestFailed } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOT_DIR = 'test-results/e2e';

/** Flags for Chromium as root on a machine with no outside network (see ../shared/STACK.md). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const demoParent = { email: 'demo@nestling.test', password: 'nestling-demo' };

/**
 * One browser per test file and a fresh context (cookies, storage) per test; a failing test
 * leaves a screenshot under test-results/e2e.
 */
export function useBrowser(viewport = { width: 1280, height: 900 }) {
  let browser: Browser;
  const state: { context: BrowserContext; page: Page; baseUrl: string } = {} as never;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    state.baseUrl = inject('baseUrl');
  });
  afterEach(() => state.context?.close());
  afterAll(() => browser?.close());

  return {
    state,
    async open(pathname = '/', options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {}) {
      state.context = await browser.newContext({ baseURL: state.baseUrl, viewport: options.viewport ?? viewport, colorScheme: options.colorScheme });
      state.page = await state.context.newPage();
      onTestFailed(async ({ task }) => {
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await state.page.screenshot({ path: `${SCREENSHOT_DIR}/${task.name.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true }).catch(() => {});
      });
      await state.page.goto(pathname);
      return state.page;
    },
  };
}

export async function signIn(page: Page, account = demoParent) {
  const response = await page.request.post('/api/auth/sign-in', { data: account });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
}
