import { loadConfig } from '../../config';
import { migrateToLatest } from '../../db/migrator';
import { openDatabase } from '../../db/open-database';
import { loadKnowledgeBase } from './knowledge-base.loader';

// npm run kb:load: migrates, then makes the database's articles and synonyms match content/.
// Run it after editing content/, or on a database seeded before the knowledge base existed.
const database = await openDatabase(loadConfig());
try {
  await migrateToLatest(database.db);
  const counts = await loadKnowledgeBase(database.db);
  console.log(`Knowledge base loaded: ${counts.articles} articles, ${counts.synonyms} synonyms, ${counts.words} words for spelling.`);
} finally {
  await database.db.destroy();
}
