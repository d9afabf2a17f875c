import type { Kysely } from 'kysely';
import { CALENDAR_SUBSCRIPTION_FEED_PREFIX, type CalendarSubscriptionDto, type CreatedCalendarSubscriptionDto } from '../../../shared/schemas/calendar-subscription';
import type { Database } from '../../db/database';
import { hashSecret, newSecret } from '../../lib/tokens';
import * as repo from './calendar-subscription.repository';
import type { BookingsService } from './shadow-bookings.service';

/** Marks the secret as a Nestling calendar address, so a leaked one is recognised (as nst_ marks API tokens). */
const TOKEN_PREFIX = 'ncal_';
const FEED_SUFFIX = '.ics';

/**
 * Each user's secret calendar address: calendar apps cannot send a cookie or a token, so the
 * address is the credential, 256 random bits kept only as a hash. It shows the bookings of the
 * family of the user it was made for, whoever fetches it, while that user is one of its guardians.
 */
export function createCalendarSubscriptionService(deps: { db: Kysely<Database>; publicOrigin: string; bookings: BookingsService; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const host = new URL(deps.publicOrigin).host;

  return {
    async status(userId: number): Promise<CalendarSubscriptionDto> {
      const row = await repo.findSubscription(db, userId);
      return { active: row !== undefined, createdAt: row?.created_at.toISOString() ?? null };
    },

    /** A new address, replacing any earlier one; its token is shown this once. */
    async create(userId: number): Promise<CreatedCalendarSubscriptionDto> {
      const token = newSecret(TOKEN_PREFIX);
      const createdAt = now();
      await repo.replaceSubscription(db, userId, hashSecret(token), createdAt);
      const feedPath = `${CALENDAR_SUBSCRIPTION_FEED_PREFIX}${token}${FEED_SUFFIX}`;
      return { webcalUrl: `webcal://${host}${feedPath}`, url: `${deps.publicOrigin}${feedPath}`, createdAt: createdAt.toISOString() };
    },

    async revoke(userId: number): Promise<CalendarSubscriptionDto> {
      await repo.deleteSubscription(db, userId);
      return { active: false, createdAt: null };
    },

    /** The feed behind an address's last segment (`<token>.ics`), or undefined for one revoked or never made. */
    async calendarFor(fileName: string): Promise<string | undefined> {
      if (!fileName.startsWith(TOKEN_PREFIX) || !fileName.endsWith(FEED_SUFFIX)) return undefined;
      const familyId = await repo.familyOfSubscription(db, hashSecret(fileName.slice(0, -FEED_SUFFIX.length)));
      return familyId === undefined ? undefined : deps.bookings.calendarFor({ familyId });
    },
  };
}

export type CalendarSubscriptionService = ReturnType<typeof createCalendarSubscriptionService>;
