import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { pageOf } from '../../db/keyset';
import { notFound } from '../../errors';
import { hashSecret } from '../../lib/tokens';
import type { PageInput } from '../../../shared/schemas/common';
import type { SessionDto } from '../../../shared/schemas/sessions';
import type { AuthService } from './auth.service';
import { describeDevice } from '../../lib/device';
import * as repo from './sessions.repository';

type SessionRow = Awaited<ReturnType<typeof repo.pageSessions>>['rows'][number];

/**
 * The places an account is signed in, as its owner sees and ends them. Every query is scoped to
 * the caller: another account's session id reads as absent. An ended session stops working at
 * once on every instance (auth.sessionsEnded broadcasts it).
 */
export function createSessionsService(deps: { db: Kysely<Database>; auth: Pick<AuthService, 'sessionsEnded'>; now?: () => Date }) {
  const { db, auth } = deps;
  const now = deps.now ?? (() => new Date());

  function toSessionDto(row: SessionRow, currentHash: string | undefined): SessionDto {
    return {
      id: row.id,
      device: describeDevice(row.user_agent),
      ip: row.ip,
      createdAt: row.created_at.toISOString(),
      lastActiveAt: row.last_active_at.toISOString(),
      current: row.token_hash === currentHash,
    };
  }

  /** Ends every session of the user but `keepSessionId` (all of them when null); returns how many were signed in. */
  async function endOtherSessions(userId: number, keepSessionId: number | null): Promise<number> {
    const ended = await repo.deleteSessionsExcept(db, userId, keepSessionId, now());
    await auth.sessionsEnded(userId);
    return ended;
  }

  /** The id of the session this cookie holds, when it is the user's; null otherwise (an API token, say). */
  async function currentSessionId(userId: number, sessionToken: string | undefined): Promise<number | null> {
    if (!sessionToken) return null;
    return (await repo.sessionIdOf(db, userId, hashSecret(sessionToken))) ?? null;
  }

  return {
    endOtherSessions,
    currentSessionId,

    /** The user's sessions, newest first, with the one `sessionToken` holds marked current. */
    async list(userId: number, sessionToken: string | undefined, page: PageInput) {
      const currentHash = sessionToken ? hashSecret(sessionToken) : undefined;
      return pageOf(await repo.pageSessions(db, userId, now(), page), (row) => toSessionDto(row, currentHash));
    },

    /** Signs out one of the user's own sessions; says whether it was the one `sessionToken` holds. */
    async end(userId: number, sessionId: number, sessionToken: string | undefined) {
      const hash = await repo.deleteUserSession(db, userId, sessionId);
      if (hash === undefined) throw notFound('That session');
      await auth.sessionsEnded(userId);
      return { ended: true as const, wasCurrent: sessionToken !== undefined && hash === hashSecret(sessionToken) };
    },

    /** Signs out every session of the user but the one `sessionToken` holds. */
    async endOthers(userId: number, sessionToken: string | undefined) {
      return { ended: await endOtherSessions(userId, await currentSessionId(userId, sessionToken)) };
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
