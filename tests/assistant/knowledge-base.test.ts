import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as repo from '../../src/server/features/assistant/assistant.repository';
import type { ArticleContent } from '../../src/server/features/assistant/assistant.repository';
import { createAssistantService } from '../../src/server/features/assistant/assistant.service';
import {
  ContentError,
  DEFAULT_CONTENT_DIR,
  loadKnowledgeBase,
  readKnowledgeBase,
  type KnowledgeBaseContent,
} from '../../src/server/features/assistant/knowledge-base.loader';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

const words = (text: string) => text.match(/[A-Za-z0-9'’]+/g)?.length ?? 0;

describe('the knowledge base content in the repository', () => {
  let content: KnowledgeBaseContent;
  beforeAll(async () => {
    content = await readKnowledgeBase();
  });

  it('has at least 60 articles of 200 to 500 words, each with a title, summary, tags and an age range', () => {
    expect(content.articles.length).toBeGreaterThanOrEqual(60);
    for (const article of content.articles) {
      expect(words(article.body), article.slug).toBeGreaterThanOrEqual(200);
      expect(words(article.body), article.slug).toBeLessThanOrEqual(500);
      expect(article.summary.length, article.slug).toBeGreaterThan(20);
      expect(article.tags.length, article.slug).toBeGreaterThanOrEqual(3);
      expect(article.ageMinMonths, article.slug).toBeLessThanOrEqual(article.ageMaxMonths);
    }
  });

  it('agrees with SLUGS.txt on every slug, title and category', async () => {
    const index = (await readFile(path.join(DEFAULT_CONTENT_DIR, 'articles', 'SLUGS.txt'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => line.split(' | '));
    expect(content.articles.map((a) => [a.slug, a.title, a.category]).sort()).toEqual(index.sort());
  });

  it('tells the reader when to talk to a paediatrician or get help in every article', () => {
    for (const article of content.articles) expect(article.body, article.slug).toMatch(/^When to (?:talk to your paediatrician|get help):/m);
  });
});

describe('reading content', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'nestling-kb-'));
    await mkdir(path.join(dir, 'articles'));
    await mkdir(path.join(dir, 'assistant'));
    await writeFile(path.join(dir, 'assistant', 'synonyms.json'), '[]');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses an article with bad front matter, naming the file and the field', async () => {
    await writeFile(
      path.join(dir, 'articles', 'broken.md'),
      '---\ntitle: Broken\nsummary: s\ncategory: c\ntags: [a]\nageMinMonths: 24\nageMaxMonths: 12\nauthor: a\ndate: 2026-01-01\n---\nText',
    );
    await expect(readKnowledgeBase(dir)).rejects.toThrow(ContentError);
    await expect(readKnowledgeBase(dir)).rejects.toThrow(/broken\.md: front matter "ageMinMonths" must not be more than ageMaxMonths/);
  });
});

const article = (slug: string, overrides: Partial<ArticleContent> = {}): ArticleContent => ({
  slug,
  title: `About ${slug}`,
  summary: 'A short summary of the article.',
  category: 'Test',
  tags: ['testing'],
  ageMinMonths: 0,
  ageMaxMonths: 60,
  author: 'A. Writer',
  date: '2026-01-01',
  body: 'General advice for parents about everyday family life.\n\nWhen to talk to your paediatrician: if you are worried.',
  ...overrides,
});

describe('loading and searching the knowledge base', () => {
  let database: TestDatabase;
  const content: KnowledgeBaseContent = {
    articles: [
      article('zebra-care', { title: 'Caring for zebras', tags: ['grazing'], body: 'Zebras need space to run. ' + 'Plenty of grass and water. '.repeat(5) }),
      article('horse-riding', { title: 'First riding lessons', tags: ['ponies', 'saddles'], body: 'Some stables also keep a zebra, but mostly ponies and horses.' }),
      article('garden-birds', { title: 'Garden birds', tags: ['feeders', 'zebra finch'], body: 'Feeders bring birds close to the window.' }),
    ],
    synonyms: [{ term: 'striped pony', expansion: 'zebra' }],
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await loadKnowledgeBase(database.db, content);
  });
  afterAll(() => database?.drop());

  it('ranks a word in the title above the same word in tags, and tags above the text', async () => {
    const matches = await repo.searchArticles(database.db, { words: 'zebra', hints: '' }, 3);
    expect(matches.map((m) => m.slug)).toEqual(['zebra-care', 'garden-birds', 'horse-riding']);
  });

  it('finds an article from a misspelt word, through trigram similarity to the articles’ words', async () => {
    const { matches } = await createAssistantService({ db: database.db }).findArticles('ponnies', 1);
    expect(matches[0]?.slug).toBe('horse-riding');
    expect(await repo.spellingCorrections(database.db, ['ponnies', 'ponies', 'xyzzy'])).toEqual(new Map([['ponnies', 'ponies']]));
  });

  it('reads a word the articles do not use as the start of one they do', async () => {
    expect(await repo.spellingCorrections(database.db, ['feed'])).toEqual(new Map([['feed', 'feeders']]));
  });

  it("finds an article through a synonym for the article's word, counting the parent's own words first", async () => {
    const { text, matches } = await createAssistantService({ db: database.db }).findArticles('my striped pony', 3);
    expect(text).toBe('my striped pony zebra');
    // 'pony' is the parent's word and a tag of the riding article; 'zebra' is only a hint.
    expect(matches.map((m) => m.slug).slice(0, 2)).toEqual(['horse-riding', 'zebra-care']);
  });

  it('loads again idempotently: changed articles are updated, removed ones deleted, synonyms replaced', async () => {
    await loadKnowledgeBase(database.db, content);
    const changed: KnowledgeBaseContent = {
      articles: [article('zebra-care', { title: 'Looking after zebras' }), article('new-topic')],
      synonyms: [{ term: 'stripes', expansion: 'zebra' }],
    };
    expect(await loadKnowledgeBase(database.db, changed)).toMatchObject({ articles: 2, synonyms: 1 });
    const rows = await repo.listArticles(database.db);
    expect(rows.map((r) => [r.slug, r.title]).sort()).toEqual([
      ['new-topic', 'About new-topic'],
      ['zebra-care', 'Looking after zebras'],
    ]);
    expect(await repo.listSynonyms(database.db)).toEqual([{ term: 'stripes', expansion: 'zebra' }]);
    // The spelling vocabulary follows the articles.
    expect(await repo.spellingCorrections(database.db, ['ponnies'])).toEqual(new Map());
    await loadKnowledgeBase(database.db, content);
  });
});
