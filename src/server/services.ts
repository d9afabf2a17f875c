import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/database';
import { createAssistantService } from './features/assistant/assistant.service';
import { createOpenAiCompatibleProvider } from './features/assistant/llm-provider';
import { createAuthService, type AuthLimits } from './features/auth/auth.service';
import { createPasskeysService } from './features/auth/passkeys.service';
import { createPasswordService } from './features/auth/password.service';
import { createSessionsService } from './features/auth/sessions.service';
import { createTwoStepService } from './features/auth/two-step.service';
import { createCalendarSubscriptionService } from './features/shadow-bookings/calendar-subscription.service';
import { createBookingsService } from './features/shadow-bookings/shadow-bookings.service';
import { createChildrenService } from './features/children/children.service';
import { createDailyReportsService } from './features/daily-reports/daily-reports.service';
import { createFamilyExportService } from './features/family/family-export.service';
import { createFamilyService } from './features/family/family.service';
import { createCommunityService } from './features/community/community.service';
import { createMentalHealthService } from './features/mental-health/mental-health.service';
import { createEventsService } from './features/events/events.service';
import { createMessagesService } from './features/messages/messages.service';
import { createMonitoringService } from './features/monitoring/monitoring.service';
import { createCamerasService } from './features/cameras/cameras.service';
import type { CameraVideo } from './features/cameras/camera-video';
import { createNurseriesService } from './features/nurseries/nurseries.service';
import { createNotificationsService } from './features/notifications/notifications.service';
import { createPushService } from './features/push/push.service';
import { createWebhooksService } from './features/webhooks/webhooks.service';
import { createImageStore } from './lib/images/image-store';
import { createImageService } from './lib/images/images.service';
import { createSmtpMailer } from './lib/mailer';
import type { EventBus } from './realtime/event-bus';

/** Every service, built once per app from the same database and config. */
export function createServices(deps: {
  db: Kysely<Database>;
  config: Config;
  now?: () => Date;
  authLimits?: AuthLimits;
  /** Where committed changes go to reach live listeners (the realtime bus). */
  publish?: EventBus['publish'];
  subscribe?: EventBus['subscribe'];
  log?: FastifyBaseLogger;
  /** Where camera video comes from on this instance (ffmpeg, a fixed folder, or none). */
  cameraVideo?: CameraVideo;
}) {
  const { db, config, now } = deps;
  const bookings = createBookingsService({ db, timeZone: config.timeZone, publicOrigin: config.publicOrigin, limits: config.bookingLimits, now });
  // One object store for images and the zips of family exports.
  const store = createImageStore(config.imageStore);
  const images = createImageService({ db, store, dailyUploadLimit: config.uploadDailyLimit, now, log: deps.log });
  const familyExports = createFamilyExportService({ db, store, now, log: deps.log });
  const auth = createAuthService({ db, sessionTtlDays: config.sessionTtlDays, hashConcurrency: config.passwordHashConcurrency, now, limits: deps.authLimits, publish: deps.publish, subscribe: deps.subscribe });
  // Email goes through SMTP_URL's server; with none, the server sends no email.
  const mailer = config.smtp && createSmtpMailer(config.smtp);
  const passkeys = createPasskeysService({ db, auth, publicOrigin: config.publicOrigin, now });
  const notifications = createNotificationsService({ db, timeZone: config.timeZone, publish: deps.publish, now });
  return {
    auth,
    passkeys,
    twoStep: createTwoStepService({ db, auth, passkeys, now }),
    sessions: createSessionsService({ db, auth, now }),
    passwords: createPasswordService({ db, auth, publicOrigin: config.publicOrigin, mailer, now, log: deps.log }),
    children: createChildrenService({ db, timeZone: config.timeZone, now }),
    monitoring: createMonitoringService({ db, images, timeZone: config.timeZone, now }),
    dailyReports: createDailyReportsService({ db, timeZone: config.timeZone, now }),
    nurseries: createNurseriesService({ db }),
    assistant: createAssistantService({ db, now, llm: config.assistantLlm && createOpenAiCompatibleProvider(config.assistantLlm) }),
    bookings,
    calendarSubscriptions: createCalendarSubscriptionService({ db, publicOrigin: config.publicOrigin, bookings, now }),
    images,
    community: createCommunityService({ db, images, now, notify: notifications.notifyInTransaction }),
    mentalHealth: createMentalHealthService({ db, timeZone: config.timeZone, now }),
    webhooks: createWebhooksService({ db, settings: config.webhooks, now }),
    push: createPushService({ db, settings: config.push, now, log: deps.log }),
    events: createEventsService({ db }),
    family: createFamilyService({
      db,
      publicOrigin: config.publicOrigin,
      mailer,
      now,
      log: deps.log,
      membershipChanged: (userId) => auth.membershipChanged(userId),
      signOutEverywhere: (userId) => auth.signOutEverywhere(userId),
      deleteImageBytes: (rows) => images.deleteBytesOf(rows),
      deleteObjects: (keys) => familyExports.deleteObjects(keys),
    }),
    familyExports,
    messages: createMessagesService({ db, images, publish: deps.publish, notify: notifications.notifyInTransaction, now }),
    notifications,
    cameras: createCamerasService({ db, video: deps.cameraVideo ?? noCameraVideo, timeZone: config.timeZone, publish: deps.publish, now }),
  };
}

const noCameraVideo: CameraVideo = { available: () => false, folderFor: async () => undefined, close: async () => {} };

export type Services = ReturnType<typeof createServices>;
