import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrator';
import { seed } from '../../src/server/demo/seed';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// Migration 0016 moves children and bookings from one parent to a family of their own.
const BEFORE_0016 = '0015_create_passkeys_and_two_step';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
});
afterAll(() => database?.drop());

describe('migration 0016_create_families', () => {
  it("gives every parent a family of their own as its guardian, and moves their children and bookings into it", async () => {
    const db = database.db;
    await migrateTo(db, BEFORE_0016);
    const parents = (await sql<{ id: number; name: string }>`SELECT id, name FROM users WHERE role = 'parent' ORDER BY id`.execute(db)).rows;
    const childrenBefore = (await sql<{ id: number; parent_id: number }>`SELECT id, parent_id FROM children ORDER BY id`.execute(db)).rows;
    const [first] = parents;
    const teacher = (await sql<{ id: number }>`SELECT id FROM shadow_teachers ORDER BY id LIMIT 1`.execute(db)).rows[0]!;
    const child = childrenBefore.find((c) => c.parent_id === first!.id)!;
    await sql`
      INSERT INTO shadow_bookings (parent_id, teacher_id, child_id, session_type, location, start_date, end_date, start_time, end_time, total_price)
      VALUES (${first!.id}, ${teacher.id}, ${child.id}, 'home', 'Home', '2026-12-01', '2026-12-01', '09:00', '10:00', 4800)`.execute(db);

    await migrateToLatest(db);

    const users = await db.selectFrom('users').innerJoin('families', 'families.id', 'users.family_id').select(['users.id', 'users.family_id', 'users.family_role', 'families.name']).where('users.role', '=', 'parent').orderBy('users.id').execute();
    expect(users.map((u) => ({ id: u.id, role: u.family_role, name: u.name }))).toEqual(parents.map((p) => ({ id: p.id, role: 'guardian', name: `${p.name}'s family` })));
    expect(new Set(users.map((u) => u.family_id)).size).toBe(parents.length);
    const familyOf = new Map(users.map((u) => [u.id, u.family_id]));

    const childrenAfter = await db.selectFrom('children').select(['id', 'family_id']).orderBy('id').execute();
    expect(childrenAfter).toEqual(childrenBefore.map((c) => ({ id: c.id, family_id: familyOf.get(c.parent_id) })));
    const booking = await db.selectFrom('shadow_bookings').select(['family_id', 'parent_id']).executeTakeFirstOrThrow();
    expect(booking).toEqual({ family_id: familyOf.get(first!.id), parent_id: first!.id });
    const staff = await db.selectFrom('users').select(['family_id', 'family_role']).where('role', '=', 'staff').execute();
    expect(staff.every((u) => u.family_id === null && u.family_role === null)).toBe(true);
  });

  it('goes down again, each child back with a guardian of its family', async () => {
    const db = database.db;
    const before = await db.selectFrom('children').innerJoin('users', 'users.family_id', 'children.family_id').select(['children.id', 'users.id as guardian']).orderBy('children.id').execute();
    await migrateTo(db, BEFORE_0016);
    const after = (await sql<{ id: number; parent_id: number }>`SELECT id, parent_id FROM children ORDER BY id`.execute(db)).rows;
    expect(after).toEqual(before.map((row) => ({ id: row.id, parent_id: row.guardian })));
    await migrateToLatest(db);
  });
});
