import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Cookie, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const SCREENSHOT_DIR = 'test-results/e2e';

type Account = { email: string; password: string };
export const demoParent: Account = { email: 'demo@nestling.test', password: 'nestling-demo' };
export const staffMember: Account = { email: 'staff@nestling.test', password: 'nestling-staff' };

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
  afterEach(async ({ task }) => {
    // Before the context closes, so the page is still there to photograph.
    if (task.result?.state === 'fail' && state.page) {
      await printPages(task.name, [state.page]);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await state.page.screenshot({ path: `${SCREENSHOT_DIR}/${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 120)}.png`, fullPage: true }).catch(() => {});
    }
    await state.context?.close();
  });
  afterAll(() => browser?.close());

  return {
    state,
    /** Opens a page in a fresh context; `theme` is stored as the user's choice before the app loads. */
    async open(pathname = '/', options: { viewport?: { width: number; height: number }; theme?: 'light' | 'dark'; signedInAs?: Account } = {}) {
      state.context = await browser.newContext({ baseURL: state.baseUrl, viewport: options.viewport ?? viewport });
      if (options.theme) {
        await state.context.addInitScript((theme) => localStorage.setItem('nestling-color-scheme', theme), options.theme);
      }
      if (options.signedInAs) await signInContext(state.context, options.signedInAs);
      state.page = await state.context.newPage();
      await state.page.goto(pathname);
      return state.page;
    },
  };
}

/**
 * Prints each page's address and what a screen reader would read in its main region (or the
 * whole page, when it has none). CI keeps only the log, and a timeout alone does not say what the
 * page showed instead of what the test waited for.
 */
async function printPages(testName: string, pages: Page[]) {
  for (const page of pages) {
    const main = page.getByRole('main');
    const tree = await main
      .count()
      .then((count) => (count === 1 ? main : page.locator('body')).ariaSnapshot({ timeout: 5_000 }))
      .catch((error: Error) => `(the page could not be read: ${error.message})`);
    console.error(`\n--- "${testName}" failed; a page it had open, ${page.url()}:\n${tree.slice(0, 6_000)}`);
  }
}

/** For files that launch their own browser: on a failing test, prints every page still open. */
export function printOpenPagesOnFailure(browser: () => Browser | undefined) {
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    await printPages(task.name, (browser()?.contexts() ?? []).flatMap((context) => context.pages()));
  });
}

/**
 * Signs a context in with one session per account and file, as a returning user's cookie would;
 * signing in afresh for every page would trip the sign-in rate limit.
 */
const sessions = new Map<string, Cookie[]>();
async function signInContext(context: BrowserContext, account: Account) {
  const saved = sessions.get(account.email);
  if (saved) return context.addCookies(saved);
  const response = await context.request.post('/api/auth/sign-in', { data: account });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
  sessions.set(account.email, (await context.storageState()).cookies);
}

/** Signs the page's context in through the API. */
export async function signIn(page: Page, account = demoParent) {
  const response = await page.request.post('/api/auth/sign-in', { data: account });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
}

/** A signed-in API client for the same server, as an integrator or the staff app would call it. */
export async function apiSession(baseUrl: string, account: Account) {
  const signedIn = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status}`);
  const cookie = signedIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return (path: string, init: { method?: string; body?: unknown } = {}) =>
    fetch(`${baseUrl}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { cookie, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
}
