import { existsSync, readFileSync } from 'node:fs';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { fastifyTRPCOpenApiPlugin } from 'trpc-to-openapi';
import type { Config } from './config';
import type { DatabaseHandle } from './db/create-database';
import { openDatabase } from './db/open-database';
import { AppError, INTERNAL_ERROR_MESSAGE, PROBLEMS, PROBLEM_CONTENT_TYPE, appErrorReply, problem, type Problem, type ProblemCode } from './errors';
import { registerAuthHooks } from './features/auth/auth.hooks';
import { createSocketAuthenticator } from './features/auth/auth.realtime';
import { createMessagingTopics } from './features/messages/messages.realtime';
import { createMonitoringTopics } from './features/monitoring/monitoring.realtime';
import { startNotificationsConsumer } from './features/notifications/notifications.consumer';
import { startNotificationPushWorker } from './features/notifications/notifications.push-worker';
import { createNotificationTopics } from './features/notifications/notifications.realtime';
import { registerBookingCalendarRoute } from './features/shadow-bookings/shadow-bookings.calendar-route';
import { registerCommunityImageRoutes } from './features/community/community.images-route';
import { registerActivityPhotoRoutes } from './features/monitoring/monitoring.photos-route';
import { registerMessagePhotoRoutes } from './features/messages/messages.photos-route';
import { startImageMaintenance } from './lib/images/image-maintenance';
import { startErasureSweep } from './features/family/erasure-sweep';
import { ffmpegCameraVideo, staticCameraVideo } from './features/cameras/camera-video';
import { registerCameraHlsRoutes } from './features/cameras/cameras.hls-route';
import { createCameraTopics } from './features/cameras/cameras.realtime';
import { startViewingLogSweep } from './features/cameras/viewing-log-sweep';
import { registerFamilyExportRoute } from './features/family/family-export.route';
import { startWebhookWorker } from './features/webhooks/webhooks.worker';
import { CATALOGUE_PATHS, etagOf, matchesEtag } from './lib/etag';
import { jsonNestsDeeperThan } from './lib/json-depth';
import { registerRateLimitHeaders } from './lib/rate-limit-headers';
import type { AuthLimits } from './features/auth/auth.service';
import { eventAudienceOf } from './db/event-log';
import { createEventBus } from './realtime/event-bus';
import { registerRealtime } from './realtime/ws-route';
import { createServices } from './services';
import { createContextFactory } from './trpc/context';
import { registerAsyncApiRoute } from './trpc/asyncapi';
import { registerIdempotency } from './trpc/idempotency';
import { buildOpenApiDocument, routerForRestAdapter } from './trpc/openapi';
import { registerRestErrors } from './trpc/rest-errors';
import { withRedactedUrls } from './lib/log-redaction';
import type { ProcedureMeta } from './trpc/init';
import { appRouter, type AppRouter } from './trpc/router';
import { cspNonce } from './ssr/csp-nonce';
import { readLazyCodeFiles } from './ssr/lazy-code';
import { createPageRenderer, pageStylesheets, type SsrEntry } from './ssr/page-renderer';
import type { AuthService } from './features/auth/auth.service';
import type { Context } from './trpc/context';

export interface AppDeps {
  /** A database to use; when absent one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  now?: () => Date;
  /** The built client to serve; defaults to dist/client. */
  clientDir?: string;
  /** The server renderer of page visits; defaults to the SSR build beside the client (dist/server/entry-server.js) when there is one. */
  ssrEntry?: () => Promise<SsrEntry>;
  authLimits?: AuthLimits;
  /** How often open WebSocket connections are checked again; tests shorten it. */
  reauthorizeEveryMs?: number;
  /** Open /ws connections allowed per user and per address (benchmarks hold thousands from one). */
  socketLimits?: { perUser: number; perAddress: number };
  /** Tests shorten these. */
  timeouts?: ConnectionTimeouts;
}

export interface ConnectionTimeouts {
  /** The most a request may take to arrive, head and body: a photo of 5 MB at about 0.7 Mbit/s. */
  requestMs: number;
  /** The most a connection may sit silent, either way; longer than any answer takes to start (the assistant's model waits 15 s). */
  idleMs: number;
}

/** A body trickling in one byte at a time, or a client that connects and says nothing, is cut off. */
export const CONNECTION_TIMEOUTS: ConnectionTimeouts = { requestMs: 60_000, idleMs: 30_000 };

const BODY_LIMIT_BYTES = 1024 * 1024;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CATALOGUE_URLS = new Set(CATALOGUE_PATHS.map((path) => `/api${path}`));
/**
 * JSON nested deeper than this is refused before it is parsed. No contract goes past a few
 * levels, and the REST adapter copies bodies recursively: 100,000 levels overflowed its stack.
 */
