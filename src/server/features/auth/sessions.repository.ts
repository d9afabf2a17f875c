import type { PageInput } from '../../../shared/schemas/common';
import type { Db } from '../../db/database';
import { newestFirst, readPage } from '../../db/keyset';

const sessionColumns = ['id', 'token_hash', 'user_agent', 'ip', 'created_at', 'last_active_at'] as const;

const NEWEST_SESSIONS_FIRST = newestFirst('sessions', 'created_at', 'id');

/** A page of the user's own sessions that still sign in, newest first. */
export function pageSessions(db: Db, userId: number, now: Date, page: PageInput) {
  const query = db.selectFrom('sessions').select(sessionColumns).where('user_id', '=', userId).where('expires_at', '>', now);
  return readPage(query, NEWEST_SESSIONS_FIRST, page);
}

/** The id of the session with this token hash, if it is this user's. */
export async function sessionIdOf(db: Db, userId: number, tokenHash: string): Promise<number | undefined> {
  const row = await db.selectFrom('sessions').select('id').where('token_hash', '=', tokenHash).where('user_id', '=', userId).executeTakeFirst();
  return row?.id;
}

/** Deletes one of the user's own sessions; returns its token hash, or undefined when it is not theirs. */
export async function deleteUserSession(db: Db, userId: number, sessionId: number): Promise<string | undefined> {
  const row = await db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId).returning('token_hash').executeTakeFirst();
  return row?.token_hash;
}

/** Deletes every session of the user but the one kept (none when null); returns how many still signed in. */
export async function deleteSessionsExcept(db: Db, userId: number, keepSessionId: number | null, now: Date): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  const rows = await query.returning('expires_at').execute();
  return rows.filter((row) => row.expires_at > now).length;
}
