import type { Database, Db } from '../../db/database';

/**
 * What a family's export and erasure do with every table, in one place: which export file holds
 * its rows (or why none does), and what remains of an erased family there. The tests list the
 * tables in the database and fail for one missing here, so a new table cannot hold a family's
 * data unnoticed.
 */
export const FAMILY_DATA: Record<keyof Database, { erased: string; exported: string }> = {
  families: { erased: 'deleted', exported: 'family.json' },
  family_exports: { erased: 'deleted with the family, and their zips', exported: 'not exported: the exports themselves' },
  family_invitations: { erased: 'deleted with the family', exported: 'not exported: open links are secrets, and used ones say nothing of the family' },
  users: { erased: "each adult's account deleted", exported: 'members.json' },
  sessions: { erased: 'deleted with the accounts', exported: 'not exported: keys to the account' },
  password_resets: { erased: 'deleted with the accounts', exported: 'not exported: keys to the account' },
  api_tokens: { erased: 'deleted with the accounts', exported: 'api-tokens.json (metadata, never the secret)' },
  passkeys: { erased: 'deleted with the accounts', exported: 'not exported: keys to the account' },
  webauthn_challenges: { erased: 'deleted with the accounts', exported: 'not exported: keys to the account' },
  two_step: { erased: 'deleted with the accounts', exported: 'not exported: keys to the account' },
  two_step_recovery_codes: { erased: 'deleted with the accounts', exported: 'not exported: keys to the account' },
  pending_sign_ins: { erased: 'deleted with the accounts', exported: 'not exported: keys to the account' },
  calendar_subscriptions: { erased: 'deleted with the accounts', exported: 'not exported: the address is a secret' },
  idempotency_keys: { erased: 'deleted with the accounts', exported: 'not exported: request bookkeeping for a day' },
  rate_limits: { erased: 'kept until they expire (within the hour): their keys are hashes, naming no one', exported: 'not exported: hashed counters naming no one' },
  children: { erased: 'deleted', exported: 'children.json' },
  activity_children: { erased: "deleted with the children: the classroom's activities stay, about no child of theirs", exported: 'activities.json' },
  activity_photo_tags: { erased: 'deleted with the children', exported: 'activity-photos.json' },
  activity_photos: {
    erased:
      "a photo tagging only the family's children is deleted, row and files; one that also tags another family's child stays for that family (it is their record too), untagged from this family's, so no one of this family can see it",
    exported: 'activity-photos.json, and the photos in photos/',
  },
  shadow_bookings: { erased: "kept for the teacher, anonymised: no family, maker, child, notes or address; pending ones cancelled", exported: 'shadow-bookings.json' },
  booking_events: { erased: 'kept with their booking, with no actor', exported: 'booking-events.json' },
  mental_health_bookings: { erased: 'kept for the service, anonymised: no family, maker, child or notes; pending ones cancelled', exported: 'mental-health-bookings.json' },
  images: { erased: "the adults' uploads deleted, rows and files", exported: 'photos.json and photos/' },
  image_uploads: { erased: 'deleted with the accounts', exported: 'not exported: upload counts for the daily quota' },
  posts: { erased: "the adults' posts deleted, or kept with no author ('A parent') and no image, as the guardian chose", exported: 'posts.json' },
  comments: { erased: "the adults' comments deleted, or kept with no author, as for posts", exported: 'comments.json' },
  post_likes: { erased: "the adults' likes deleted", exported: 'likes.json' },
  post_reports: { erased: "the adults' reports deleted", exported: "not exported: reports are the moderators' record" },
  group_memberships: { erased: 'deleted with the accounts', exported: 'support-groups.json' },
  outbox_events: { erased: "the family's events deleted with the family", exported: 'not exported: copies of changes already in the other files' },
  webhook_endpoints: { erased: 'deleted with the family', exported: 'not exported: integration settings with secrets' },
  webhook_deliveries: { erased: 'deleted with their endpoints', exported: 'not exported: delivery bookkeeping' },
  notifications: { erased: 'deleted with the accounts and the family', exported: 'notifications.json' },
  notification_preferences: { erased: 'deleted with the accounts', exported: 'notification-preferences.json' },
  push_subscriptions: { erased: 'deleted with the accounts', exported: 'not exported: device addresses and keys for the push service' },
  server_secrets: { erased: 'holds no family data', exported: 'holds no family data' },
  camera_viewing_sessions: { erased: "deleted with the accounts (the log then counts one viewer fewer)", exported: 'camera-viewing.json' },
  nursery_opening_hours: { erased: 'holds no family data', exported: 'holds no family data' },
  outbox_consumers: { erased: 'holds no family data', exported: 'holds no family data' },
  conversations: { erased: 'deleted with the family', exported: 'messages.json (each message names its classroom)' },
  messages: { erased: "deleted with the family's conversations, staff's replies included", exported: 'messages.json' },
  conversation_reads: { erased: "deleted with the family's conversations", exported: 'not exported: how far each person has read, bookkeeping for receipts' },
  // Shared catalogue and nursery data: nothing of a family is stored here.
  nurseries: { erased: 'holds no family data', exported: 'holds no family data' },
  classrooms: { erased: 'holds no family data', exported: 'holds no family data' },
  cameras: { erased: 'holds no family data', exported: 'holds no family data' },
  activities: { erased: "the nursery's record of the classroom; no family column", exported: 'activities.json, those about the children' },
  products: { erased: 'holds no family data', exported: 'holds no family data' },
  shadow_teachers: { erased: 'holds no family data', exported: 'holds no family data' },
  articles: { erased: 'holds no family data', exported: 'holds no family data' },
  article_synonyms: { erased: 'holds no family data', exported: 'holds no family data' },
  article_vocabulary: { erased: 'holds no family data', exported: 'holds no family data' },
  support_groups: { erased: 'holds no family data', exported: 'holds no family data' },
  mental_health_services: { erased: 'holds no family data', exported: 'holds no family data' },
  mental_health_service_options: { erased: 'holds no family data', exported: 'holds no family data' },
  specialists: { erased: 'holds no family data', exported: 'holds no family data' },
  specialist_session_types: { erased: 'holds no family data', exported: 'holds no family data' },
  mental_health_time_windows: { erased: 'holds no family data', exported: 'holds no family data' },
  mental_health_articles: { erased: 'holds no family data', exported: 'holds no family data' },
};

