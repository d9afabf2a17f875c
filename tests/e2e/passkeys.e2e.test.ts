import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settle, violationsOn } from './axe';
import { printOpenPagesOnFailure } from './browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

// Passkeys and two-step sign-in in a real Chromium. WebAuthn needs a relying party ID that is a
// domain, and the shared e2e server is addressed as 127.0.0.1: this file starts its own, on the
// same build, at http://localhost:<port>.

const PASSWORD = 'a quiet harbour at dawn 7';
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

let server: ChildProcess;
let dataDir: string;
let baseUrl: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-e2e-passkeys-'));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  server = spawn('npm', ['start'], { env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 4 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  // localhost is the server's own name here; it listens on IPv4 only.
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP localhost 127.0.0.1'] });
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  if (server?.pid && server.exitCode === null) {
    process.kill(-server.pid, 'SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
printOpenPagesOnFailure(() => browser);

let accounts = 0;
async function newAccount() {
  accounts += 1;
  const account = { name: 'Robin Keys', email: `keys-${Date.now()}-${accounts}@nestling.test`, password: PASSWORD };
  const response = await fetch(`${baseUrl.replace('localhost', '127.0.0.1')}/api/auth/sign-up`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  expect(response.status).toBe(200);
  return account;
}

async function newPage(options: { viewport?: { width: number; height: number }; theme?: 'light' | 'dark' } = {}) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: options.viewport ?? { width: 1280, height: 900 } });
  contexts.push(context);
  if (options.theme) await context.addInitScript((theme) => localStorage.setItem('nestling-color-scheme', theme), options.theme);
  return { context, page: await context.newPage() };
}

async function signedInPage(account: { email: string; password: string }, options: Parameters<typeof newPage>[0] = {}) {
  const opened = await newPage(options);
  const response = await opened.context.request.post('/api/auth/sign-in', { data: { email: account.email, password: account.password } });
  expect(response.status()).toBe(200);
  return opened;
}

/** Chromium's DevTools virtual authenticator: a platform authenticator that holds discoverable passkeys and verifies the user. */
async function addVirtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}



async function expectCleanAndFitting(page: Page, what: string, width: number) {
  await settle(page);
  expect(await violationsOn(page), what).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(width);
}

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')) });

describe('passkeys in Chromium', () => {
  it('registers a passkey from Profile with the virtual authenticator, then signs in with it and no password', async () => {
    const account = await newAccount();
    const { context, page } = await signedInPage(account);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(context, page);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const passkeys = page.getByRole('list', { name: 'Your passkeys' }).getByTestId('passkey');
    await expect.poll(() => passkeys.count()).toBe(1);
    await expect.poll(() => passkeys.first().textContent()).toContain('Not used yet');

    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ rpId: 'localhost', isResidentCredential: true });

    // Signed out, the same browser (and its authenticator) signs in with the passkey alone.
    await context.clearCookies();
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const me = await page.request.get('/api/users/me');
    expect(me.status()).toBe(200);
    expect((await me.json()).email).toBe(account.email);
    const used = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(used.credentials[0]!.signCount).toBeGreaterThan(0);

    // Renamed and removed from Profile; a removed passkey no longer signs in.
    await page.goto('/profile');
    await page.getByRole('button', { name: /^Rename / }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename passkey' });
    await dialog.getByLabel('Name').fill('Work laptop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => passkeys.first().textContent()).toContain('Work laptop');
    page.once('dialog', (question) => void question.accept());
    await page.getByRole('button', { name: 'Remove Work laptop' }).click();
    await expect.poll(() => passkeys.count()).toBe(0);
    await context.clearCookies();
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('alert').filter({ hasText: 'That passkey did not sign you in' }).waitFor();
  });
});

