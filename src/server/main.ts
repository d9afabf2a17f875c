import { existsSync } from 'node:fs';
import { listenNotice, loadConfig, ConfigError } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/open-database';
import { migrateToLatest } from './db/migrator';
import { isEmpty, seed } from './demo/seed';
import { installDrain } from './shutdown';

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
  if (database.kind === 'pglite' && (await isEmpty(database.db))) await seed(database.db, new Date(), config.timeZone);

  const app = await buildApp(config, { database });
  app.addHook('onClose', () => database.db.destroy());

  const drain = installDrain(app, { noticeMs: config.shutdownNoticeMs, exit: (code) => process.exit(code) });
  process.on('SIGTERM', () => drain('SIGTERM'));
  process.on('SIGINT', () => drain('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const notice = listenNotice(config);
  if (notice) app.log[notice.level](notice.message);
}

main().catch((error: unknown) => {
  console.error('Nestling failed to start:', error);
  process.exit(1);
});