const MAX_JSON_DEPTH = 32;
const JSON_TOO_DEEP = `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of arrays and objects.`;

/** Fastify's own request errors, as the problems they are, in words a person can act on. */
const requestErrors: Record<string, { code: ProblemCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'The request body is empty; send a JSON object such as {}.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: `The request body is too large; the limit is ${BODY_LIMIT_BYTES / 1024} kB.` },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: 'Send the request body as JSON, with Content-Type: application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'The Content-Length header does not match the body.' },
  FST_ERR_BAD_URL: { code: 'bad_request', message: 'The address is not valid: part of it is not correctly percent-encoded UTF-8.' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'bad_request', message: 'The address is too long.' },
};

/** Errors the HTTP parser raises before Fastify sees a request; answered on the raw socket. */
const connectionErrors: Record<string, { code: ProblemCode; message: string }> = {
  HPE_HEADER_OVERFLOW: { code: 'headers_too_large', message: "The request's headers are too large; keep them under 16 kB in all." },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', message: 'The request took too long to arrive; send it again in one go.' },
};

function sendProblem(reply: FastifyReply, body: Problem, headers: Record<string, string> = {}) {
  return reply.code(body.status).headers(headers).type(PROBLEM_CONTENT_TYPE).send(body);
}

/**
 * The one answer to every error, as application/problem+json: a domain error as thrown, a request
 * Fastify could not read in plain words, and anything else as a masked 500.
 */
function replyToError(error: Error & { statusCode?: number; code?: string }, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const { headers, body } = appErrorReply(error);
    return sendProblem(reply, body, headers);
  }
  const known = error.code ? requestErrors[error.code] : undefined;
  if (known) return sendProblem(reply, problem(known.code, known.message));
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return sendProblem(reply, problem('bad_request', error.message));
  request.log.error({ err: error }, 'request failed');
  return sendProblem(reply, problem('internal_error', INTERNAL_ERROR_MESSAGE, { requestId: request.id }));
}

