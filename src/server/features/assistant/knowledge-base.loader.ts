import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, Db } from '../../db/database';
import { FrontMatterError, parseFrontMatter } from './front-matter';
import * as repo from './assistant.repository';
import type { ArticleContent } from './assistant.repository';

export const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('../../../../content', import.meta.url));

const articleFrontMatter = z
  .object({
    title: z.string().min(1),
    summary: z.string().min(1),
    category: z.string().min(1),
    tags: z.array(z.string().min(1)).min(1),
    ageMinMonths: z.number().int().min(0),
    ageMaxMonths: z.number().int().min(0),
    author: z.string().min(1),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-05-19'),
  })
  .refine((value) => value.ageMinMonths <= value.ageMaxMonths, { message: 'must not be more than ageMaxMonths', path: ['ageMinMonths'] });

const synonymsFile = z.array(z.object({ term: z.string().trim().min(1), expansion: z.string().trim().min(1) }));


export interface KnowledgeBaseContent {
  articles: ArticleContent[];
  synonyms: { term: string; expansion: string }[];
}

export class ContentError extends Error {}

/** Reads and checks every article (content/articles/<slug>.md) and the synonym list. */
export async function readKnowledgeBase(contentDir: string = DEFAULT_CONTENT_DIR): Promise<KnowledgeBaseContent> {
  const articlesDir = path.join(contentDir, 'articles');
  const files = (await readdir(articlesDir)).filter((name) => name.endsWith('.md')).sort();
  const articles = await Promise.all(files.map((file) => readArticle(path.join(articlesDir, file))));

  const synonymsPath = path.join(contentDir, 'assistant', 'synonyms.json');
  const parsed = synonymsFile.safeParse(JSON.parse(await readFile(synonymsPath, 'utf8')));
  if (!parsed.success) throw new ContentError(`${synonymsPath}: ${parsed.error.issues[0]?.message}`);
  const synonyms = new Map<string, string>();
  for (const { term, expansion } of parsed.data) {
    const key = term.toLowerCase();
    if (synonyms.has(key)) throw new ContentError(`${synonymsPath}: the term "${key}" is listed twice.`);
    synonyms.set(key, expansion);
  }
  return { articles, synonyms: [...synonyms].map(([term, expansion]) => ({ term, expansion })) };
}

async function readArticle(file: string): Promise<ArticleContent> {
  const slug = path.basename(file, '.md');
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) throw new ContentError(`${file}: file names are lowercase words joined by hyphens.`);
  let parsed;
  try {
    parsed = parseFrontMatter(await readFile(file, 'utf8'));
  } catch (error) {
    if (error instanceof FrontMatterError) throw new ContentError(`${file}: ${error.message}`);
    throw error;
  }
  const meta = articleFrontMatter.safeParse(parsed.data);
  if (!meta.success) {
    const issue = meta.error.issues[0]!;
    throw new ContentError(`${file}: front matter "${issue.path.join('.')}" ${issue.message}`);
  }
  if (parsed.body === '') throw new ContentError(`${file}: the article has no text.`);
  return { slug, ...meta.data, body: parsed.body };
}

/**
 * Makes the database hold exactly the given knowledge base: articles are upserted by slug
 * (so links stay stable), articles no longer in the content are removed, and the synonyms
 * and spelling vocabulary are rebuilt. Safe to run again and again.
 */
export async function loadKnowledgeBase(
  db: Db,
  content?: KnowledgeBaseContent,
): Promise<{ articles: number; synonyms: number; words: number }> {
  const { articles, synonyms } = content ?? (await readKnowledgeBase());
  const write = async (trx: Db) => {
    await repo.upsertArticles(trx, articles);
    await repo.deleteArticlesExcept(
      trx,
      articles.map((a) => a.slug),
    );
    await repo.replaceSynonyms(trx, synonyms);
    const words = await repo.rebuildVocabulary(trx);
    return { articles: articles.length, synonyms: synonyms.length, words };
  };
  // Inside the caller's transaction (the demo seed) or in one of its own.
  return db.isTransaction ? write(db) : (db as Kysely<Database>).transaction().execute(write);
}
