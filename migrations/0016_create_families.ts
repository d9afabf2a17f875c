import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Families (issue 20, part 1): children belong to a family, not to one login, and several
 * adults follow them.
 * - A user belongs to at most one family, so membership is two columns on users: `family_id`
 *   and `family_role` (guardian or carer), set or unset together. Staff and teachers have none.
 *   The spec's `role` (Parent) is untouched.
 * - Every parent today gets a family of their own, named after them, as its only guardian,
 *   and their children move into it.
 * - Bookings belong to the family too. `parent_id` stays as who made the booking ("Booked by
 *   James"): it may now be null, once that adult's account is gone, and the booking stays.
 * - An invitation is a single-use link that lasts 7 days: only its secret's SHA-256 is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE families (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      founder_id integer
    )`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN family_id integer REFERENCES families (id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN family_role text CHECK (family_role IN ('guardian', 'carer'))`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_family_membership_check CHECK ((family_id IS NULL) = (family_role IS NULL))`.execute(db);
  await sql`CREATE INDEX users_family_idx ON users (family_id)`.execute(db);

  // Every parent, and anyone who already has a child or a booking, founds a family.
  await sql`
    INSERT INTO families (name, founder_id, created_at)
    SELECT name || '''s family', id, created_at FROM users
     WHERE role = 'parent'
        OR id IN (SELECT parent_id FROM children)
        OR id IN (SELECT parent_id FROM shadow_bookings)
        OR id IN (SELECT parent_id FROM mental_health_bookings)`.execute(db);
  await sql`UPDATE users SET family_id = f.id, family_role = 'guardian' FROM families f WHERE f.founder_id = users.id`.execute(db);
  await sql`ALTER TABLE families DROP COLUMN founder_id`.execute(db);

  await sql`ALTER TABLE children ADD COLUMN family_id integer REFERENCES families (id) ON DELETE CASCADE`.execute(db);
  await sql`UPDATE children SET family_id = u.family_id FROM users u WHERE u.id = children.parent_id`.execute(db);
  await sql`ALTER TABLE children ALTER COLUMN family_id SET NOT NULL`.execute(db);
  await sql`ALTER TABLE children DROP COLUMN parent_id`.execute(db);
  await sql`CREATE INDEX children_family_idx ON children (family_id, id)`.execute(db);

  for (const table of ['shadow_bookings', 'mental_health_bookings']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN family_id integer REFERENCES families (id) ON DELETE CASCADE`.execute(db);
    await sql`UPDATE ${sql.table(table)} AS b SET family_id = u.family_id FROM users u WHERE u.id = b.parent_id`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN family_id SET NOT NULL`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN parent_id DROP NOT NULL`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(`${table}_parent_id_fkey`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(`${table}_parent_id_fkey`)} FOREIGN KEY (parent_id) REFERENCES users (id) ON DELETE SET NULL`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${table}_family_idx`)} ON ${sql.table(table)} (family_id, created_at DESC, id DESC)`.execute(db);
  }

  await sql`
    CREATE TABLE family_invitations (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      family_id integer NOT NULL REFERENCES families (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      family_role text NOT NULL CHECK (family_role IN ('guardian', 'carer')),
      email text,
      created_by integer REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      accepted_by integer REFERENCES users (id) ON DELETE SET NULL,
      accepted_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX family_invitations_family_idx ON family_invitations (family_id, created_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE family_invitations`.execute(db);
  for (const table of ['shadow_bookings', 'mental_health_bookings']) {
    // A booking whose maker is gone goes to a guardian of its family, as the older schema needs a parent.
    await sql`
      UPDATE ${sql.table(table)} AS b SET parent_id = (
        SELECT min(id) FROM users u WHERE u.family_id = b.family_id AND u.family_role = 'guardian')
       WHERE parent_id IS NULL`.execute(db);
    await sql`DELETE FROM ${sql.table(table)} WHERE parent_id IS NULL`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(`${table}_parent_id_fkey`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.id(`${table}_parent_id_fkey`)} FOREIGN KEY (parent_id) REFERENCES users (id) ON DELETE CASCADE`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN parent_id SET NOT NULL`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN family_id`.execute(db);
  }
  await sql`ALTER TABLE children ADD COLUMN parent_id integer REFERENCES users (id) ON DELETE CASCADE`.execute(db);
  await sql`
    UPDATE children SET parent_id = (
      SELECT min(id) FROM users u WHERE u.family_id = children.family_id AND u.family_role = 'guardian')`.execute(db);
  await sql`DELETE FROM children WHERE parent_id IS NULL`.execute(db);
  await sql`ALTER TABLE children ALTER COLUMN parent_id SET NOT NULL`.execute(db);
  await sql`CREATE INDEX children_parent_idx ON children (parent_id, id)`.execute(db);
  await sql`ALTER TABLE children DROP COLUMN family_id`.execute(db);
  await sql`ALTER TABLE users DROP CONSTRAINT users_family_membership_check`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN family_role`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN family_id`.execute(db);
  await sql`DROP TABLE families`.execute(db);
}
