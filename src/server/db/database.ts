import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { FamilyRole } from '../../shared/schemas/auth';
import type { ChildPronouns } from '../../shared/schemas/children';
import type { EventType } from '../../shared/schemas/events';

/** Columns the database fills in; writable but optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A `date` column, kept as its yyyy-MM-dd text so no time zone can shift it. */
type DateText = ColumnType<string, string, string>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  /** Null for an account that signs in only with a passkey. */
  password_hash: string | null;
  phone: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  role: Defaulted<UserRole>;
  profile_image: string | null;
  nursery_id: number | null;
  shadow_teacher_id: number | null;
  created_at: Timestamp;
  /** The random WebAuthn user handle, set when the user first registers a passkey. */
  webauthn_handle: ColumnType<string | null, string | null | undefined, string | null>;
  /** The one family this adult belongs to; null for staff and teachers. Set together with family_role. */
  family_id: number | null;
  family_role: FamilyRole | null;
}

export type { FamilyRole };

export interface FamiliesTable {
  id: Generated<number>;
  name: string;
  created_at: Timestamp;
  /** When a scheduled erasure happens; null when none is scheduled. Set together with erase_posts. */
  erase_after: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** What erasure does with the adults' community posts and comments. */
  erase_posts: ColumnType<'delete' | 'anonymise' | null, 'delete' | 'anonymise' | null | undefined, 'delete' | 'anonymise' | null>;
}

