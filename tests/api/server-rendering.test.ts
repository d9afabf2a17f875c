import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, demoAccounts, type TestApp } from '../helpers/test-app';

// Page visits rendered on the server from the client's source (the SSR build is the same module),
// wrapped in a stand-in of the built index.html.
const TEMPLATE =
  '<!doctype html><html><head><title>Nestling</title><script src="/theme-init.js"></script><script type="module" src="/assets/index.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react.js"><link rel="stylesheet" crossorigin href="/assets/app.css"></head><body><div id="root"></div></body></html>';
const THEME_SCRIPT = "document.documentElement.dataset.mantineColorScheme='light';";
// Mantine's Group (the dashboard has several) and a class no page renders.
const STYLESHEET = ':root{--test-gap:4px}.m_4081bf90{display:flex}.never-rendered{color:red}@media (min-width:48em){.never-rendered{color:blue}}';

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'nestling-ssr-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), TEMPLATE);
  writeFileSync(path.join(clientDir, 'theme-init.js'), THEME_SCRIPT);
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets/app.css'), STYLESHEET);
  // What the client build writes for its lazy screens and sections (vite.config.ts); Modal is shared by two.
  mkdirSync(path.join(clientDir, '.vite'));
  const lazyCode = { CommunityPage: ['assets/community-page.js', 'assets/Modal.js'], ProfileMenu: ['assets/profile-menu.js', 'assets/Modal.js'], ShopPage: ['assets/shop-page.js'] };
  writeFileSync(path.join(clientDir, '.vite/lazy-code.json'), JSON.stringify(lazyCode));
  // 23:30 in London is 08:30 the next morning in Tokyo.
  t = await createTestApp({ env: { SSR: '1' }, clientDir, ssrEntry: () => import('../../src/client/entry-server'), now: () => new Date('2026-11-26T23:30:00Z') });
});

afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const nonceOf = (csp: string) => /script-src[^;]*'nonce-([^']+)'/.exec(csp)?.[1];

