import { loadConfig } from '../config';
import { migrateDown, migrateToLatest } from './migrator';
import { openDatabase } from './open-database';

// npm run db:migrate            applies pending migrations
// npm run db:migrate -- down    reverts the latest one
const database = await openDatabase(loadConfig());
try {
  if (process.argv[2] === 'down') {
    await migrateDown(database.db);
    console.log('Reverted the latest migration.');
  } else {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
  }
} finally {
  await database.db.destroy();
}
