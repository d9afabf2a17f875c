import type { Db, FamilyRole } from '../../db/database';

export function findFamily(db: Db, familyId: number) {
  return db.selectFrom('families').select(['id', 'name', 'erase_after', 'erase_posts']).where('id', '=', familyId).executeTakeFirst();
}

export async function setErasure(db: Db, familyId: number, erasure: { after: Date; posts: 'delete' | 'anonymise' } | null) {
  await db
    .updateTable('families')
    .set({ erase_after: erasure?.after ?? null, erase_posts: erasure?.posts ?? null })
    .where('id', '=', familyId)
    .execute();
}

/** Families whose erasure is due, locked; those another instance is erasing are skipped. */
export function lockDueErasures(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('families')
    .select(['id', 'erase_posts'])
    .where('erase_after', '<=', now)
    .orderBy('erase_after')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

export async function adultIdsOf(db: Db, familyId: number): Promise<number[]> {
  return (await db.selectFrom('users').select('id').where('family_id', '=', familyId).execute()).map((row) => row.id);
}

export async function renameFamily(db: Db, familyId: number, name: string) {
  await db.updateTable('families').set({ name }).where('id', '=', familyId).execute();
}

/** The adults of a family, guardians first, then by name. */
export function listMembers(db: Db, familyId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'family_role'])
    .where('family_id', '=', familyId)
    .orderBy((eb) => eb.case().when('family_role', '=', 'guardian').then(0).else(1).end())
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/**
 * Locks every adult of the family, so that two changes at once (two guardians leaving, a role
 * change and a removal) cannot together leave it without a guardian.
 */
export function lockMembers(db: Db, familyId: number) {
  return db.selectFrom('users').select(['id', 'name', 'family_role']).where('family_id', '=', familyId).orderBy('id').forUpdate().execute();
}

export async function setMembership(db: Db, userId: number, membership: { familyId: number; familyRole: FamilyRole } | null) {
  await db
    .updateTable('users')
    .set({ family_id: membership?.familyId ?? null, family_role: membership?.familyRole ?? null })
    .where('id', '=', userId)
    .execute();
}

/**
 * Takes an adult out of a family: they stop being a member, and the notifications it gave them
 * (about its children, bookings and messages) go too, since they may no longer read those.
 */
export async function endMembership(db: Db, userId: number, familyId: number) {
  await setMembership(db, userId, null);
  await db.deleteFrom('notifications').where('user_id', '=', userId).where('family_id', '=', familyId).execute();
}

/** Whether anything of the family's own is stored: children or bookings. */
export async function familyHasData(db: Db, familyId: number): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(eb.selectFrom('children').select('id').where('family_id', '=', familyId)),
          eb.exists(eb.selectFrom('shadow_bookings').select('id').where('family_id', '=', familyId)),
          eb.exists(eb.selectFrom('mental_health_bookings').select('id').where('family_id', '=', familyId)),
        ])
        .as('has_data'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.has_data);
}

export async function deleteFamily(db: Db, familyId: number) {
  await db.deleteFrom('families').where('id', '=', familyId).execute();
}

const invitationColumns = ['i.id', 'i.family_id', 'i.family_role', 'i.email', 'i.created_at', 'i.expires_at', 'inviter.name as invited_by'] as const;

function invitations(db: Db) {
  return db.selectFrom('family_invitations as i').leftJoin('users as inviter', 'inviter.id', 'i.created_by').select(invitationColumns);
}

export type InvitationRow = Awaited<ReturnType<ReturnType<typeof invitations>['executeTakeFirstOrThrow']>>;

/** The family's invitations that can still be accepted, newest first. */
export function listOpenInvitations(db: Db, familyId: number, now: Date) {
  return invitations(db)
    .where('i.family_id', '=', familyId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', now)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
}

/** One of the family's invitations, open or not; another family's reads as absent. */
export function findInvitation(db: Db, familyId: number, invitationId: number) {
  return invitations(db).where('i.family_id', '=', familyId).where('i.id', '=', invitationId).executeTakeFirst();
}

export async function insertInvitation(
  db: Db,
  invitation: { familyId: number; tokenHash: string; familyRole: FamilyRole; email: string | null; createdBy: number; now: Date; expiresAt: Date },
): Promise<number> {
  const { id } = await db
    .insertInto('family_invitations')
    .values({
      family_id: invitation.familyId,
      token_hash: invitation.tokenHash,
      family_role: invitation.familyRole,
      email: invitation.email,
      created_by: invitation.createdBy,
      created_at: invitation.now,
      expires_at: invitation.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Withdraws one of the family's open invitations; returns whether there was one. */
export async function revokeInvitation(db: Db, familyId: number, invitationId: number, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('family_invitations')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('id', '=', invitationId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** An invitation that can still be accepted, with its family's name. */
export function findLiveInvitation(db: Db, tokenHash: string, now: Date) {
  return db
    .selectFrom('family_invitations as i')
    .innerJoin('families as f', 'f.id', 'i.family_id')
    .leftJoin('users as inviter', 'inviter.id', 'i.created_by')
    .select(['i.id', 'i.family_id', 'i.family_role', 'i.expires_at', 'f.name as family_name', 'inviter.name as invited_by'])
    .where('i.token_hash', '=', tokenHash)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', now)
    .executeTakeFirst();
}

/** Spends a live invitation for `userId`; of two racing acceptances only one gets it back. */
export function claimInvitation(db: Db, tokenHash: string, userId: number, now: Date) {
  return db
    .updateTable('family_invitations')
    .set({ accepted_by: userId, accepted_at: now })
    .where('token_hash', '=', tokenHash)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['family_id', 'family_role'])
    .executeTakeFirst();
}