describe('server-rendered pages', () => {
  it("the dashboard's HTML for a signed-in parent holds the greeting, the children and the query cache, and is never stored", async () => {
    const cookie = await t.cookieFor(demoAccounts.parent);
    const response = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: `${cookie}; tz=Asia/Tokyo` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toMatch(/Good (morning|afternoon|evening)<!-- -->, <!-- -->Sarah Thompson/);
    expect(html).toContain('Maya Thompson');
    const state = /<script type="application\/json" id="nestling-ssr" nonce="([^"]+)">(.*?)<\/script>/.exec(html);
    expect(state).not.toBeNull();
    const ssr = JSON.parse(state![2]!) as { timeZone: string; queries: { queries: { queryKey: unknown }[] } };
    expect(ssr.timeZone).toBe('Asia/Tokyo');
    expect(ssr.queries.queries.map((query) => query.queryKey)).toContainEqual([['children', 'list'], { type: 'query' }]);
    // The state's nonce is the one the CSP allows, and the CSP still refuses other inline scripts.
    const csp = response.headers['content-security-policy'] as string;
    expect(nonceOf(csp)).toBe(state![1]);
    expect(csp).not.toContain("'unsafe-inline' ");
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+';/);
    // The theme script is inline, where index.html names it, one request fewer before the first paint.
    expect(html).not.toContain('src="/theme-init.js"');
    expect(html).toContain(`<title>Nestling</title><script nonce="${state![1]}">${THEME_SCRIPT}</script><script type="module"`);
    // Ahead of the page's HTML, the script that holds back taps made before hydration, with the same nonce.
    const early = [...html.matchAll(/<script nonce="([^"]+)">([\s\S]*?)<\/script>/g)].find((script) => script[2]!.includes("addEventListener('click', hold, true)"));
    expect(early?.[1]).toBe(state![1]);
    expect(early!.index).toBeLessThan(html.indexOf('<div id="root">'));
  });

  it("paints with the CSS its HTML uses inline; the full stylesheets and the app's files hold no paint", async () => {
    const cookie = await t.cookieFor(demoAccounts.parent);
    const html = (await t.app.inject({ method: 'GET', url: '/', headers: { cookie } })).body;
    expect(html).toContain('class="m_4081bf90');
    // Where index.html linked the stylesheet, its rules the page can use, and no others.
    expect(html).toContain('<style>:root{--test-gap:4px}.m_4081bf90{display:flex}</style>');
    expect(html).not.toContain('never-rendered');
    // The whole stylesheet as print styles, which the app applies (main.tsx), and as it is without JavaScript.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css" media="print" data-full-style><noscript><link rel="stylesheet" crossorigin href="/assets/app.css"></noscript></head>');
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(2);
    // The app's files are named for main.tsx to fetch after the first paint, not preloaded beside the HTML.
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<meta name="nestling-app-file" content="/assets/react.js">');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it("names the scripts of the page's lazily loaded screen and sections with the app's files, once each", async () => {
    const cookie = await t.cookieFor(demoAccounts.parent);
    const render = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).body;
    const named = (html: string) => [...html.matchAll(/<meta name="nestling-app-file" content="([^"]+)">/g)].map((meta) => meta[1]);
    const sectionsOf = (html: string) => (JSON.parse(/id="nestling-ssr" nonce="[^"]+">(.*?)<\/script>/.exec(html)![1]!) as { sections: string[] }).sections;

    const community = await render('/community');
    // The screen's, then its sections' (the shell's profile menu), a file both need once.
    expect(sectionsOf(community)).toContain('ProfileMenu');
    expect(named(community)).toEqual(['/assets/react.js', '/assets/community-page.js', '/assets/Modal.js', '/assets/profile-menu.js']);
    // The dashboard is in the app's own files: only its sections' code is named, no other screen's.
    expect(named(await render('/'))).toEqual(['/assets/react.js', '/assets/profile-menu.js', '/assets/Modal.js']);
  });

  it('each response has its own nonce', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/nurseries' });
    const second = await t.app.inject({ method: 'GET', url: '/nurseries' });
    expect(nonceOf(first.headers['content-security-policy'] as string)).not.toBe(nonceOf(second.headers['content-security-policy'] as string));
  });

  it('signed out, public pages hold their content and may be revalidated, not stored', async () => {
    const nurseries = await t.app.inject({ method: 'GET', url: '/nurseries' });
    expect(nurseries.statusCode).toBe(200);
    expect(nurseries.headers['cache-control']).toBe('no-cache');
    expect(nurseries.body).toContain('Find Nurseries');
    // The first search is rendered, not its loading state: the list the API gives for the default chips.
    const search = await t.app.inject({ method: 'GET', url: '/api/nurseries?specialNeeds=true&ageMin=2&ageMax=4' });
    const found = (search.json() as { name: string }[]).map((nursery) => nursery.name);
    expect(found.length).toBeGreaterThan(0);
    for (const name of found) expect(nurseries.body).toContain(name.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    expect(nurseries.body).toContain('"nurseries","search"');
    const signIn = await t.app.inject({ method: 'GET', url: '/sign-in' });
    expect(signIn.body).toContain('Welcome back');
    const dashboard = await t.app.inject({ method: 'GET', url: '/' });
    expect(dashboard.body).toContain('Parent');
    expect(dashboard.body).not.toContain('Maya Thompson');
  });

  it('the greeting is in the time zone of the tz cookie, else the server’s', async () => {
    const cookie = await t.cookieFor(demoAccounts.parent);
    const tokyo = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: `${cookie}; tz=Asia/Tokyo` } });
    expect(tokyo.body).toContain('Good morning<!-- -->, <!-- -->Sarah Thompson');
    expect(tokyo.body).toContain('Friday, November 27th, 2026');
    const withoutZone = await t.app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(withoutZone.body).toContain('"timeZone":"UTC"');
    expect(withoutZone.body).toContain('Good evening<!-- -->, <!-- -->Sarah Thompson');
    expect(withoutZone.body).toContain('Thursday, November 26th, 2026');
    const badZone = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: `${cookie}; tz=Not/AZone` } });
    expect(badZone.body).toContain('"timeZone":"UTC"');
  });

  it("signed in, /monitoring, /shadow-teachers and /community hold their first lists, not their loading state", async () => {
    const cookie = await t.cookieFor(demoAccounts.parent);
    const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json() as unknown;
    const page = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).body;
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

    const cameras = (await get('/api/cameras')) as { id: string }[];
    expect(cameras.map((camera) => camera.id)).toContain('classroom-3b');
    const activities = (await get('/api/activities?channel=classroom-3b&limit=20')) as { description: string }[];
    expect(activities.length).toBeGreaterThan(0);
    const monitoring = await page('/monitoring');
    for (const { description } of activities) expect(monitoring).toContain(escaped(description));

    const teachers = (await get('/api/shadow-teachers')) as { name: string }[];
    expect(teachers.length).toBeGreaterThan(0);
    const shadowTeachers = await page('/shadow-teachers');
    for (const { name } of teachers) expect(shadowTeachers).toContain(escaped(name));

    const posts = (await get('/api/community/posts?limit=20')) as { items: { title: string }[] };
    expect(posts.items.length).toBeGreaterThan(0);
    const community = await page('/community');
    for (const { title } of posts.items) expect(community).toContain(escaped(title));
  });

  it('signed in, both bells (the sidebar\'s and the phone bar\'s) carry the unread count in the HTML', async () => {
    const cookie = await t.cookieFor(demoAccounts.parent);
    const staff = await t.cookieFor(demoAccounts.staff);
    const children = (await t.app.inject({ method: 'GET', url: '/api/children', headers: { cookie } })).json() as { id: number; name: string }[];
    const maya = children.find((child) => child.name === 'Maya Thompson')!;
    const logged = await t.app.inject({ method: 'POST', url: '/api/activities', headers: { cookie: staff }, payload: { channel: 'classroom-3b', type: 'snack', description: 'Apple slices.', childId: maya.id } });
    expect(logged.statusCode, logged.body).toBe(201);
    // Notifications are delivered after the activity's write, not inside it (on PostgreSQL a moment later).
    const unread = await vi.waitFor(async () => {
      const count = (await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie } })).json() as { unread: number };
      expect(count.unread).toBeGreaterThan(0);
      return count.unread;
    });
    const html = (await t.app.inject({ method: 'GET', url: '/profile', headers: { cookie } })).body;
    expect(html.split(`aria-label="Notifications, ${unread} unread"`)).toHaveLength(3);
  });

  it('an unknown path is a 404 page; /index.html stays the family-free shell', async () => {
    const cookie = await t.cookieFor(demoAccounts.parent);
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
    const shell = await t.app.inject({ method: 'GET', url: '/index.html', headers: { cookie } });
    expect(shell.body).toBe(TEMPLATE);
  });
});

describe('with SSR=0', () => {
  it('every page is the static index.html, as before server rendering', async () => {
    const off = await createTestApp({ env: { SSR: '0' }, clientDir, ssrEntry: () => import('../../src/client/entry-server') });
    try {
      const cookie = await off.signIn(demoAccounts.parent);
      for (const url of ['/', '/nurseries']) {
        const response = await off.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toBe(TEMPLATE);
      }
    } finally {
      await off.close();
    }
  });
});
