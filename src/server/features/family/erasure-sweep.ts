import type { FastifyInstance } from 'fastify';
import type { FamilyService } from './family.service';

const ERASE_EVERY_MS = 60 * 60 * 1000;

/**
 * Hourly, erases the families whose grace period is over. Every instance runs it; each family
 * is erased once (family.eraseDue skips what another instance holds). The timer never keeps the
 * process alive, and closing the app stops it and waits for a run under way.
 */
export function startErasureSweep(app: FastifyInstance, family: FamilyService): void {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = family.eraseDue().then(
      (erased) => erased > 0 && app.log.info({ erased }, 'erased families whose grace period ended'),
      (error: unknown) => app.log.error({ err: error }, 'erasing families failed'),
    );
  }, ERASE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
