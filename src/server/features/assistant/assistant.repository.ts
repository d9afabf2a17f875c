import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ArticleContent } from './knowledge-base.loader';

const articleSummaryColumns = [
  'slug',
  'title',
  'summary',
  'category',
  'tags',
  'age_min_months',
  'age_max_months',
  'author',
  'published_on',
] as const;

export async function upsertArticles(db: Db, articles: ArticleContent[]): Promise<void> {
  if (articles.length === 0) return;
  await db
    .insertInto('articles')
    .values(
      articles.map((a) => ({
        slug: a.slug,
        title: a.title,
        summary: a.summary,
        category: a.category,
        tags: a.tags,
        age_min_months: a.ageMinMonths,
        age_max_months: a.ageMaxMonths,
        author: a.author,
        published_on: a.date,
        body: a.body,
      })),
    )
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet((eb) => ({
        title: eb.ref('excluded.title'),
        summary: eb.ref('excluded.summary'),
        category: eb.ref('excluded.category'),
        tags: eb.ref('excluded.tags'),
        age_min_months: eb.ref('excluded.age_min_months'),
        age_max_months: eb.ref('excluded.age_max_months'),
        author: eb.ref('excluded.author'),
        published_on: eb.ref('excluded.published_on'),
        body: eb.ref('excluded.body'),
        updated_at: sql`now()`,
      })),
    )
    .execute();
}

export async function deleteArticlesExcept(db: Db, slugs: string[]): Promise<void> {
  let query = db.deleteFrom('articles');
  if (slugs.length > 0) query = query.where('slug', 'not in', slugs);
  await query.execute();
}

export async function replaceSynonyms(db: Db, synonyms: { term: string; expansion: string }[]): Promise<void> {
  await db.deleteFrom('article_synonyms').execute();
  if (synonyms.length > 0) await db.insertInto('article_synonyms').values(synonyms).execute();
}

/** Rebuilds the spelling vocabulary from the words the articles use; returns its size. */
export async function rebuildVocabulary(db: Db): Promise<number> {
  await db.deleteFrom('article_vocabulary').execute();
  const result = await sql`
    INSERT INTO article_vocabulary (word, occurrences)
    SELECT word, count(*)::int
    FROM articles,
      regexp_split_to_table(lower(title || ' ' || article_tags_text(tags) || ' ' || summary || ' ' || body), '[^a-z]+') AS word
    WHERE length(word) >= 3
    GROUP BY word`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export function listSynonyms(db: Db) {
  return db.selectFrom('article_synonyms').select(['term', 'expansion']).execute();
}

export function listArticles(db: Db) {
  return db.selectFrom('articles').select(articleSummaryColumns).orderBy('category').orderBy('title').execute();
}

export function findArticleBySlug(db: Db, slug: string) {
  return db
    .selectFrom('articles')
    .select([...articleSummaryColumns, 'body'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

export function findArticlesBySlugs(db: Db, slugs: string[]) {
  if (slugs.length === 0) return Promise.resolve([]);
  return db.selectFrom('articles').select(articleSummaryColumns).where('slug', 'in', slugs).execute();
}

/** How close a misspelt word must be, by trigram similarity, to a word the articles use. */
const SPELLING_SIMILARITY = 0.45;

/**
 * For each word that no article contains, even after stemming, the article word it most
 * likely misspells ('diffrence' → 'difference'). Words with no close match are left out.
 */
export async function spellingCorrections(db: Db, words: string[]): Promise<Map<string, string>> {
  if (words.length === 0) return new Map();
  const rows = await sql<{ word: string; correction: string }>`
    SELECT q.word, best.word AS correction
    FROM unnest(${words}::text[]) AS q(word)
    CROSS JOIN LATERAL (
      SELECT v.word
      FROM article_vocabulary v
      WHERE v.word % q.word AND similarity(v.word, q.word) >= ${SPELLING_SIMILARITY}
      ORDER BY similarity(v.word, q.word) DESC, v.occurrences DESC, v.word
      LIMIT 1
    ) AS best
    WHERE numnode(plainto_tsquery('english', q.word)) > 0
      AND NOT EXISTS (SELECT 1 FROM articles a WHERE a.search @@ plainto_tsquery('english', q.word))`.execute(db);
  return new Map(rows.rows.map((row) => [row.word, row.correction]));
}

export interface ArticleMatch {
  slug: string;
  title: string;
  summary: string;
  category: string;
  tags: string[];
  body: string;
  score: number;
}

/**
 * Ranks articles for a question. Each word of the question counts by how rare it is across
 * the articles (a BM25-style inverse document frequency), times where it appears: the title
 * (weight A) counts most, then tags (B), then the text (C). Words are OR-ed, so a question
 * need not use every word an article does. A tag phrase found whole in the question
 * ('terrible twos', 'bath book bed') and a title that closely matches, by trigrams, add to
 * the score.
 */
export async function searchArticles(db: Db, text: string, limit: number): Promise<ArticleMatch[]> {
  const result = await sql<ArticleMatch>`
    WITH terms AS (
      SELECT DISTINCT quote_literal(t.lexeme)::tsquery AS query
      FROM unnest(to_tsvector('english', ${text}::text)) AS t(lexeme, positions, weights)
    ),
    total AS (SELECT count(*)::float8 AS n FROM articles),
    weighted AS (
      SELECT terms.query, ln(1 + (total.n - count(a.id) + 0.5) / (count(a.id) + 0.5)) AS idf
      FROM terms
      CROSS JOIN total
      JOIN articles a ON a.search @@ terms.query
      GROUP BY terms.query, total.n
    ),
    scored AS (
      SELECT a.id, sum(weighted.idf * ts_rank(${sql.lit(process.env.W ?? '{0.1, 0.2, 0.4, 1.0}')}::float4[], a.search, weighted.query, ${sql.lit(Number(process.env.NORM ?? 0))})) AS text_score
      FROM articles a
      JOIN weighted ON a.search @@ weighted.query
      GROUP BY a.id
    )
    SELECT a.slug, a.title, a.summary, a.category, a.tags, a.body,
      (scored.text_score
        + ${sql.lit(Number(process.env.TAG ?? 0.5))} * (SELECT count(*) FROM unnest(a.tags) AS tag
                 WHERE numnode(phraseto_tsquery('english', tag)) > 1
                   AND to_tsvector('english', ${text}::text) @@ phraseto_tsquery('english', tag))
        + ${sql.lit(Number(process.env.TITLE ?? 1))} * word_similarity(a.title, ${text}::text))::float8 AS score
    FROM scored
    JOIN articles a ON a.id = scored.id
    ORDER BY score DESC, a.slug
    LIMIT ${limit}`.execute(db);
  return result.rows;
}

/** Full-text rank of each passage against the question, in the passages' order. */
export async function rankPassages(db: Db, passages: string[], text: string): Promise<number[]> {
  if (passages.length === 0) return [];
  const result = await sql<{ rank: number }>`
    SELECT ts_rank(to_tsvector('english', p.passage), replace(plainto_tsquery('english', ${text}::text)::text, '&', '|')::tsquery)::float8 AS rank
    FROM unnest(${passages}::text[]) WITH ORDINALITY AS p(passage, position)
    ORDER BY p.position`.execute(db);
  return result.rows.map((row) => row.rank);
}