export interface FamilyExportsTable {
  id: Generated<number>;
  family_id: number;
  requested_by: number | null;
  status: Defaulted<'queued' | 'running' | 'ready' | 'failed'>;
  progress: Defaulted<number>;
  /** While running: until when the worker that claimed it holds it. */
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  object_key: string | null;
  /** int8: a string from pg, a number from PGlite; read it with Number(). */
  byte_size: ColumnType<string | number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface FamilyInvitationsTable {
  id: Generated<number>;
  family_id: number;
  token_hash: string;
  family_role: FamilyRole;
  /** Where the link was sent, when it was sent by email. */
  email: string | null;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date, Date>;
  accepted_by: number | null;
  accepted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type UserRole = 'parent' | 'staff' | 'teacher' | 'admin';

export interface SessionsTable {
  /** Names a session to its owner; the token hash never leaves the server. */
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date, Date>;
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  ip: ColumnType<string | null, string | null | undefined, string | null>;
  /** Written at most once a minute per session. */
  last_active_at: ColumnType<Date, Date | undefined, Date>;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** The guardian who made the link for a member of their family; null when asked for by email. */
  created_by: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date, Date>;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  token_prefix: string;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  scopes: ColumnType<string[], string[] | undefined, string[]>;
  /** After this instant the token signs no one in; null: until revoked. */
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_used_ip: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface NurseriesTable {
  id: Generated<number>;
  name: string;
  image: string | null;
  rating: number | null;
  location: string;
  latitude: number;
  longitude: number;
  age_min: number;
  age_max: number;
  age_groups: string[];
  facilities: string[];
  special_needs_support: boolean;
  search: ColumnType<string, never, never>;
  created_at: Timestamp;
}

export interface ClassroomsTable {
  id: Generated<number>;
  nursery_id: number;
  name: string;
}

export interface CamerasTable {
  id: string;
  classroom_id: number;
  name: string;
  /** An RTSP address, or a local file for demos; null: no video, the placeholder shows. */
  stream_source: ColumnType<string | null, string | null | undefined, string | null>;
  enabled: Defaulted<boolean>;
  /** Set while staff have the camera in privacy mode. */
  paused_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface NurseryOpeningHoursTable {
  nursery_id: number;
  /** ISO weekday: 1 is Monday, 7 Sunday. */
  weekday: number;
  /** Minutes after local midnight; closes_at 1440 is midnight at the end of the day. */
  opens_at: number;
  closes_at: number;
}

export interface CameraViewingSessionsTable {
  id: Generated<number>;
  user_id: number;
  camera_id: string;
  started_at: Timestamp;
  last_seen_at: Timestamp;
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ChildrenTable {
  id: Generated<number>;
  family_id: number;
  classroom_id: number | null;
  name: string;
  date_of_birth: DateText;
  profile_image: string | null;
  status: Defaulted<string>;
  current_activity: string | null;
  last_update: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  special_needs: Defaulted<boolean>;
  special_needs_details: string | null;
  /** False once the family opts the child out of photos: staff cannot tag them. */
  photos_allowed: Defaulted<boolean>;
  /** she, he or they; null when the family gave none. */
  pronouns: Defaulted<ChildPronouns | null>;
  created_at: Timestamp;
}

export interface ActivitiesTable {
  id: Generated<number>;
  classroom_id: number;
  camera_id: string | null;
  type: string;
  description: string;
  occurred_at: Timestamp;
  created_by: number | null;
  created_at: Timestamp;
}

export interface ActivityChildrenTable {
  activity_id: number;
  child_id: number;
}

/** An uploaded image attached to an activity, shown in that order (1 to 4). */
export interface ActivityPhotosTable {
  image_id: string;
  activity_id: number;
  position: number;
}

/** The children tagged in an activity's photos: their families (and the nursery's staff) may see them. */
export interface ActivityPhotoTagsTable {
  activity_id: number;
  child_id: number;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string;
  image: string | null;
  price: number;
  original_price: number | null;
  badge_type: string | null;
  badge_text: string | null;
  created_at: Timestamp;
}

export interface AvailabilityEntry {
  days: string[];
  timeSlots: string[];
}

export interface ShadowTeachersTable {
  id: Generated<number>;
  name: string;
  profile_image: string | null;
  location: string;
  specialization: string[];
  bio: string;
  experience: number;
  hourly_rate: number;
  rating: number;
  availability: ColumnType<AvailabilityEntry[], string, string>;
  created_at: Timestamp;
}

export interface ShadowBookingsTable {
  id: Generated<number>;
  /** Null once the family was erased: the booking stays as the teacher's anonymised record. */
  family_id: number | null;
  /** Who made the booking; null once their account is gone. */
  parent_id: number | null;
  teacher_id: number | null;
  child_id: number | null;
  session_type: 'nursery' | 'home' | 'rehabilitation';
  nursery_id: number | null;
  location: string | null;
  start_date: DateText;
  end_date: DateText;
  start_time: string;
  end_time: string;
  status: Defaulted<'pending' | 'confirmed' | 'cancelled'>;
  notes: Defaulted<string>;
  total_price: number;
  payment_status: Defaulted<'unpaid' | 'paid'>;
  created_at: Timestamp;
  /** Set exactly when status is 'cancelled': by the parent, declined by the teacher, or expired unconfirmed. */
  cancel_reason: Defaulted<'parent' | 'declined' | 'expired' | null>;
  /** Generated tsrange of the session; the no-overlap constraints use it. */
  during: ColumnType<string, never, never>;
}

export interface BookingEventsTable {
  id: Generated<number>;
  booking_id: number;
  /** Null for the system (expiry), or once the user is deleted. */
  actor_id: number | null;
  actor_role: 'parent' | 'teacher' | 'system';
  /** Null for the booking's creation. */
  from_status: 'pending' | 'confirmed' | 'cancelled' | null;
  to_status: 'pending' | 'confirmed' | 'cancelled';
  occurred_at: Timestamp;
}

export interface ArticlesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  category: string;
  tags: string[];
  age_min_months: number;
  age_max_months: number;
  author: string;
  published_on: DateText;
  /** Markdown. */
  body: string;
  search: ColumnType<string, never, never>;
  updated_at: Timestamp;
}

export interface ArticleSynonymsTable {
  term: string;
  expansion: string;
}

export interface ArticleVocabularyTable {
  word: string;
  occurrences: number;
}

/**
 * An uploaded image. Its bytes live in the image store under `key` (the thumbnail under
 * `thumbnail_key`); a row from before the store keeps `bytes` instead until start-up moves it.
 */
export interface ImagesTable {
  id: string;
  owner_id: number;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  /** Of the stored image (not the thumbnail). */
  byte_size: number;
  bytes: Uint8Array | null;
  key: string | null;
  thumbnail_key: string | null;
  width: number | null;
  height: number | null;
  created_at: Timestamp;
}

/** One row per upload in the last day, counted by the daily upload quota. */
export interface ImageUploadsTable {
  id: Generated<number>;
  user_id: number;
  uploaded_at: Timestamp;
}

export interface SupportGroupsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  image: string | null;
  tags: string[];
  created_at: Timestamp;
}

export interface GroupMembershipsTable {
  group_id: number;
  user_id: number;
  joined_at: Timestamp;
}

export interface PostsTable {
  id: Generated<number>;
  /** Null once anonymised: its author's family was erased and chose to keep their posts. */
  author_id: number | null;
  group_id: number | null;
  title: string;
  content: string;
  tags: string[];
  image_id: string | null;
  created_at: Timestamp;
}

export interface CommentsTable {
  id: Generated<number>;
  post_id: number;
  /** Null once anonymised, as for posts. */
  author_id: number | null;
  content: string;
  created_at: Timestamp;
}

export interface PostLikesTable {
  post_id: number;
  user_id: number;
  created_at: Timestamp;
}

export interface PostReportsTable {
  id: Generated<number>;
  post_id: number;
  reporter_id: number;
  reason: string;
  created_at: Timestamp;
}

export interface MentalHealthServicesTable {
  id: string;
  title: string;
  description: string;
  position: number;
}

export interface MentalHealthServiceOptionsTable {
  service_id: string;
  id: string;
  name: string;
  /** Cents. */
  price: number;
  position: number;
}

export interface SpecialistsTable {
  id: string;
  name: string;
  specialty: string;
  qualifications: string;
  experience: string;
  languages: string[];
  bio: string;
  image: string | null;
  position: number;
}

export interface SpecialistSessionTypesTable {
  id: string;
  name: string;
  minutes: number;
  /** Cents. */
  price: number;
  position: number;
}

export interface MentalHealthTimeWindowsTable {
  id: string;
  label: string;
  position: number;
}

export interface MentalHealthArticlesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  category: string;
  author: string;
  published_on: DateText;
  excerpt: string;
  position: number;
}

export interface MentalHealthBookingsTable {
  id: Generated<number>;
  /** Null once the family was erased: the booking stays as the teacher's anonymised record. */
  family_id: number | null;
  /** Who made the booking; null once their account is gone. */
  parent_id: number | null;
  child_id: number | null;
  service_id: string | null;
  option_id: string | null;
  specialist_id: string | null;
  session_type_id: string | null;
  session_date: DateText;
  time_window: string;
  notes: Defaulted<string>;
  /** Cents, copied from the catalogue. */
  price: number;
  status: Defaulted<'pending' | 'confirmed' | 'cancelled'>;
  created_at: Timestamp;
}

/** Rate-limit counters shared by every instance; see lib/rate-limit-store. */
export interface RateLimitsTable {
  /** A hash of what is counted, such as an address or an email and address pair. */
  key: string;
  hits: number;
  window_ends_at: Timestamp;
  not_before: Timestamp;
  last_refused: Defaulted<boolean>;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** A hash of the request's method, path and body. */
  fingerprint: string;
  created_at: Timestamp;
  /** When the request holding an unfinished key began. */
  started_at: Timestamp;
  /** The answer to replay; null while the first request is in flight. */
  response_status: number | null;
  response_headers: ColumnType<Record<string, string> | null, string | null, string | null>;
  response_body: string | null;
}

export interface CalendarSubscriptionsTable {
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** Base64url, as WebAuthn names it. */
  credential_id: string;
  public_key: Uint8Array;
  /** int8: a string from pg, a number from PGlite; read it with Number(). */
  counter: ColumnType<string | number, number | undefined, number>;
  transports: Defaulted<string[]>;
  name: string;
  created_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface WebauthnChallengesTable {
  challenge: string;
  purpose: 'register' | 'sign-in' | 'confirm';
  user_id: number | null;
  expires_at: ColumnType<Date, Date, Date>;
}

export interface TwoStepTable {
  user_id: number;
  secret: string;
  /** Null while enrolment waits for its first code. */
  enabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The last TOTP time step accepted: a code of that step or an earlier one is refused. int8. */
  last_used_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

export interface TwoStepRecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface PendingSignInsTable {
  token_hash: string;
  user_id: number;
  expires_at: ColumnType<Date, Date, Date>;
}

export interface OutboxEventsTable {
  /** Handed out in commit order (see db/outbox.ts). */
  id: Generated<number>;
  type: EventType;
  family_id: number | null;
  nursery_id: number | null;
  payload: ColumnType<Record<string, unknown>, string, string>;
  occurred_at: Timestamp;
}

export interface WebhookEndpointsTable {
  id: Generated<number>;
  /** The owner: a family (registered by a guardian) or a nursery (by its staff), exactly one of the two. */
  family_id: ColumnType<number | null, number | null | undefined, number | null>;
  nursery_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: number | null;
  url: string;
  description: Defaulted<string>;
  event_types: EventType[];
  /** `whsec_` and base64: it signs every delivery, so it is kept as given. */
  secret: string;
  created_at: Timestamp;
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  disabled_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: number;
  status: Defaulted<'pending' | 'delivered' | 'failed'>;
  /** Attempts started; a claimed attempt counts before it is made. */
  attempts: Defaulted<number>;
  next_attempt_at: Timestamp;
  last_attempt_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  last_status_code: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  last_duration_ms: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  /** When its owner last resent it; its retries count from then. */
  resent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type NotificationCategory = 'activity' | 'booking' | 'community' | 'message' | 'report';
export type NotificationPushState = 'pending' | 'sent' | 'skipped' | 'none';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  family_id: number;
  category: NotificationCategory;
  title: string;
  body: string;
  /** A path in the app, such as /monitoring. */
  link: string;
  created_at: Timestamp;
  read_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** False for a row kept only for its push (in-app off for its category): never listed or counted. */
  in_app: Defaulted<boolean>;
  push_state: NotificationPushState;
  /** What caused it (an outbox event, a comment…); unique per user, so a cause is stored once. */
  source: string;
}

export interface NotificationPreferencesTable {
  user_id: number;
  activity_in_app: Defaulted<boolean>;
  activity_push: Defaulted<boolean>;
  booking_in_app: Defaulted<boolean>;
  booking_push: Defaulted<boolean>;
  community_in_app: Defaulted<boolean>;
  community_push: Defaulted<boolean>;
  message_in_app: Defaulted<boolean>;
  message_push: Defaulted<boolean>;
  report_in_app: Defaulted<boolean>;
  report_push: Defaulted<boolean>;
  muted_activity_types: Defaulted<string[]>;
  /** Local 'HH:MM' in the service's time zone; both or neither. */
  quiet_start: ColumnType<string | null, string | null | undefined, string | null>;
  quiet_end: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

export interface OutboxConsumersTable {
  name: string;
  /** The last outbox event this consumer has handled. */
  last_event_id: number;
}

export type MessageSide = 'family' | 'staff';

/** One per family and classroom: where the family and the classroom's staff write to each other. */
export interface ConversationsTable {
  id: Generated<number>;
  family_id: number;
  classroom_id: number;
  created_at: Timestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  /** Null once the author's account is gone; the message stays the family's. */
  author_id: number | null;
  side: MessageSide;
  body: string;
  photo_id: string | null;
  /** Chosen by the sending client; unique in the conversation, so a retried send is stored once. */
  client_id: string;
  created_at: Timestamp;
}

/** How far one person has read a conversation. */
export interface ConversationReadsTable {
  conversation_id: number;
  user_id: number;
  side: MessageSide;
  last_read_message_id: number;
  read_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The browser session that saved it (sessions.token_hash): it is deleted when that session ends. */
  session_hash: string;
  /** The push service's address for one browser on one device; unique, it moves to whoever saves it last. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which encrypt every payload (RFC 8291). */
  p256dh: string;
  auth: string;
  /** Read from the user agent when saved, such as 'Chrome on Android'. */
  device_label: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Keys the server made for itself, shared by every instance on the database (the VAPID pair). */
export interface ServerSecretsTable {
  name: string;
  value: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  conversation_reads: ConversationReadsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  api_tokens: ApiTokensTable;
  nurseries: NurseriesTable;
  classrooms: ClassroomsTable;
  cameras: CamerasTable;
  children: ChildrenTable;
  activities: ActivitiesTable;
  activity_children: ActivityChildrenTable;
  products: ProductsTable;
  shadow_teachers: ShadowTeachersTable;
  shadow_bookings: ShadowBookingsTable;
  booking_events: BookingEventsTable;
  articles: ArticlesTable;
  article_synonyms: ArticleSynonymsTable;
  article_vocabulary: ArticleVocabularyTable;
  images: ImagesTable;
  image_uploads: ImageUploadsTable;
  support_groups: SupportGroupsTable;
  group_memberships: GroupMembershipsTable;
  posts: PostsTable;
  comments: CommentsTable;
  post_likes: PostLikesTable;
  post_reports: PostReportsTable;
  mental_health_services: MentalHealthServicesTable;
  mental_health_service_options: MentalHealthServiceOptionsTable;
  specialists: SpecialistsTable;
  specialist_session_types: SpecialistSessionTypesTable;
  mental_health_time_windows: MentalHealthTimeWindowsTable;
  mental_health_articles: MentalHealthArticlesTable;
  mental_health_bookings: MentalHealthBookingsTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
  calendar_subscriptions: CalendarSubscriptionsTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  two_step: TwoStepTable;
  two_step_recovery_codes: TwoStepRecoveryCodesTable;
  pending_sign_ins: PendingSignInsTable;
  families: FamiliesTable;
  family_invitations: FamilyInvitationsTable;
  family_exports: FamilyExportsTable;
  outbox_events: OutboxEventsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  server_secrets: ServerSecretsTable;
  nursery_opening_hours: NurseryOpeningHoursTable;
  camera_viewing_sessions: CameraViewingSessionsTable;
  notification_preferences: NotificationPreferencesTable;
  outbox_consumers: OutboxConsumersTable;
  activity_photos: ActivityPhotosTable;
  activity_photo_tags: ActivityPhotoTagsTable;
}

/** What repositories take first: the database or an open transaction. */
export type Db = Kysely<Database> | Transaction<Database>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
