import { forbidden } from '../errors';
import type { AuthenticatedUser } from '../principal';
import type { Db } from './database';

/**
 * The family whose rows a caller may read. Staff and teachers belong to no family: for them
 * this is 0, which no family has (ids start at 1), so a family-scoped read finds nothing.
 */
export const familyScopeOf = (user: Pick<AuthenticatedUser, 'familyId'>): number => user.familyId ?? 0;

/** The family a caller writes for; an account without one (staff, teachers) is refused. */
export function requireFamily(user: Pick<AuthenticatedUser, 'familyId'>): number {
  if (user.familyId === null) throw forbidden('Only the adults of a family can do this.');
  return user.familyId;
}

/**
 * A child of the caller's own family, or undefined for any other id: another family's child
 * and a child that does not exist read the same. Every feature that takes a child id from a
 * parent checks it here.
 */
export function findOwnChild(db: Db, user: Pick<AuthenticatedUser, 'familyId'>, childId: number) {
  return db.selectFrom('children').select(['id', 'name']).where('id', '=', childId).where('family_id', '=', familyScopeOf(user)).executeTakeFirst();
}

/** The name a new family starts with; its guardians may change it. */
export const familyNameFor = (founderName: string) => `${founderName}'s family`;

/** Makes the user the only guardian of a new family of their own, and returns its id. */
export async function foundFamily(db: Db, user: { id: number; name: string }): Promise<number> {
  const { id } = await db.insertInto('families').values({ name: familyNameFor(user.name) }).returning('id').executeTakeFirstOrThrow();
  await db.updateTable('users').set({ family_id: id, family_role: 'guardian' }).where('id', '=', user.id).execute();
  return id;
}
