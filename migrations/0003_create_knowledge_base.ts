import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  // array_to_string is only STABLE (it could format any element type), so a generated column
  // cannot call it directly; for text[] it is immutable, and this wrapper says so.
  await sql`
    CREATE FUNCTION article_tags_text(tags text[]) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT array_to_string(tags, ' ') $$`.execute(db);

  await sql`
    CREATE TABLE articles (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
      title text NOT NULL CHECK (title <> ''),
      summary text NOT NULL,
      category text NOT NULL,
      tags text[] NOT NULL DEFAULT '{}',
      age_min_months integer NOT NULL CHECK (age_min_months >= 0),
      age_max_months integer NOT NULL CHECK (age_max_months >= age_min_months),
      author text NOT NULL,
      published_on date NOT NULL,
      body text NOT NULL,
      search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english'::regconfig, title), 'A') ||
        setweight(to_tsvector('english'::regconfig, article_tags_text(tags)), 'B') ||
        setweight(to_tsvector('english'::regconfig, summary || ' ' || body), 'C')
      ) STORED,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX articles_search_idx ON articles USING gin (search)`.execute(db);
  await sql`CREATE INDEX articles_title_trgm_idx ON articles USING gin (title gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX articles_category_idx ON articles (category, title)`.execute(db);

  // Parents' words for what the articles call something else: 'potty' means toilet training.
  await sql`
    CREATE TABLE article_synonyms (
      term text PRIMARY KEY CHECK (term = lower(term) AND term <> ''),
      expansion text NOT NULL CHECK (expansion <> '')
    )`.execute(db);

  // Every word the articles use, so a misspelt word in a question can be matched by trigrams
  // to the word the writer meant.
  await sql`
    CREATE TABLE article_vocabulary (
      word text PRIMARY KEY,
      occurrences integer NOT NULL CHECK (occurrences > 0)
    )`.execute(db);
  await sql`CREATE INDEX article_vocabulary_word_trgm_idx ON article_vocabulary USING gin (word gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS article_vocabulary`.execute(db);
  await sql`DROP TABLE IF EXISTS article_synonyms`.execute(db);
  await sql`DROP TABLE IF EXISTS articles`.execute(db);
  await sql`DROP FUNCTION IF EXISTS article_tags_text(text[])`.execute(db);
}
