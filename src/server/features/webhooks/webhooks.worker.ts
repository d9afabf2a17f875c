import type { FastifyInstance } from 'fastify';
import { startPollingLoop, type PollingLoop } from '../../lib/polling-loop';
import type { WebhooksService } from './webhooks.service';

/**
 * Delivers due webhooks on this instance: it looks every `pollMs`, and again at once whenever an
 * attempt ends or a claim found work, keeping the service's dispatcher full. Attempts run side by
 * side, so a receiver that takes the whole timeout holds only its own place. Every instance may
 * run one: claims keep them from sending the same attempt. Closing the app waits for the
 * attempts under way (5 s at most each).
 */
export function startWebhookWorker(app: FastifyInstance, webhooks: WebhooksService, pollMs: number): void {
  if (pollMs === 0) return;
  let loop: PollingLoop | undefined;
  const dispatcher = webhooks.dispatcher((error) => {
    if (error !== undefined) app.log.error({ err: error }, 'webhook delivery failed');
    void loop?.wake();
  });
  // One claim at a time: attempts that end meanwhile ask for one more right after it. The first
  // look comes `pollMs` after start.
  app.addHook('onReady', async () => {
    loop = startPollingLoop({
      pass: async () => (await dispatcher.fill()) > 0,
      everyMs: pollMs,
      onError: (error) => app.log.error({ err: error }, 'claiming webhook deliveries failed'),
    });
  });
  app.addHook('onClose', async () => {
    await loop?.close();
    await dispatcher.drain();
  });
}
