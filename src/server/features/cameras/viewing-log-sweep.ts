import type { FastifyInstance } from 'fastify';
import type { CamerasService } from './cameras.service';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Hourly, closes viewing sessions whose player went away and deletes those older than 90 days.
 * Every instance runs it; both steps are single statements, so running twice is harmless. The
 * timer never keeps the process alive, and closing the app stops it and waits for a run under way.
 */
export function startViewingLogSweep(app: FastifyInstance, cameras: CamerasService): void {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = cameras.sweepViewingLog().then(
      ({ deleted }) => deleted > 0 && app.log.info({ deleted }, 'deleted viewing sessions older than 90 days'),
      (error: unknown) => app.log.error({ err: error }, 'sweeping the camera viewing log failed'),
    );
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
