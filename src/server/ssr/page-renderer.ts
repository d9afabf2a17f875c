import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createServerSideHelpers } from '@trpc/react-query/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SsrPage, SsrState } from '../../client/app/ssr-state';
import { SSR_STATE_ID } from '../../client/app/ssr-state';
import { classesIn, criticalCss, parseStylesheet } from './critical-css';
import { EARLY_EVENTS_SCRIPT } from './early-events';
import type { RenderedPage } from '../../client/entry-server';
import { activityFeedInput, COMMUNITY_FEED_INPUT, DEFAULT_NURSERY_CHIPS, longDate, nurserySearchInput, watchedCamera } from '../../shared/display';
import { wallClock } from '../../shared/dates';
import { isTimeZone, type Config } from '../config';
import type { AuthService } from '../features/auth/auth.service';
import { authenticate } from '../features/auth/auth.hooks';
import type { Context } from '../trpc/context';
import { appRouter } from '../trpc/router';

/** The server build of src/client/entry-server.tsx (dist/server/entry-server.js), or the source under Vitest. */
export interface SsrEntry {
  renderPage(input: { url: string; ssr: SsrState; nonce: string; onError: (error: unknown) => void }): Promise<RenderedPage>;
}

type Helpers = ReturnType<typeof createServerSideHelpers<typeof appRouter>>;

/**
 * The answers a page paints with, loaded before it renders: the shell's on every signed-in page,
 * and the first screen's own on the main routes. Whatever is not here shows its loading state and
 * is fetched by the browser as before (a list arriving then moves what is below it: Lighthouse
 * counted a layout shift of 0.16 on /nurseries, and a mobile LCP of 4.4 s or more on the routes
 * whose lists the browser fetched).
 */
function prefetchesFor(pathname: string, helpers: Helpers, user: Context['user']): Promise<void>[] {
  const nurserySearch = () => helpers.nurseries.search.prefetch(nurserySearchInput('', DEFAULT_NURSERY_CHIPS, user?.city != null));
  // Who is signed in, and the bells' unread count (the bells are in the HTML).
  const shell = user ? [helpers.users.me.prefetch(), helpers.notifications.unreadCount.prefetch()] : [];
  if (!user) return pathname === '/nurseries' ? [nurserySearch()] : [];
  switch (pathname) {
    case '/':
      return [...shell, helpers.children.list.prefetch(), watchedCameraLog(helpers), helpers.products.list.prefetch(), nurserySearch()];
    case '/nurseries':
      return [...shell, nurserySearch()];
    case '/monitoring':
      // And who may watch which room, which the player's "Watch live" reads (camera-player.tsx).
      return [...shell, watchedCameraLog(helpers), helpers.cameraAccess.viewers.prefetch()];
    case '/shadow-teachers':
      // The Find tab's first search, with no filters.
      return [...shell, helpers.shadowTeachers.list.prefetch({})];
    case '/community':
      return [...shell, helpers.community.posts.list.prefetchInfinite(COMMUNITY_FEED_INPUT), helpers.community.groups.list.prefetch()];
    default:
      return shell;
  }
}

/**
 * The family's cameras, then the activity log of the one they watch first. A failure is left to
 * the browser, which asks again, as prefetch leaves it.
 */
async function watchedCameraLog(helpers: Helpers): Promise<void> {
  const cameras = await helpers.cameras.list.fetch().catch(() => []);
  const camera = watchedCamera(cameras);
  if (camera) await helpers.activities.list.prefetch(activityFeedInput(camera.id));
}

const ROOT = '<div id="root"></div>';

/** A stylesheet of the client build: its URL and its CSS. */
export interface Stylesheet {
  href: string;
  css: string;
}

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;

/**
 * The stylesheets a rendered page uses, in cascade order: index.html's own, then the styles of
 * the components that screens and lazy sections use (client/lib/route-styles.ts, from the client
 * build's manifest). index.html leaves the second out (the first screen is client-rendered there
 * and they arrive with the code that needs them), but a rendered page shows those components
 * before any script runs: without their styles its sections were drawn unstyled until then (seen
 * with JavaScript off: bare inputs, chips' close icons at full width). Linked from the page, the
 * browser's later request for them (Vite's preload) finds them in place and adds nothing.
 */
export function pageStylesheets(clientDir: string, template: string): Stylesheet[] {
  const hrefs = [...template.matchAll(STYLESHEET_LINK)].map((link) => link[1]!);
  const file = path.join(clientDir, '.vite/manifest.json');
  if (existsSync(file)) {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file: string }>;
    const routeStyles = manifest['src/client/lib/route-styles.ts'];
    if (!routeStyles) throw new Error('src/client/lib/route-styles.ts is not in the client build manifest');
    hrefs.push(`/${routeStyles.file}`);
  }
  return hrefs.map((href) => ({ href, css: readFileSync(path.join(clientDir, href), 'utf8') }));
}

/** index.html's theme script, a file there (its CSP has no nonce); a rendered page has it inline, one request fewer before the first paint. */
const THEME_SCRIPT = '<script src="/theme-init.js"></script>';
/** Where a page's own theme script and critical CSS go in index.html's head. */
const THEME_MARK = '<!--nestling:theme-->';
const STYLES_MARK = '<!--nestling:styles-->';
/** Where a page names the scripts of its lazily loaded screen and sections. */
const LAZY_CODE_MARK = '<!--nestling:lazy-code-->';