/** What Node's HTTP parser refused (headers too large, a request too slow) gets the same shape. */
function replyToConnectionError(error: Error & { code?: string }, socket: Duplex) {
  if (!socket.writable) return socket.destroy();
  const known = (error.code && connectionErrors[error.code]) || { code: 'bad_request' as const, message: 'The request could not be read as HTTP.' };
  const body = JSON.stringify(problem(known.code, known.message));
  const status = PROBLEMS[known.code].status;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Builds the whole app (plugins, /trpc, /api, /ws, static client) but never listens. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const timeouts = deps.timeouts ?? CONNECTION_TIMEOUTS;
  const app = Fastify({
    logger: withRedactedUrls(deps.logger ?? { level: config.logLevel }),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 5000 },
    trustProxy: config.trustProxy ?? false,
    genReqId: () => crypto.randomUUID(),
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    http: {
      // Node 20 did not enforce requestTimeout while the head kept its own longer default (60 s):
      // a trickled body went through a limit of 1.5 s. It checks every 30 s by default, which
      // would let a request run half a minute past its limit.
      headersTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(5_000, timeouts.requestMs / 2),
    },
    // An address the router cannot decode is answered like any other error.
    frameworkErrors: replyToError,
    clientErrorHandler: replyToConnectionError,
  });
  // The API takes JSON only. Fastify would parse text/plain, a body an HTML form can send, and a
  // DELETE carrying one went through; without a parser every such body is refused with 415.
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Requests sent with no body at all (see the hook below), read as {}.
  const bodiless = new WeakSet<object>();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    if (body === '' && bodiless.has(request)) return done(null, {});
    if (jsonNestsDeeperThan(body, MAX_JSON_DEPTH)) return done(new AppError('invalid_json', JSON_TOO_DEEP), undefined);
    return parseJson(request, body, done);
  });
  // tRPC's plugin takes JSON bodies as text and parses them itself, after this hook.
  app.addHook('preValidation', async (request) => {
    if (typeof request.body === 'string' && jsonNestsDeeperThan(request.body, MAX_JSON_DEPTH)) throw new AppError('invalid_json', JSON_TOO_DEEP);
  });

  const database = deps.database ?? (await openDatabase(config));
  if (!deps.database) app.addHook('onClose', () => database.db.destroy());
  const { db } = database;
  const bus = await createEventBus(database, app.log);
  app.addHook('onClose', () => bus.close());
  const cameraVideo = config.cameras.staticHlsDir ? staticCameraVideo(config.cameras.staticHlsDir) : ffmpegCameraVideo({ ffmpegPath: config.cameras.ffmpegPath, log: app.log });
  app.addHook('onClose', () => cameraVideo.close());
  const services = createServices({ db, config, now: deps.now, authLimits: deps.authLimits, publish: bus.publish, subscribe: bus.subscribe, log: app.log, cameraVideo });
  await startImageMaintenance(app, services.images);
  startErasureSweep(app, services.family);
  startViewingLogSweep(app, services.cameras);
  startWebhookWorker(app, services.webhooks, config.webhooks.pollMs);
  startNotificationsConsumer(app, { db, bus, notifications: services.notifications, timeZone: config.timeZone });
  startNotificationPushWorker(app, { notifications: services.notifications, push: services.push });
  const createContext = createContextFactory({ db, config, services });

  // Every answer names its request, as the log lines do (reqId), so a report can be traced.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  registerRateLimitHeaders(app);

  app.decorate('database', database);
  app.decorate('services', services);

  app.setErrorHandler(replyToError);

  await app.register(cookie);
  // Helmet's middleware is built once: @fastify/helmet builds it again for every request (about
  // 0.4 ms each, a tenth of a sign-in burst's main-thread time in bench:stall's profile), though
  // these headers never change between requests.
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Inline scripts only with this response's nonce: a server-rendered page's state and React's streaming.
        scriptSrc: ["'self'", (_request, response) => `'nonce-${cspNonce(response as ServerResponse)}'`],
        // Mantine writes its CSS variables into style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Live camera video plays through Media Source Extensions, from blob: URLs.
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", config.publicOrigin.replace(/^http/, 'ws')],
        // The web app manifest and the service worker (public/sw.js), both our own files.
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.secureCookies,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The same rule as frame-ancestors 'none', for browsers that only read the older header.
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => applySecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
  // A REST operation that takes no body may be called without one, as generated clients do: such
  // a call is read as an empty JSON object. (A cross-site form always sends a Content-Type, so this
  // opens nothing to forgery; the Origin check still applies.)
  app.addHook('onRequest', async (request) => {
    const { headers } = request;
    if (!request.url.startsWith('/api/') || !BODY_METHODS.has(request.method) || headers['content-type'] || headers['transfer-encoding']) return;
    if (headers['content-length'] !== undefined && headers['content-length'] !== '0') return;
    headers['content-type'] = 'application/json';
    bodiless.add(request);
  });
  registerAuthHooks(app, { auth: services.auth, config });
  registerIdempotency(app, { db, now: deps.now });
  // A family's data must not stay in a browser's or a proxy's cache: signed-in answers are never
  // stored, unless a route chose its own caching (an image's immutable URL, say).
  app.addHook('onSend', async (request, reply) => {
    if (request.auth && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  });
  // Catalogue reads change rarely and can be long: a client that has them asks with
  // If-None-Match and gets 304 with no body while they are the same.
  // The REST adapter rewrites the request's URL without its /api prefix, so the path is noted first.
  const catalogueReads = new WeakSet<object>();
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' && CATALOGUE_URLS.has(request.url.split('?')[0]!)) catalogueReads.add(request);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!catalogueReads.has(request) || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const etag = etagOf(payload);
    reply.header('ETag', etag);
    if (!matchesEtag(request.headers['if-none-match'], etag)) return payload;
    reply.code(304);
    return '';
  });

  const logProcedureError = ({ error, path: procedurePath, req }: { error: { code: string }; path?: string; req: { log?: FastifyInstance['log'] } }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') (req.log ?? app.log).error({ err: error, procedure: procedurePath }, 'procedure failed');
  };

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext,
      onError: logProcedureError,
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  const openApiDocument = buildOpenApiDocument(config.publicOrigin, deps.now?.());
  registerRestErrors(app, openApiDocument, '/api');
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => openApiDocument);
  registerAsyncApiRoute(app, config.publicOrigin);
  registerBookingCalendarRoute(app, { bookings: services.bookings, subscriptions: services.calendarSubscriptions });
  registerFamilyExportRoute(app, services.familyExports);
  await registerCommunityImageRoutes(app, { images: services.images, requestsPerMinute: config.imageRequestsPerMinute });
  await registerActivityPhotoRoutes(app, { monitoring: services.monitoring, requestsPerMinute: config.imageRequestsPerMinute });
  await registerMessagePhotoRoutes(app, { messages: services.messages, requestsPerMinute: config.imageRequestsPerMinute });
  registerCameraHlsRoutes(app, { cameras: services.cameras });
  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument as never } });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its own policy lets the page be framed by itself; like every page of ours, it may not be framed at all.
    transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
  await app.register(fastifyTRPCOpenApiPlugin, {
    basePath: '/api',
    router: routerForRestAdapter(appRouter),
    createContext,
    onError: logProcedureError,
    responseMeta: successStatusMeta,
  } as never);
  const monitoringTopics = createMonitoringTopics(services.monitoring, deps.now);
  await registerRealtime(app, {
    authenticator: createSocketAuthenticator(services.auth, config),
    owners: [monitoringTopics, createNotificationTopics(), createMessagingTopics(services.messages), createCameraTopics(services.cameras)],
    defaultPrefix: monitoringTopics.prefix,
    db,
    bus,
    audienceOf: eventAudienceOf,
    reauthorizeEveryMs: deps.reauthorizeEveryMs,
    socketLimits: deps.socketLimits,
    now: deps.now,
  });

  const clientDir = deps.clientDir ?? path.resolve('dist/client');
  registerClient(app, clientDir, config.ssr ? ssrEntryOf(deps, clientDir) : undefined, { config, auth: services.auth, createContext, now: deps.now ?? (() => new Date()) });
  return app;
}

