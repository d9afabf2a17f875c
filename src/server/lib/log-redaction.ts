import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Addresses that carry a secret in their path or query: the password reset page and its API, and
 * the tRPC read of a reset link (its input rides in the query string). The log keeps the route
 * and drops the secret, which would otherwise sit in every log store as a working link.
 */
const SECRET_IN_URL: [RegExp, string][] = [
  [/^(\/api\/auth\/password-resets\/)[^/?#]+/, '$1[secret]'],
  [/^(\/reset-password\/)[^/?#]+/, '$1[secret]'],
  [/^(\/trpc\/[^?]*password\.describe[^?]*)\?.*$/, '$1?[secret]'],
];

export function redactUrl(url: string): string {
  return SECRET_IN_URL.reduce((redacted, [pattern, replacement]) => redacted.replace(pattern, replacement), url);
}

/** What a request's log lines say of it: Fastify's own fields, with the URL redacted. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger options, with request URLs redacted; false stays false. */
export function withRedactedUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestForLog as never } };
}