/** The page's lazy code, named as the app's files are: main.tsx fetches them all after the first paint. */
function lazyCodeMetas(names: readonly string[], lazyCodeFiles: ReadonlyMap<string, readonly string[]>): string {
  const files = new Set(names.flatMap((name) => lazyCodeFiles.get(name) ?? []));
  return [...files].map((file) => `<meta name="nestling-app-file" content="/${file}">`).join('');
}

/** All a stream writes, as text. */
async function readStream(stream: Pick<RenderedPage['stream'], 'pipe'>): Promise<string> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      chunks.push(chunk);
      done();
    },
  });
  stream.pipe(sink);
  await finished(sink);
  return Buffer.concat(chunks).toString('utf8');
}

/** JSON inside a script element: `<` escaped so no value can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Renders page visits on the server: the request's session signs it in, the page's data comes
 * from the same procedures the browser calls (through a caller, not HTTP), and React streams the
 * HTML into the built index.html. The query cache goes with it for the browser to hydrate.
 */
export function createPageRenderer(deps: {
  entry: () => Promise<SsrEntry>;
  /** The built index.html: its head (styles, the entry script) wraps every page. */
  template: string;
  /** The built theme-init.js, which index.html names (THEME_SCRIPT). */
  themeScript: string;
  /** The stylesheets a rendered page uses (pageStylesheets). */
  stylesheets: Stylesheet[];
  /** The scripts of each lazily loaded screen and section, by export name (readLazyCodeFiles). */
  lazyCodeFiles: ReadonlyMap<string, readonly string[]>;
  config: Config;
  auth: AuthService;
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Context;
  now: () => Date;
}) {
  const at = deps.template.indexOf(ROOT);
  if (at < 0) throw new Error(`index.html has no ${ROOT} for server-rendered pages`);
  // The first screen's CSS goes inline where index.html links its stylesheet (critical-css.ts).
  // The full stylesheets load as print styles, which hold no paint, and apply as the app starts
  // (main.tsx); without JavaScript, the noscript links apply them. The app's files are named, not
  // preloaded: main.tsx fetches them after the first paint. Preloaded, they shared a phone's slow
  // network with the HTML, and Lighthouse counted every one of them into the largest paint (2.5 s
  // on /, 1.5 s without them).
  const styleRules = deps.stylesheets.flatMap((sheet) => parseStylesheet(sheet.css));
  const links = (media: string) => deps.stylesheets.map((sheet) => `<link rel="stylesheet" crossorigin href="${sheet.href}"${media}>`).join('');
  let linked = 0;
  const head = deps.template
    .slice(0, at)
    .replace(STYLESHEET_LINK, () => (linked++ === 0 ? STYLES_MARK : ''))
    .replace('</head>', `${linked === 0 ? STYLES_MARK : ''}${LAZY_CODE_MARK}${links(' media="print" data-full-style')}<noscript>${links('')}</noscript></head>`)
    .replace(THEME_SCRIPT, THEME_MARK)
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, '<meta name="nestling-app-file" content="$1">');
  if (head.split(THEME_MARK).length !== 2) throw new Error(`index.html must name ${THEME_SCRIPT} once before ${ROOT}`);
  const tail = deps.template.slice(at + ROOT.length);

  return async function renderPageReply(request: FastifyRequest, reply: FastifyReply, nonce: string) {
    await authenticate(request, deps.auth);
    const ctx = deps.createContext({ req: request, res: reply });
    const helpers = createServerSideHelpers({ router: appRouter, ctx });
    const pathname = request.url.split('?')[0]!;
    await Promise.all(prefetchesFor(pathname, helpers, ctx.user));
    const cookieZone = request.cookies.tz;
    const timeZone = cookieZone && isTimeZone(cookieZone) ? cookieZone : deps.config.timeZone;
    const renderedAt = deps.now();
    const clock = wallClock(renderedAt, timeZone);
    const ssr: SsrState = {
      // Through JSON as over HTTP, so the cache holds exactly what the browser's own fetch would.
      queries: JSON.parse(JSON.stringify(helpers.dehydrate())) as SsrState['queries'],
      timeZone,
      clock: { at: renderedAt.getTime(), hour: clock.getHours(), date: longDate(clock) },
    };
    const entry = await deps.entry();
    const page = await entry.renderPage({ url: request.url, ssr, nonce, onError: (error) => request.log.error({ err: error }, 'server rendering failed') });
    // Whole before it is sent (the render waits for everything, onAllReady): the head's CSS is
    // what the body's classes use.
    const body = await readStream(page.stream);
    const critical = criticalCss(styleRules, classesIn(body));
    const html =
      head
        .replace(THEME_MARK, () => `<script nonce="${nonce}">${deps.themeScript}</script>`)
        .replace(STYLES_MARK, () => `<style>${critical}</style>`)
        .replace(LAZY_CODE_MARK, () => lazyCodeMetas(page.lazyCode, deps.lazyCodeFiles)) +
      `<script nonce="${nonce}">${EARLY_EVENTS_SCRIPT}</script><script type="application/json" id="${SSR_STATE_ID}" nonce="${nonce}">${scriptJson({ ...ssr, sections: page.sections } satisfies SsrPage)}</script>` +
      `<div id="root">${body}</div>${tail}`;
    // A family's page is never kept by a browser or a proxy; a signed-out page is revalidated like index.html.
    return reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', ctx.user ? 'no-store' : 'no-cache')
      .header('Vary', 'Cookie')
      .send(html);
  };
}
