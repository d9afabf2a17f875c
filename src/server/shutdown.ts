import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** How long requests in flight may take to finish once the server stops listening. */
export const SHUTDOWN_GRACE_MS = 10_000;
const HEALTH_CHECK = /^\/(api\/health|trpc\/health\.check)(\?|$)/;

export interface DrainOptions {
  /** How long the health check fails before the server stops taking requests, so a load balancer notices first. */
  noticeMs: number;
  graceMs?: number;
  /** Called once the app has closed (0) or failed to close, or the grace ran out (1). */
  exit: (code: number) => void;
}

/**
 * Installs draining on an app that has not started yet, and returns the function that starts it.
 * From that call on the health check fails, so a load balancer stops sending new requests here;
 * after the notice the server stops listening, finishes what is in flight (Fastify answers 503 to
 * anything new on open connections, and every answer closes its connection), closes sockets with 1001 (the realtime route's preClose) so
 * clients reconnect elsewhere, and exits. Whatever is still running after the grace is cut off.
 */
export function installDrain(app: FastifyInstance, options: DrainOptions): (reason: string) => void {
  const graceMs = options.graceMs ?? SHUTDOWN_GRACE_MS;
  let draining = false;
  app.addHook('onRequest', async (request) => {
    if (draining && HEALTH_CHECK.test(request.url)) throw new AppError('service_unavailable', 'This server is shutting down; another will answer.');
  });
  // A kept-alive connection would hold the exit back until it idles out (5 s): each answer while
  // draining closes its connection, and the client's next request opens one elsewhere.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  return (reason) => {
    if (draining) return;
    draining = true;
    app.log.info({ reason, noticeMs: options.noticeMs }, 'draining');
    const cutOff = setTimeout(() => {
      app.log.warn(`requests still running ${graceMs / 1000} s after the server stopped listening were cut off`);
      options.exit(1);
    }, options.noticeMs + graceMs);
    cutOff.unref();
    setTimeout(() => {
      app.close().then(
        () => {
          clearTimeout(cutOff);
          options.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          options.exit(1);
        },
      );
    }, options.noticeMs);
  };
}