export type PostsChoice = 'delete' | 'anonymise';

/**
 * Erases one family, inside the caller's transaction, as FAMILY_DATA describes. Answers the
 * stored image objects to delete once it commits: bytes outside the database cannot roll back.
 */
export async function eraseFamily(
  trx: Db,
  familyId: number,
  posts: PostsChoice,
): Promise<{ images: { key: string | null; thumbnail_key: string | null; id: string }[]; exportKeys: string[] }> {
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
  if (childIds.length > 0) {
    const taggedActivities = trx.selectFrom('activity_photo_tags').select('activity_id').where('child_id', 'in', childIds);
    const photoActivityIds = (await taggedActivities.distinct().execute()).map((row) => row.activity_id);
    await trx.deleteFrom('children').where('id', 'in', childIds).execute();
    // Photos left with no one tagged showed only this family's children: nobody may see them now.
    if (photoActivityIds.length > 0) {
      const untagged = trx
        .selectFrom('activity_photos')
        .select('activity_photos.image_id')
        .where('activity_photos.activity_id', 'in', photoActivityIds)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('activity_photo_tags').select('child_id').whereRef('activity_photo_tags.activity_id', '=', 'activity_photos.activity_id'))));
      images = [...images, ...(await trx.deleteFrom('images').where('id', 'in', untagged).returning(['id', 'key', 'thumbnail_key']).execute())];
    }
  }
  const exports = await trx.deleteFrom('family_exports').where('family_id', '=', familyId).returning('object_key').execute();
  await trx.deleteFrom('families').where('id', '=', familyId).execute();
  return { images, exportKeys: exports.flatMap((row) => (row.object_key ? [row.object_key] : [])) };
}

/** One file of a family's export: JSON rows, described in the README inside the zip. */
export interface ExportFile {
  name: string;
  description: string;
  rows: unknown[];
}

