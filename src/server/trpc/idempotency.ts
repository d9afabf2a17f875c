import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { IMAGE_UPLOAD_PATH, MAX_IMAGE_BYTES } from '../../shared/community-rules';
import { ACTIVITY_PHOTO_UPLOAD_PATH } from '../../shared/schemas/monitoring';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { appRouter } from './router';

/** A create that accepts Idempotency-Key: its REST method and path (as in the OpenAPI document), and its tRPC procedure if it has one. */
export interface IdempotentOperation {
  method: 'POST';
  /** The REST path below /api, with {param} placeholders. */
  path: string;
  procedure?: string;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** An unfinished key older than this belongs to a request that crashed; another may take it over. */
const ABANDONED_AFTER_MS = 60_000;
const SWEEP_EVERY_MS = 60_000;
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;
const REPLAYED_HEADERS = ['content-type', 'location'];
/** The catch-all route trpc-to-openapi mounts for /api. */
const REST_ADAPTER_ROUTE = '/api/*';

/**
 * Creates that answer with a secret (an API token, a calendar address, a webhook's signing secret) are left out: replaying
 * their answer would mean keeping the secret in the database for a day, where only its hash may
 * be kept. Retrying one makes a second token, which the owner can see and revoke.
 */
const ANSWERS_WITH_A_SECRET = new Set(['apiTokens.create', 'calendarSubscription.create', 'webhooks.create']);

type ProcedureDefs = Record<string, { _def: { type?: string; meta?: { openapi?: { method?: string; path?: string }; successStatus?: number } } }>;

/** Every create (a REST POST answering 201), found from the procedures' contracts, plus the image uploads, plain routes. */
export function idempotentOperations(procedures: ProcedureDefs = appRouter._def.procedures as unknown as ProcedureDefs): IdempotentOperation[] {
  const fromProcedures = Object.entries(procedures).flatMap(([procedure, { _def }]) => {
    const openapi = _def.meta?.openapi;
    const isCreate = _def.type === 'mutation' && openapi?.method === 'POST' && openapi.path && _def.meta?.successStatus === 201;
    return isCreate && !ANSWERS_WITH_A_SECRET.has(procedure) ? [{ method: 'POST' as const, path: openapi.path!, procedure }] : [];
  });
  const uploads = [IMAGE_UPLOAD_PATH, ACTIVITY_PHOTO_UPLOAD_PATH].map((path) => ({ method: 'POST' as const, path: path.replace(/^\/api/, '') }));
  return [...fromProcedures, ...uploads];
}

/** What a request needs to be taken under its key. */
interface Claim {
  userId: number;
  key: string;
  /** The started_at this request wrote, so that it completes only a claim still its own. */
  startedAt: Date;
}

/**
 * Idempotency-Key on every create, over REST and tRPC alike, kept 24 hours per user: the same key
 * with the same request replays the first answer (with Idempotent-Replayed: true); with another
 * body it is refused with 422; while the first is still running, with 409. Answers that say to
 * retry (5xx, and 429 with its Retry-After) are not kept, so the key can be retried; other 4xx
 * are kept and replayed, as Stripe does.
 */
export function registerIdempotency(app: FastifyInstance, deps: { db: Kysely<Database>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const operations = idempotentOperations();
  const restPatterns = operations.map(({ path }) => new RegExp(`^/api${path.replace(/\{[^/}]+\}/g, '[^/]+')}$`));
  const procedures = new Set(operations.flatMap(({ procedure }) => (procedure ? [procedure] : [])));
  const claims = new WeakMap<FastifyRequest, Claim>();
  let lastSweep = 0;

  function isIdempotent(request: FastifyRequest): boolean {
    if (request.method !== 'POST') return false;
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/trpc/')) return pathname.slice('/trpc/'.length).split(',').some((name) => procedures.has(name));
    return restPatterns.some((pattern) => pattern.test(pathname));
  }

  async function sweep(at: Date) {
    if (at.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at.getTime();
    await db.deleteFrom('idempotency_keys').where('created_at', '<', new Date(at.getTime() - KEY_TTL_MS)).execute();
  }

  /**
   * Takes the key for this request and answers undefined, or answers the row that stands in its
   * way: finished (to replay), or refused by throwing.
   */
  async function claim(request: FastifyRequest, userId: number, key: string, fingerprint: string) {
    const at = now();
    await sweep(at);
    // Its own statement, committed at once: a concurrent request with the same key waits on this row and then finds it.
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ user_id: userId, key, fingerprint, created_at: at, started_at: at })
      .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) {
      claims.set(request, { userId, key, startedAt: at });
      return undefined;
    }
    const row = await db.selectFrom('idempotency_keys').selectAll().where('user_id', '=', userId).where('key', '=', key).executeTakeFirst();
    // Gone since the insert: its request failed with a 5xx a moment ago, and a retry may start over.
    if (!row) throw inUse();
    const expired = row.created_at.getTime() <= at.getTime() - KEY_TTL_MS;
    if (!expired) {
      if (row.fingerprint !== fingerprint) throw reused();
      if (row.response_status !== null) return row;
      if (row.started_at.getTime() > at.getTime() - ABANDONED_AFTER_MS) throw inUse();
    }
    // An expired key starts afresh; an abandoned one is taken over. Only one request can win the
    // row as it was read, so two retries of a crashed request do not both run.
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ fingerprint, created_at: expired ? at : row.created_at, started_at: at, response_status: null, response_headers: null, response_body: null })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('started_at', '=', row.started_at)
      .where('created_at', '=', row.created_at)
      .returning('key')
      .executeTakeFirst();
    if (!taken) throw inUse();
    claims.set(request, { userId, key, startedAt: at });
    return undefined;
  }

  /** Keeps the answer for replay, or frees the key after an answer that says to retry. Only a claim still this request's own. */
  async function complete(claim: Claim, status: number, headers: Record<string, string>, body: string) {
    const mine = (eb: ExpressionBuilder<Database, 'idempotency_keys'>) =>
      eb.and([eb('user_id', '=', claim.userId), eb('key', '=', claim.key), eb('started_at', '=', claim.startedAt)]);
    if (status >= 500 || status === 429) await db.deleteFrom('idempotency_keys').where(mine).execute();
    else await db.updateTable('idempotency_keys').set({ response_status: status, response_headers: JSON.stringify(headers), response_body: body }).where(mine).execute();
  }

  // The REST adapter's handler calls reply.send without returning or awaiting it, so while this
  // module's onSend hook awaits the database, Fastify takes the handler's undefined for an answer
  // and sends an empty body. Its handler now resolves only once the answer has gone out.
  app.addHook('onRoute', (route) => {
    if (route.url !== REST_ADAPTER_ROUTE) return;
    const handler = route.handler;
    route.handler = async function (this: FastifyInstance, request, reply) {
      await handler.call(this, request, reply);
      await reply;
    };
  });

  // After the auth hook (onRequest) and the body parsers: the caller and the body are known.
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !isIdempotent(request)) return;
    if (typeof header !== 'string' || !VALID_KEY.test(header)) {
      throw new AppError('bad_request', `${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters.`);
    }
    // Signed out, the create answers 401 by itself; there is no one to keep the key for.
    const userId = request.auth?.user.id;
    if (userId === undefined) return;
    const body = await bodyBytes(request);
    if (body === undefined) return;
    const fingerprint = createHash('sha256').update(`${request.method} ${request.url}\n`).update(body).digest('base64url');
    const finished = await claim(request, userId, header, fingerprint);
    if (!finished) return undefined;
    return reply
      .code(finished.response_status!)
      .headers({ ...finished.response_headers, [REPLAYED_HEADER]: 'true' })
      .send(finished.response_body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claimed = claims.get(request);
    if (!claimed) return payload;
    claims.delete(request);
    // tRPC answers with a Fetch Response, whose status Fastify applies only after these hooks.
    const isResponse = payload instanceof Response;
    const status = isResponse ? payload.status : reply.statusCode;
    const body = isResponse ? await payload.clone().text() : typeof payload === 'string' || Buffer.isBuffer(payload) ? payload.toString() : undefined;
    const headers = Object.fromEntries(
      REPLAYED_HEADERS.flatMap((name) => {
        const value = isResponse ? payload.headers.get(name) : reply.getHeader(name);
        return value === undefined || value === null ? [] : [[name, String(value)]];
      }),
    );
    // An answer that cannot be kept (a stream) frees the key rather than hold it forever. Failing
    // to record the answer must not turn a create that happened into an error: the key is then
    // left unfinished, and free again after a minute.
    await complete(claimed, body === undefined ? 500 : status, headers, body ?? '').catch((error: unknown) =>
      request.log.error({ err: error }, 'could not record the answer for an Idempotency-Key'),
    );
    return payload;
  });
}

const reused = () =>
  new AppError('idempotency_key_reused', `This ${IDEMPOTENCY_HEADER} was already used for a different request in the last 24 hours. Use a new key for a new request.`);
const inUse = () =>
  new AppError('idempotency_key_in_use', `A request with this ${IDEMPOTENCY_HEADER} is still being processed. Retry once it has finished.`);

/**
 * The body as the fingerprint sees it. JSON is compared by content (key order and spacing do not
 * matter); a raw upload by its bytes, which are read here and handed on to the route. An upload
 * over the route's limit is not taken under a key: the route refuses it anyway, from the part read.
 */
async function bodyBytes(request: FastifyRequest): Promise<string | Buffer | undefined> {
  const { body } = request;
  if (body instanceof Readable) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      // The route reads past its limit too, and refuses the upload.
      if (size > MAX_IMAGE_BYTES) break;
    }
    request.body = Readable.from(chunks);
    return size > MAX_IMAGE_BYTES ? undefined : Buffer.concat(chunks);
  }
  if (typeof body === 'string') {
    try {
      return canonicalJson(JSON.parse(body));
    } catch {
      return body;
    }
  }
  return canonicalJson(body ?? null);
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
