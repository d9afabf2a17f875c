import type { Database, Db } from '../../db/database';

/**
 * What a family's erasure does to every table, in one place. Each table says what remains of an
 * erased family there; tests/family/family-erasure.test.ts lists the tables in the database and
 * fails for one missing here, so a new table cannot hold a family's data unnoticed. (The
 * export, when it comes, belongs beside each entry.)
 */
export const FAMILY_DATA: Record<keyof Database, { erased: string }> = {
  families: { erased: 'deleted' },
  family_invitations: { erased: 'deleted with the family' },
  users: { erased: "each adult's account deleted" },
  sessions: { erased: 'deleted with the accounts' },
  password_resets: { erased: 'deleted with the accounts' },
  api_tokens: { erased: 'deleted with the accounts' },
  passkeys: { erased: 'deleted with the accounts' },
  webauthn_challenges: { erased: 'deleted with the accounts' },
  two_step: { erased: 'deleted with the accounts' },
  two_step_recovery_codes: { erased: 'deleted with the accounts' },
  pending_sign_ins: { erased: 'deleted with the accounts' },
  calendar_subscriptions: { erased: 'deleted with the accounts' },
  idempotency_keys: { erased: 'deleted with the accounts' },
  rate_limits: { erased: 'kept until they expire (within the hour): their keys are hashes, naming no one' },
  children: { erased: 'deleted' },
  activity_children: { erased: "deleted with the children: the classroom's activities stay, about no child of theirs" },
  shadow_bookings: { erased: "kept for the teacher, anonymised: no family, maker, child, notes or address; pending ones cancelled" },
  booking_events: { erased: 'kept with their booking, with no actor' },
  mental_health_bookings: { erased: 'kept for the service, anonymised: no family, maker, child or notes; pending ones cancelled' },
  images: { erased: "the adults' uploads deleted, rows and files" },
  image_uploads: { erased: 'deleted with the accounts' },
  posts: { erased: "the adults' posts deleted, or kept with no author ('A parent') and no image, as the guardian chose" },
  comments: { erased: "the adults' comments deleted, or kept with no author, as for posts" },
  post_likes: { erased: "the adults' likes deleted" },
  post_reports: { erased: "the adults' reports deleted" },
  group_memberships: { erased: 'deleted with the accounts' },
  outbox_events: { erased: "the family's events deleted with the family" },
  webhook_endpoints: { erased: 'deleted with the family' },
  webhook_deliveries: { erased: 'deleted with their endpoints' },
  // Shared catalogue and nursery data: nothing of a family is stored here.
  nurseries: { erased: 'holds no family data' },
  classrooms: { erased: 'holds no family data' },
  cameras: { erased: 'holds no family data' },
  activities: { erased: "the nursery's record of the classroom; no family column" },
  products: { erased: 'holds no family data' },
  shadow_teachers: { erased: 'holds no family data' },
  articles: { erased: 'holds no family data' },
  article_synonyms: { erased: 'holds no family data' },
  article_vocabulary: { erased: 'holds no family data' },
  support_groups: { erased: 'holds no family data' },
  mental_health_services: { erased: 'holds no family data' },
  mental_health_service_options: { erased: 'holds no family data' },
  specialists: { erased: 'holds no family data' },
  specialist_session_types: { erased: 'holds no family data' },
  mental_health_time_windows: { erased: 'holds no family data' },
  mental_health_articles: { erased: 'holds no family data' },
};

export type PostsChoice = 'delete' | 'anonymise';

/**
 * Erases one family, inside the caller's transaction, as FAMILY_DATA describes. Answers the
 * stored image objects to delete once it commits: bytes outside the database cannot roll back.
 */
export async function eraseFamily(trx: Db, familyId: number, posts: PostsChoice): Promise<{ key: string | null; thumbnail_key: string | null; id: string }[]> {
  const adultIds = (await trx.selectFrom('users').select('id').where('family_id', '=', familyId).execute()).map((adult) => adult.id);
  const childIds = (await trx.selectFrom('children').select('id').where('family_id', '=', familyId).execute()).map((child) => child.id);

  // Requests no teacher has confirmed are withdrawn, as if the family had cancelled them.
  await trx.updateTable('shadow_bookings').set({ status: 'cancelled', cancel_reason: 'parent' }).where('family_id', '=', familyId).where('status', '=', 'pending').execute();
  await trx.updateTable('mental_health_bookings').set({ status: 'cancelled' }).where('family_id', '=', familyId).where('status', '=', 'pending').execute();
  await trx.updateTable('shadow_bookings').set({ family_id: null, parent_id: null, child_id: null, notes: '', location: null }).where('family_id', '=', familyId).execute();
  await trx.updateTable('mental_health_bookings').set({ family_id: null, parent_id: null, child_id: null, notes: '' }).where('family_id', '=', familyId).execute();

  let images: { key: string | null; thumbnail_key: string | null; id: string }[] = [];
  if (adultIds.length > 0) {
    if (posts === 'anonymise') {
      await trx.updateTable('posts').set({ author_id: null, image_id: null }).where('author_id', 'in', adultIds).execute();
      await trx.updateTable('comments').set({ author_id: null }).where('author_id', 'in', adultIds).execute();
    } else {
      await trx.deleteFrom('comments').where('author_id', 'in', adultIds).execute();
      await trx.deleteFrom('posts').where('author_id', 'in', adultIds).execute();
    }
    await trx.updateTable('booking_events').set({ actor_id: null }).where('actor_id', 'in', adultIds).execute();
    images = await trx.deleteFrom('images').where('owner_id', 'in', adultIds).returning(['id', 'key', 'thumbnail_key']).execute();
    // Sessions, tokens, passkeys, likes, reports, memberships, uploads… go with the accounts (ON DELETE CASCADE).
    await trx.deleteFrom('users').where('id', 'in', adultIds).execute();
  }
  if (childIds.length > 0) await trx.deleteFrom('children').where('id', 'in', childIds).execute();
  await trx.deleteFrom('families').where('id', '=', familyId).execute();
  return images;
}
