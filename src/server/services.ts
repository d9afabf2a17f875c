import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/database';
import { createAssistantService } from './features/assistant/assistant.service';
import { createOpenAiCompatibleProvider } from './features/assistant/llm-provider';
import { createAuthService, type AuthLimits } from './features/auth/auth.service';
import { createBookingsService } from './features/shadow-bookings/shadow-bookings.service';
import { createChildrenService } from './features/children/children.service';
import { createCommunityService } from './features/community/community.service';
import { createMentalHealthService } from './features/mental-health/mental-health.service';
import { createMonitoringService } from './features/monitoring/monitoring.service';
import { createNurseriesService } from './features/nurseries/nurseries.service';
import { createPostgresImageStorage } from './lib/image-storage';
import type { EventBus } from './realtime/event-bus';

/** Every service, built once per app from the same database and config. */
export function createServices(deps: {
  db: Kysely<Database>;
  config: Config;
  now?: () => Date;
  authLimits?: AuthLimits;
  /** Where committed changes go to reach live listeners (the realtime bus). */
  publish?: EventBus['publish'];
}) {
  const { db, config, now } = deps;
  return {
    auth: createAuthService({ db, sessionTtlDays: config.sessionTtlDays, now, limits: deps.authLimits }),
    children: createChildrenService({ db, timeZone: config.timeZone, now }),
    monitoring: createMonitoringService({ db, timeZone: config.timeZone, now, publish: deps.publish }),
    nurseries: createNurseriesService({ db }),
    assistant: createAssistantService({ db, now, llm: config.assistantLlm && createOpenAiCompatibleProvider(config.assistantLlm) }),
    bookings: createBookingsService({ db, timeZone: config.timeZone, publicOrigin: config.publicOrigin, now }),
    community: createCommunityService({ db, images: createPostgresImageStorage(db), now }),
    mentalHealth: createMentalHealthService({ db, timeZone: config.timeZone, now }),
  };
}

export type Services = ReturnType<typeof createServices>;
