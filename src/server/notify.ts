import type { Transaction } from 'kysely';
import type { NotificationCategory } from '../shared/schemas/notifications';
import type { Database } from './db/database';

/**
 * The seam through which any feature tells a family's adults something (the notifications
 * feature implements it; services.ts hands it to the features that call it).
 */

/** One thing to tell a family's adults (or one adult), as a feature asks for it inside its transaction. */
export interface NotifyItem {
  /** Every adult of this family, or one adult (who must belong to a family; anyone else is skipped). */
  to: { familyId: number } | { userId: number };
  category: NotificationCategory;
  /** Clipped to 120 characters. */
  title: string;
  /** Clipped to 500 characters. */
  body: string;
  /** A path in the app, such as /monitoring. */
  link: string;
  /**
   * What caused it, such as `message:42`: stored once per adult, so asking again for the same
   * source (a retried job, an event read twice) stores nothing new.
   */
  source: string;
  /** Nobody is told of their own doing: this adult is left out. */
  exceptUserId?: number;
  /** For category 'activity': the type, which an adult may have muted. */
  activityType?: string;
}

/** Publishes what a transaction stored (to open bells, and wakes the push worker); call it once the transaction has committed. Never rejects. */
export type AfterCommit = () => Promise<void>;

/** Stores notifications inside `trx`, as each adult's preferences allow; answers what to call after commit. */
export type Notify = (trx: Transaction<Database>, items: readonly NotifyItem[]) => Promise<AfterCommit>;
