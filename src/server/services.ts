import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/database';
import { createAuthService, type AuthLimits } from './features/auth/auth.service';
import { createBookingsService } from './features/bookings/bookings.service';
import { createMonitoringService } from './features/monitoring/monitoring.service';
import { createNurseriesService } from './features/nurseries/nurseries.service';
import type { ActivityEvent } from './realtime/activity-bus';

/** Every service, built once per app from the same database and config. */
export function createServices(deps: {
  db: Kysely<Database>;
  config: Config;
  now?: () => Date;
  authLimits?: AuthLimits;
  /** Where committed activities go to reach live channels (the realtime bus). */
  publishActivity?: (event: ActivityEvent) => Promise<void>;
}) {
  const { db, config, now } = deps;
  return {
    auth: createAuthService({ db, sessionTtlDays: config.sessionTtlDays, now, limits: deps.authLimits }),
    monitoring: createMonitoringService({ db, timeZone: config.timeZone, now, publish: deps.publishActivity }),
    nurseries: createNurseriesService({ db }),
    bookings: createBookingsService({ db, timeZone: config.timeZone, publicOrigin: config.publicOrigin, now }),
  };
}

export type Services = ReturnType<typeof createServices>;
