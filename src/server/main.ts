import { existsSync } from 'node:fs';
import { listenNotice, loadConfig, ConfigError } from './config';
import { buildApp } from './app';
import { AppError } from './errors';
import { openDatabase } from './db/open-database';
import { migrateToLatest } from './db/migrator';
import { isEmpty, seed } from './demo/seed';

/** How long requests in flight may take to finish once the server stops listening. */
const SHUTDOWN_GRACE_MS = 10_000;
const HEALTH_CHECK = /^\/(api\/health|trpc\/health\.check)(\?|$)/;

/** Reads config, migrates, seeds an empty embedded database, listens, and shuts down gracefully. */
async function main() {
  // A local .env file, when present, fills in variables the environment does not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  if (database.kind === 'pglite' && (await isEmpty(database.db))) await seed(database.db);

  const app = await buildApp(config, { database });
  app.addHook('onClose', () => database.db.destroy());

  // Draining: from the signal on, the health check fails, so a load balancer stops sending new
  // requests here; after SHUTDOWN_NOTICE_MS the server stops listening, finishes what is in
  // flight (Fastify answers 503 to anything new on open connections), closes sockets with 1001
  // so clients reconnect elsewhere, and exits. Whatever is still running after the grace is cut off.
  let closing = false;
  app.addHook('onRequest', async (request) => {
    if (closing && HEALTH_CHECK.test(request.url)) throw new AppError('service_unavailable', 'This server is shutting down; another will answer.');
  });
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, noticeMs: config.shutdownNoticeMs }, 'draining');
    const cutOff = setTimeout(() => {
      app.log.warn(`requests still running ${SHUTDOWN_GRACE_MS / 1000} s after the server stopped listening were cut off`);
      process.exit(1);
    }, config.shutdownNoticeMs + SHUTDOWN_GRACE_MS);
    cutOff.unref();
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    }, config.shutdownNoticeMs);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const notice = listenNotice(config);
  if (notice) app.log[notice.level](notice.message);
}

main().catch((error: unknown) => {
  console.error('Nestling failed to start:', error);
  process.exit(1);
});
