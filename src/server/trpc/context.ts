import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { credentialOf } from '../features/auth/auth.hooks';
import type { ApiScope } from '../../shared/api-scopes';
import type { AuthenticatedUser } from '../principal';
import type { Services } from '../services';

export interface Context {
  db: Kysely<Database>;
  config: Config;
  services: Services;
  user: AuthenticatedUser | null;
  /** How the caller proved who they are; some actions need a browser session. */
  authMethod: 'session' | 'token' | null;
  /** What the API token may do; null for a browser session or no sign-in. */
  tokenScopes: readonly ApiScope[] | null;
  /** The browser session's hash, for what lives only as long as the session (a device's push subscription). */
  sessionHash: () => string | undefined;
  requestId: string;
  ip: string;
  /** Present when the call came over HTTP (absent in createCaller tests). */
  reply?: FastifyReply;
  request?: FastifyRequest;
}

/** Resolved once per request by the auth hook; both /trpc and /api read it from here. */
export function createContextFactory(deps: { db: Kysely<Database>; config: Config; services: Services }) {
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context => ({
    ...deps,
    user: req.auth?.user ?? null,
    authMethod: req.auth?.method ?? null,
    tokenScopes: req.auth?.scopes ?? null,
    sessionHash: () => {
      const credential = credentialOf(req);
      return credential?.method === 'session' ? credential.hash : undefined;
    },
    requestId: req.id,
    ip: req.ip,
    reply: res,
    request: req,
  });
}
