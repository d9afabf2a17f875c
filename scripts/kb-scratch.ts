import { readFile } from 'node:fs/promises';
import { createDatabase } from '../src/server/db/create-database';
import { migrateToLatest } from '../src/server/db/migrator';
import { loadKnowledgeBase } from '../src/server/features/assistant/knowledge-base.loader';
import * as repo from '../src/server/features/assistant/assistant.repository';
import { candidateWords, expandSynonyms, normaliseQuestion } from '../src/server/features/assistant/question-text';

const url = process.env.TEST_DATABASE_URL;
const handle = url ? await createDatabase({ kind: 'postgres', connectionString: url }) : await createDatabase({ kind: 'pglite', dataDir: undefined });
const db = handle.db;
if (url) { const { sql } = await import('kysely'); await sql`DROP SCHEMA public CASCADE; `.execute(db).catch(()=>{}); await sql`CREATE SCHEMA public`.execute(db); }
let t = Date.now();
await migrateToLatest(db);
console.log('migrate', Date.now() - t); t = Date.now();
console.log(await loadKnowledgeBase(db), 'load', Date.now() - t);
const questions: { question: string; expected: string }[] = JSON.parse(await readFile('tests/assistant-eval/questions.json', 'utf8'));
const synonyms = await repo.listSynonyms(db);
let top1 = 0, top3 = 0;
t = Date.now();
for (const q of questions) {
  const norm = normaliseQuestion(q.question);
  const fixes = await repo.spellingCorrections(db, candidateWords(norm));
  const text = expandSynonyms([norm, ...fixes.values()].join(' '), synonyms);
  const hits = await repo.searchArticles(db, text, 3);
  const rank = hits.findIndex((h) => h.slug === q.expected);
  if (rank === 0) top1++;
  if (rank >= 0) top3++;
  if (rank !== 0 || process.env.VERBOSE) console.log(rank === -1 ? 'MISS' : `r${rank + 1}`, q.expected, '|', q.question, '|', [...fixes].map(x=>x.join('>')).join(','), '|', hits.map((h) => `${h.slug}:${h.score.toFixed(2)}`).join(' '));
}
console.log(`top1 ${top1}/${questions.length} = ${(top1 / questions.length * 100).toFixed(1)}%  top3 ${top3} = ${(top3 / questions.length * 100).toFixed(1)}%  ${Date.now() - t}ms`);
await db.destroy();
