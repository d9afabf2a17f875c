import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** One limit a request was counted against, as the RateLimit header fields report it. */
export interface RateLimitState {
  /** The policy's name, the same on every answer it limits. */
  policy: string;
  /** Requests allowed in one window. */
  quota: number;
  windowSeconds: number;
  /** Requests left in the window, this one counted. */
  remaining: number;
  /** Seconds until more are allowed. */
  resetSeconds: number;
}

/**
 * The limits counted for the request being handled. Limiters live in services, which know nothing
 * of HTTP; they report here, and the answer carries what they reported.
 */
const reported = new AsyncLocalStorage<Map<string, RateLimitState>>();

/** Reports a limit for the request in hand; outside a request (a script, a direct call in a test) it does nothing. */
export function reportRateLimit(state: RateLimitState): void {
  reported.getStore()?.set(state.policy, state);
}

// Structured-field strings (RFC 8941) may hold printable ASCII, with " and \ escaped.
const sfString = (value: string) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
const whole = (value: number) => Math.max(0, Math.ceil(value));

/** RateLimit-Policy, as in draft-ietf-httpapi-ratelimit-headers-11: `"sign-in-ip";q=20;w=900`. */
export function rateLimitPolicyField(states: readonly RateLimitState[]): string {
  return states.map((s) => `${sfString(s.policy)};q=${whole(s.quota)};w=${whole(s.windowSeconds)}`).join(', ');
}

/** RateLimit: `"sign-in-ip";r=19;t=900`. */
export function rateLimitField(states: readonly RateLimitState[]): string {
  return states.map((s) => `${sfString(s.policy)};r=${whole(s.remaining)};t=${whole(s.resetSeconds)}`).join(', ');
}

/**
 * The operations whose answers carry RateLimit and RateLimit-Policy, with the policies each
 * reports (paths below /api, as in the OpenAPI document), for documenting them there. A test
 * calls each and checks the list against what it answers.
 */
export const RATE_LIMITED_OPERATIONS = [
  { method: 'POST', path: '/auth/sign-in', policies: ['auth-per-address', 'sign-in-per-email-and-address'] },
  { method: 'POST', path: '/auth/sign-up', policies: ['auth-per-address'] },
  { method: 'POST', path: '/assistant/chat', policies: ['assistant-chat'] },
  { method: 'POST', path: '/community/images', policies: ['image-uploads'] },
  { method: 'GET', path: '/community/images/{id}', policies: ['GET /api/community/images/:id'] },
  { method: 'GET', path: '/community/images/{id}/thumbnail', policies: ['GET /api/community/images/:id/thumbnail'] },
] as const;

/** The headers @fastify/rate-limit writes by itself (image downloads), read back and replaced by the draft's fields. */
const PLUGIN_HEADERS = { quota: 'x-ratelimit-limit', remaining: 'x-ratelimit-remaining', reset: 'x-ratelimit-reset' } as const;

function takePluginState(request: FastifyRequest, reply: FastifyReply): RateLimitState | undefined {
  const quota = reply.getHeader(PLUGIN_HEADERS.quota);
  if (quota === undefined) return undefined;
  const remaining = Number(reply.getHeader(PLUGIN_HEADERS.remaining));
  const resetSeconds = Number(reply.getHeader(PLUGIN_HEADERS.reset));
  for (const name of Object.values(PLUGIN_HEADERS)) reply.removeHeader(name);
  const timeWindow = (request.routeOptions.config as { rateLimit?: { timeWindow?: unknown } }).rateLimit?.timeWindow;
  if (typeof timeWindow !== 'number') return undefined;
  // Each route keeps its own count, so the route names its policy.
  return { policy: `${request.method} ${request.routeOptions.url}`, quota: Number(quota), windowSeconds: timeWindow / 1000, remaining, resetSeconds };
}

/**
 * Every answer to a rate-limited request carries RateLimit-Policy and RateLimit for each limit it
 * was counted against. Registered before the routes' plugins, so that their hooks run inside.
 */
export function registerRateLimitHeaders(app: FastifyInstance): void {
  const byRequest = new WeakMap<FastifyRequest, Map<string, RateLimitState>>();
  app.addHook('onRequest', (request, _reply, done) => {
    const states = new Map<string, RateLimitState>();
    byRequest.set(request, states);
    reported.run(states, done);
  });
  // A body arrives on socket events, outside the request's context: the handler is put back in it.
  app.addHook('preHandler', (request, _reply, done) => {
    const states = byRequest.get(request);
    if (states) reported.run(states, done);
    else done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const states = byRequest.get(request);
    const fromPlugin = takePluginState(request, reply);
    if (fromPlugin) states?.set(fromPlugin.policy, fromPlugin);
    if (states?.size) {
      const list = [...states.values()];
      reply.header('RateLimit-Policy', rateLimitPolicyField(list)).header('RateLimit', rateLimitField(list));
    }
    return payload;
  });
}
