import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/database';
import { createAuthService } from './features/auth/auth.service';
import { createMonitoringService } from './features/monitoring/monitoring.service';
import { createNurseriesService } from './features/nurseries/nurseries.service';

/** Every service, built once per app from the same database and config. */
export function createServices(deps: { db: Kysely<Database>; config: Config; now?: () => Date }) {
  const { db, config, now } = deps;
  return {
    auth: createAuthService({ db, sessionTtlDays: config.sessionTtlDays, now }),
    monitoring: createMonitoringService({ db, timeZone: config.timeZone, now }),
    nurseries: createNurseriesService({ db }),
  };
}

export type Services = ReturnType<typeof createServices>;
