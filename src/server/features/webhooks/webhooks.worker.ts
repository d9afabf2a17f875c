import type { FastifyInstance } from 'fastify';
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
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let timerMs = Infinity;
  let filling: Promise<void> | undefined;
  let fillAgain = false;
  const dispatcher = webhooks.dispatcher((error) => {
    if (error !== undefined) app.log.error({ err: error }, 'webhook delivery failed');
    schedule(0);
  });

  const tick = () => {
    timer = undefined;
    timerMs = Infinity;
    // One claim at a time: attempts that end meanwhile ask for another right after it.
    if (filling) {
      fillAgain = true;
      return;
    }
    filling = dispatcher.fill().then(
      (claimed) => after(claimed > 0 ? 0 : pollMs),
      (error: unknown) => {
        app.log.error({ err: error }, 'claiming webhook deliveries failed');
        after(pollMs);
      },
    );
  };
  const after = (ms: number) => {
    filling = undefined;
    schedule(fillAgain ? 0 : ms);
    fillAgain = false;
  };
  const schedule = (ms: number) => {
    if (stopped || ms >= timerMs) return;
    clearTimeout(timer);
    timerMs = ms;
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  app.addHook('onReady', async () => schedule(pollMs));
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await filling;
    await dispatcher.drain();
  });
}
