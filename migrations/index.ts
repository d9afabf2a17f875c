import type { Migration } from 'kysely/migration';
import * as createCoreTables from './0001_create_core_tables';
import * as addBookingRules from './0002_add_booking_rules';
import * as createKnowledgeBase from './0003_create_knowledge_base';
import * as createCommunityAndMentalHealth from './0004_create_community_and_mental_health';
import * as createRateLimits from './0005_create_rate_limits';
import * as moveImagesToStore from './0006_move_images_to_store';
import * as addActivityChildren from './0007_add_activity_children';
import * as addBookingCancelReason from './0008_add_booking_cancel_reason';
import * as createIdempotencyKeys from './0009_create_idempotency_keys';
import * as createCalendarSubscriptions from './0010_create_calendar_subscriptions';
import * as addSessionDetailsAndPasswordResets from './0013_add_session_details_and_password_resets';
import * as addApiTokenScopes from './0014_add_api_token_scopes';
import * as createPasskeysAndTwoStep from './0015_create_passkeys_and_two_step';
import * as createFamilies from './0016_create_families';
import * as createOutboxAndWebhooks from './0017_create_outbox_and_webhooks';
import * as addFamilyErasure from './0018_add_family_erasure';
import * as createFamilyExports from './0019_create_family_exports';
import * as addNurseryWebhooks from './0020_add_nursery_webhooks';
import * as createNotifications from './0021_create_notifications';
import * as createPushSubscriptions from './0022_create_push_subscriptions';
import * as createMessages from './0023_create_messages';
import * as addActivityPhotos from './0024_add_activity_photos';
import * as createCameraAccess from './0025_create_camera_access';
import * as addChildPronouns from './0026_add_child_pronouns';

/**
 * Every migration, in order. A static list because Kysely's FileMigrationProvider imports
 * .ts files at run time, which fails under Vitest on Node 20.
 */
export const migrations: Record<string, Migration> = {
  '0001_create_core_tables': createCoreTables,
  '0002_add_booking_rules': addBookingRules,
  '0003_create_knowledge_base': createKnowledgeBase,
  '0004_create_community_and_mental_health': createCommunityAndMentalHealth,
  '0005_create_rate_limits': createRateLimits,
  '0006_move_images_to_store': moveImagesToStore,
  '0007_add_activity_children': addActivityChildren,
  '0008_add_booking_cancel_reason': addBookingCancelReason,
  '0009_create_idempotency_keys': createIdempotencyKeys,
  '0010_create_calendar_subscriptions': createCalendarSubscriptions,
  '0013_add_session_details_and_password_resets': addSessionDetailsAndPasswordResets,
  '0014_add_api_token_scopes': addApiTokenScopes,
  '0015_create_passkeys_and_two_step': createPasskeysAndTwoStep,
  '0016_create_families': createFamilies,
  '0017_create_outbox_and_webhooks': createOutboxAndWebhooks,
  '0018_add_family_erasure': addFamilyErasure,
  '0019_create_family_exports': createFamilyExports,
  '0020_add_nursery_webhooks': addNurseryWebhooks,
  '0021_create_notifications': createNotifications,
  '0022_create_push_subscriptions': createPushSubscriptions,
  '0023_create_messages': createMessages,
  '0024_add_activity_photos': addActivityPhotos,
  '0025_create_camera_access': createCameraAccess,
  '0026_add_child_pronouns': addChildPronouns,
};
