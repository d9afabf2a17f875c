import { existsSync } from 'node:fs';
import { listenNotice, loadConfig, ConfigError } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/open-database';
import { migrateToLatest } from './db/migrator';
import { isEmpty, seed } from './demo/seed';

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

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
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
