import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Messages between a family and their child's classroom (issue 18): one conversation per family
 * and classroom; its messages, each written by an adult of the family or a member of staff, with
 * a client id that is unique in the conversation so a retried send is stored once; and how far
 * each person has read, for receipts and unread counts. Everything goes with the family.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE conversations (
      id serial PRIMARY KEY,
      family_id integer NOT NULL REFERENCES families (id) ON DELETE CASCADE,
      classroom_id integer NOT NULL REFERENCES classrooms (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (family_id, classroom_id)
    )`.execute(db);
  await sql`CREATE INDEX conversations_classroom_idx ON conversations (classroom_id)`.execute(db);

  await sql`
    CREATE TABLE messages (
      id serial PRIMARY KEY,
      conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
      author_id integer REFERENCES users (id) ON DELETE SET NULL,
      side text NOT NULL CHECK (side IN ('family', 'staff')),
      body text NOT NULL,
      photo_id uuid REFERENCES images (id) ON DELETE SET NULL,
      client_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (conversation_id, client_id)
    )`.execute(db);
  await sql`CREATE INDEX messages_conversation_idx ON messages (conversation_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX messages_photo_idx ON messages (photo_id) WHERE photo_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE conversation_reads (
      conversation_id integer NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      side text NOT NULL CHECK (side IN ('family', 'staff')),
      last_read_message_id integer NOT NULL,
      read_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (conversation_id, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE conversation_reads`.execute(db);
  await sql`DROP TABLE messages`.execute(db);
  await sql`DROP TABLE conversations`.execute(db);
}
