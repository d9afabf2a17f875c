import { loadConfig } from '../config';
import { migrateToLatest } from '../db/migrator';
import { openDatabase } from '../db/open-database';
import { isEmpty, seed } from './seed';

// npm run db:seed: loads the demo data into an empty database (migrating first).
const config = loadConfig();
const database = await openDatabase(config);
try {
  await migrateToLatest(database.db);
  if (await isEmpty(database.db)) {
    await seed(database.db, new Date(), config.timeZone);
    console.log('Demo data loaded.');
  } else {
    console.log('The database already has accounts; the demo data was not loaded again.');
  }
} finally {
  await database.db.destroy();
}
