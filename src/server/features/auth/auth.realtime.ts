import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { SocketAuthenticator } from '../../realtime/ws-route';
import { RAW_ROUTE_SCOPES, requireScopeOfToken } from '../../trpc/token-scopes';
import { credentialOf } from './auth.hooks';
import type { SocketUser } from '../../principal';
import type { AuthService, Credential } from './auth.service';

/** A credential as realtime keeps it: opaque to it, `<method>:<hash>` to us. */
const encode = (credential: Credential) => `${credential.method}:${credential.hash}`;
function decode(value: string): Credential {
  const [method, hash] = value.split(':') as [Credential['method'], string];
  return { method, hash };
}

/** Who may open /ws: the auth hooks have already resolved request.auth from the cookie or token. */
export function createSocketAuthenticator(auth: AuthService, config: Config): SocketAuthenticator<SocketUser> {
  return {
    authenticateSocket(request: FastifyRequest) {
      refuseForeignOrigin(request, config);
      const credential = credentialOf(request);
      if (!request.auth || !credential) return undefined;
      requireScopeOfToken(request, RAW_ROUTE_SCOPES.liveActivity);
      const { user, scopes } = request.auth;
      return { user: scopes ? { ...user, tokenScopes: scopes } : user, userKey: String(user.id), credential: encode(credential) };
    },
    async liveCredentials(credentials) {
      const decoded = credentials.map(decode);
      const live = await auth.liveCredentials(decoded);
      return new Set(decoded.filter((credential) => live.has(credential.hash)).map(encode));
    },
    onCredentialEnded: auth.onCredentialEnded,
  };
}

/**
 * Cross-site WebSocket hijacking guard: browsers send the page's Origin with every handshake,
 * and a session cookie is honoured only with ours. Integrators' tools, which send no Origin,
 * authenticate with a bearer token.
 */
function refuseForeignOrigin(request: FastifyRequest, config: Config) {
  const origin = request.headers.origin;
  if (origin === config.publicOrigin || (origin === undefined && request.auth?.method !== 'session')) return;
  throw new AppError('forbidden_origin', 'This connection came from another website, so it was refused.');
}