describe('two-step sign-in in Chromium', () => {
  it('is set up from Profile with a code, shows 10 recovery codes, and then a password sign-in asks for a code', async () => {
    const account = await newAccount();
    const { page } = await signedInPage(account);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await page.getByRole('img', { name: 'QR code to add Nestling to an authenticator app' }).waitFor();
    const secret = (await page.getByTestId('two-step-secret').textContent())!;
    const app = totp(secret);
    await page.getByLabel('Code from the app').fill(app.generate());
    await page.getByRole('button', { name: 'Turn on', exact: true }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    const recoveryCode = (await codes.first().textContent())!;
    await page.getByRole('button', { name: 'I have saved them' }).click();
    const question = page.getByRole('dialog', { name: 'Sign out your other devices?' });
    await question.getByRole('button', { name: 'Keep them signed in' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Two-step sign-in' }).textContent()).toContain('10 of 10 recovery codes left');

    // Another browser: the password, then the code the app shows for the next 30 seconds
    // (the current one was spent turning two-step on, and a code works once).
    const other = (await newPage()).page;
    await other.goto('/sign-in');
    await other.getByLabel('Email').fill(account.email);
    await other.getByRole('textbox', { name: 'Password' }).fill(account.password);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    expect((await other.request.get('/api/users/me')).status()).toBe(401);
    await other.getByLabel('Code').fill('000000');
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    const nextStep = Date.now() + 30_000;
    await other.getByLabel('Code').fill(app.generate({ timestamp: nextStep }));
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.waitForURL((url) => url.pathname === '/');
    expect((await other.request.get('/api/users/me')).status()).toBe(200);

    // Turned off from Profile: the code just used to sign in works once, so it is refused
    // here (the same step's code, not "now + 30 s", which a slow run can carry into a
    // fresh step), and a recovery code does it.
    await page.reload();
    await page.getByRole('button', { name: 'Turn off', exact: true }).click();
    const turnOff = page.getByRole('dialog', { name: 'Turn off two-step sign-in?' });
    await turnOff.getByLabel('Code').fill(app.generate({ timestamp: nextStep }));
    await turnOff.getByRole('button', { name: 'Turn off' }).click();
    await turnOff.getByText('That code is not right').waitFor();
    await turnOff.getByLabel('Code').fill(recoveryCode);
    await turnOff.getByRole('button', { name: 'Turn off' }).click();
    await turnOff.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('region', { name: 'Two-step sign-in' }).textContent()).toContain('Off');
  });
});

describe('the passkey and two-step screens, at 390 and 1280 px, light and dark', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of SIZES) {
      it(`have no WCAG 2.2 A/AA violations and fit the screen (${theme}, ${viewport.width} px)`, async () => {
        const account = await newAccount();
        const { context, page } = await signedInPage(account, { viewport, theme });
        await addVirtualAuthenticator(context, page);
        await page.goto('/profile');
        await page.getByRole('button', { name: 'Add a passkey' }).click();
        await page.getByTestId('passkey').waitFor();
        await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
        await page.getByRole('img', { name: 'QR code to add Nestling to an authenticator app' }).waitFor();
        await expectCleanAndFitting(page, 'setting up two-step', viewport.width);
        const app = totp((await page.getByTestId('two-step-secret').textContent())!);
        await page.getByLabel('Code from the app').fill(app.generate());
        await page.getByRole('button', { name: 'Turn on', exact: true }).click();
        await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
        await expectCleanAndFitting(page, 'the recovery codes', viewport.width);
        await page.getByRole('button', { name: 'I have saved them' }).click();
        await page.getByRole('dialog', { name: 'Sign out your other devices?' }).getByRole('button', { name: 'Keep them signed in' }).click();
        await page.getByRole('button', { name: 'Turn off', exact: true }).waitFor();
        await expectCleanAndFitting(page, 'Profile with a passkey and two-step on', viewport.width);
        await page.getByRole('button', { name: 'Turn off', exact: true }).click();
        await page.getByRole('dialog', { name: 'Turn off two-step sign-in?' }).waitFor();
        await expectCleanAndFitting(page, 'the turn-off question', viewport.width);
        await page.keyboard.press('Escape');

        const signIn = (await newPage({ viewport, theme })).page;
        await signIn.goto('/sign-in');
        await expectCleanAndFitting(signIn, 'the sign-in page', viewport.width);
        await signIn.getByLabel('Email').fill(account.email);
        await signIn.getByRole('textbox', { name: 'Password' }).fill(account.password);
        await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
        await signIn.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
        await expectCleanAndFitting(signIn, 'the code step', viewport.width);
      });
    }
  }
});
