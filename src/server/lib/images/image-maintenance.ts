import type { FastifyInstance } from 'fastify';
import type { ImageService } from './images.service';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Before the app serves: moves images still kept in the database into the store (migration
 * 0006 left them there, since a migration cannot run the image pipeline). Then, hourly,
 * deletes uploads that nothing refers to after a day. The timer never keeps the process
 * alive, and closing the app stops it and waits for a sweep under way.
 */
export async function startImageMaintenance(app: FastifyInstance, images: ImageService): Promise<void> {
  await images.moveLegacyImages();
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = images.sweep().then(
      ({ deleted }) => deleted > 0 && app.log.info({ deleted }, 'deleted unreferenced images'),
      (error: unknown) => app.log.error({ err: error }, 'the image sweep failed'),
    );
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await images.close();
  });
}
