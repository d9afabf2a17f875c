import type { FastifyInstance } from 'fastify';
import type { WebhooksService } from './webhooks.service';

/**
 * Delivers due webhooks every `pollMs` on this instance, and at once again while a batch was
 * full. Every instance may run one: claims keep them from sending the same attempt. Closing the
 * app waits for the attempts under way (5 s at most each).
 */
export function startWebhookWorker(app: FastifyInstance, webhooks: WebhooksService, pollMs: number): void {
  if (pollMs === 0) return;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = webhooks.deliverDue().then(
      (made) => schedule(made > 0 ? 0 : pollMs),
      (error: unknown) => {
        app.log.error({ err: error }, 'webhook delivery failed');
        schedule(pollMs);
      },
    );
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  app.addHook('onReady', async () => schedule(pollMs));
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