/**
 * Over REST, a procedure whose meta names a successStatus (201 for a create) answers with it, and
 * with Location when its meta says where the new thing can be read.
 */
function successStatusMeta({ paths, errors, data }: { paths?: readonly string[]; errors: readonly unknown[]; data?: readonly unknown[] }) {
  // At run time _def.procedures is flat, keyed by dotted path such as 'shadowBookings.create'.
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } } | undefined>;
  const meta = paths?.length === 1 && errors.length === 0 ? procedures[paths[0]!]?._def.meta : undefined;
  if (!meta?.successStatus) return {};
  const location = meta.location?.(data?.[0] as never);
  return { status: meta.successStatus, headers: location ? { Location: location } : {} };
}

/** The renderer AppDeps names, else the SSR build beside the client; none means pages are index.html. */
function ssrEntryOf(deps: AppDeps, clientDir: string): (() => Promise<SsrEntry>) | undefined {
  if (deps.ssrEntry) return deps.ssrEntry;
  const built = path.join(clientDir, '..', 'server', 'entry-server.js');
  return existsSync(built) ? () => import(pathToFileURL(built).href) as Promise<SsrEntry> : undefined;
}

/**
 * Serves the built single-page app. Page visits are rendered on the server when there is a
 * renderer (config.ssr and a build of it), else they get index.html so the client router decides;
 * /index.html itself stays the family-free shell the service worker keeps for offline use. Files
 * are compressed on the fly (brotli, else gzip): that needs no build step and no .br/.gz files
 * that a build could forget to write, and browsers keep the hashed files for a year, so each
 * client pays the compression once per release. The compression plugin lives in this scope only,
 * so API responses are left as they were.
 */
function registerClient(
  app: FastifyInstance,
  clientDir: string,
  ssrEntry: (() => Promise<SsrEntry>) | undefined,
  deps: { config: Config; auth: AuthService; createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Context; now: () => Date },
) {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  const template = hasClient && ssrEntry ? readFileSync(path.join(clientDir, 'index.html'), 'utf8') : '';
  const renderPage =
    hasClient && ssrEntry
      ? createPageRenderer({
          ...deps,
          entry: ssrEntry,
          template,
          themeScript: readFileSync(path.join(clientDir, 'theme-init.js'), 'utf8'),
          stylesheets: pageStylesheets(clientDir, template),
          lazyCodeFiles: readLazyCodeFiles(clientDir),
        })
      : undefined;
  app.setNotFoundHandler((request) => {
    throw new AppError('not_found', `Nothing is at ${request.method} ${request.url.split('?')[0]}.`);
  });
  void app.register(async (scope) => {
    await scope.register(compress, { encodings: ['br', 'gzip'] });
    if (hasClient) {
      await scope.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        // '/' is a page like the others, rendered below; /index.html is still served as the file.
        index: false,
        setHeaders(reply, filePath) {
          // Hashed assets never change. Everything else is revalidated on every use: index.html,
          // the web app manifest, and sw.js, whose bytes are how a browser learns of a new release.
          reply.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    // A route rather than the not-found handler, so that the compression hooks apply to it.
    scope.get('/*', (request, reply) => {
      const pathname = request.url.split('?')[0]!;
      // A missing file (an old release's chunk, say) is a 404, not the page: a script tag given
      // HTML fails with a confusing MIME error and leaves a blank screen.
      if (/^\/(api|trpc|ws)(\/|$)/.test(pathname) || /\.[a-z0-9]+$/i.test(pathname)) return reply.callNotFound();
      if (!hasClient) {
        return reply.type('text/html').send('<!doctype html><title>Nestling</title><p>The Nestling client has not been built yet. Run <code>npm run build</code>.</p>');
      }
      if (renderPage) return renderPage(request, reply, cspNonce(reply.raw));
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    services: ReturnType<typeof createServices>;
  }
}
