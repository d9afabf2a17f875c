import type { FastifyInstance } from 'fastify';
import { AppError, PROBLEM_CONTENT_TYPE, type Problem } from '../errors';

/** What URL paths an OpenAPI path template (`/community/posts/{id}`) below basePath matches. */
export function pathPattern(basePath: string, template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${basePath}${escaped}$`);
}

interface DocumentPaths {
  paths?: Record<string, object>;
}

/**
 * Two things the REST adapter does not do as the API promises:
 * - its error bodies are tRPC's error shape with our problem inside (`data.problem`); they are
 *   sent as that problem, as application/problem+json, like every other error;
 * - a known path called with a method it does not take is a 405 with `Allow`, not a 404.
 */
export function registerRestErrors(app: FastifyInstance, document: DocumentPaths, basePath: string) {
  const operations = Object.entries(document.paths ?? {}).map(([template, item]) => ({
    pattern: pathPattern(basePath, template),
    methods: Object.keys(item).map((method) => method.toUpperCase()),
  }));

  // The adapter rewrites the request's URL without its base path, so REST calls are noted first.
  const restCalls = new WeakSet<object>();
  app.addHook('onRequest', async (request) => {
    const pathname = request.url.split('?')[0]!;
    if (!pathname.startsWith(`${basePath}/`)) return;
    restCalls.add(request);
    const matching = operations.filter((operation) => operation.pattern.test(pathname));
    if (matching.length === 0) return;
    const allow = [...new Set(matching.flatMap((operation) => operation.methods))];
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (allow.includes(method)) return;
    throw new AppError('method_not_allowed', `${request.method} is not allowed on ${pathname}; it takes ${allow.join(', ')}.`, { allow });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!restCalls.has(request) || reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const problem = problemInside(payload);
    if (!problem) return payload;
    reply.type(PROBLEM_CONTENT_TYPE);
    return JSON.stringify(problem);
  });
}

function problemInside(payload: string): Problem | undefined {
  try {
    const body = JSON.parse(payload) as { data?: { problem?: Problem } };
    return body.data?.problem;
  } catch {
    return undefined;
  }
}