/**
 * Everything of one family, as the files of its export. Every query is scoped to the family or
 * its adults: nothing of another family may be read here. Photos are listed in photos.json
 * and added as files by the export service.
 */
export async function familyExportFiles(db: Db, familyId: number): Promise<ExportFile[]> {
  const adults = await db.selectFrom('users').select(['id', 'name', 'email', 'phone', 'city', 'role', 'family_role', 'created_at']).where('family_id', '=', familyId).orderBy('id').execute();
  const adultIds = adults.length > 0 ? adults.map((adult) => adult.id) : [0];
  const family = await db.selectFrom('families').select(['id', 'name', 'created_at']).where('id', '=', familyId).execute();
  const children = await db.selectFrom('children').selectAll().where('family_id', '=', familyId).orderBy('id').execute();
  const childIds = children.length > 0 ? children.map((child) => child.id) : [0];
  const activities = await db
    .selectFrom('activities as a')
    .innerJoin('activity_children as ac', 'ac.activity_id', 'a.id')
    .select(['a.id', 'a.type', 'a.description', 'a.occurred_at', 'a.camera_id', 'ac.child_id'])
    .where('ac.child_id', 'in', childIds)
    .orderBy('a.occurred_at')
    .orderBy('a.id')
    .execute();
  const shadowBookings = await db.selectFrom('shadow_bookings').selectAll().where('family_id', '=', familyId).orderBy('id').execute();
  const bookingEvents = await db
    .selectFrom('booking_events')
    .select(['booking_id', 'actor_role', 'from_status', 'to_status', 'occurred_at'])
    .where('booking_id', 'in', shadowBookings.length > 0 ? shadowBookings.map((b) => b.id) : [0])
    .orderBy('occurred_at')
    .execute();
  const mentalHealthBookings = await db.selectFrom('mental_health_bookings').selectAll().where('family_id', '=', familyId).orderBy('id').execute();
  const posts = await db.selectFrom('posts').select(['id', 'author_id', 'group_id', 'title', 'content', 'tags', 'image_id', 'created_at']).where('author_id', 'in', adultIds).orderBy('id').execute();
  const comments = await db.selectFrom('comments').select(['id', 'post_id', 'author_id', 'content', 'created_at']).where('author_id', 'in', adultIds).orderBy('id').execute();
  const likes = await db.selectFrom('post_likes').select(['post_id', 'user_id']).where('user_id', 'in', adultIds).execute();
  const groups = await db.selectFrom('group_memberships').select(['group_id', 'user_id']).where('user_id', 'in', adultIds).execute();
  const tokens = await db
    .selectFrom('api_tokens')
    .select(['id', 'user_id', 'name', 'token_prefix', 'scopes', 'created_at', 'last_used_at', 'last_used_ip', 'expires_at', 'revoked_at'])
    .where('user_id', 'in', adultIds)
    .orderBy('id')
    .execute();
  const notifications = await db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'category', 'title', 'body', 'link', 'created_at', 'read_at'])
    .where('family_id', '=', familyId)
    .where('in_app', '=', true)
    .orderBy('id')
    .execute();
  const notificationPreferences = await db.selectFrom('notification_preferences').selectAll().where('user_id', 'in', adultIds).orderBy('user_id').execute();
  const messages = await db
    .selectFrom('messages')
    .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
    .innerJoin('classrooms', 'classrooms.id', 'conversations.classroom_id')
    .select(['messages.id', 'classrooms.name as classroom', 'messages.side', 'messages.author_id', 'messages.body', 'messages.photo_id', 'messages.created_at'])
    .where('conversations.family_id', '=', familyId)
    .orderBy('messages.created_at')
    .orderBy('messages.id')
    .execute();
  const cameraViewing = await db
    .selectFrom('camera_viewing_sessions')
    .select(['id', 'user_id', 'camera_id', 'started_at', 'ended_at'])
    .where('user_id', 'in', adultIds)
    .orderBy('id')
    .execute();
  const activityPhotos = await db
    .selectFrom('activity_photos as ap')
    .innerJoin('activity_photo_tags as t', 't.activity_id', 'ap.activity_id')
    .select(['ap.activity_id', 'ap.image_id', 'ap.position', 't.child_id'])
    .where('t.child_id', 'in', childIds)
    .orderBy('ap.activity_id')
    .orderBy('ap.position')
    .orderBy('t.child_id')
    .execute();
  const activityPhotoIds = activityPhotos.length > 0 ? activityPhotos.map((photo) => photo.image_id) : ['00000000-0000-0000-0000-000000000000'];
  const photos = await db
    .selectFrom('images')
    .select(['id', 'owner_id', 'width', 'height', 'byte_size', 'created_at'])
    .where((eb) => eb.or([eb('owner_id', 'in', adultIds), eb('id', 'in', activityPhotoIds)]))
    .orderBy('created_at')
    .execute();

  return [
    { name: 'family.json', description: 'The family: its name and when it began.', rows: family },
    { name: 'members.json', description: "Each adult's profile: name, email, phone, city, role in the family, and when they joined Nestling.", rows: adults },
    { name: 'children.json', description: 'Each child: name, date of birth, classroom, status at nursery, and special needs, photo choice and pronouns as you gave them.', rows: children },
    { name: 'activities.json', description: "What nursery staff logged about your children (one row per activity and child). Nestling has no separate daily reports yet: this is the day's record.", rows: activities },
    { name: 'shadow-bookings.json', description: 'Shadow-teacher bookings, with prices in cents (USD); booking-events.json has each change of status.', rows: shadowBookings },
    { name: 'booking-events.json', description: "Each change of a shadow booking's status, and who made it (parent, teacher or system).", rows: bookingEvents },
    { name: 'mental-health-bookings.json', description: 'Mental-health service and specialist bookings, with prices in cents (USD).', rows: mentalHealthBookings },
    { name: 'posts.json', description: 'Community posts the adults wrote.', rows: posts },
    { name: 'comments.json', description: 'Community comments the adults wrote.', rows: comments },
    { name: 'likes.json', description: 'Posts the adults liked.', rows: likes },
    { name: 'support-groups.json', description: 'Support groups the adults joined.', rows: groups },
    { name: 'api-tokens.json', description: 'API tokens: their names, scopes and use. Never the secrets, which Nestling does not keep.', rows: tokens },
    { name: 'notifications.json', description: "Each adult's notifications: what they were told, where it linked, and when they read it.", rows: notifications },
    { name: 'notification-preferences.json', description: "Each adult's notification settings: categories on or off in the app and by push, muted activity types, quiet hours.", rows: notificationPreferences },
    { name: 'messages.json', description: "Messages between the family and the children's classrooms, both sides; author_id is one of your adults (members.json) when side is family, and a member of staff otherwise.", rows: messages },
    { name: 'activity-photos.json', description: 'Photos nursery staff took of your children: the activity (in activities.json), the photo (in photos/ as <image_id>.webp) and which of your children is tagged in it.', rows: activityPhotos },
    { name: 'camera-viewing.json', description: 'Each time one of the adults watched a classroom camera: which camera, when they started and stopped (kept 90 days).', rows: cameraViewing },
    { name: 'photos.json', description: 'Every photo and image the adults uploaded, and the activity photos your children are tagged in; each is in photos/ as <id>.webp (metadata was stripped on upload).', rows: photos },
  ];
}

/** What the README inside an export says, file by file. */
export function exportReadme(familyName: string, files: ExportFile[], exportedAt: Date): string {
  return [
    `Nestling: the data of ${familyName}`,
    `Exported ${exportedAt.toISOString()}.`,
    '',
    'Each .json file holds an array of rows, as Nestling stores them. Times are UTC.',
    '',
    ...files.map((file) => `${file.name} (${file.rows.length} ${file.rows.length === 1 ? 'row' : 'rows'}): ${file.description}`),
    'photos/: the uploaded photos listed in photos.json.',
    '',
    'Not included, because Nestling does not have them yet: daily reports.',
    'Sessions, passkeys and two-step sign-in are not exported: they are keys to the account, not information about you.',
    '',
  ].join('\n');
}
