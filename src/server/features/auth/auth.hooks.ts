import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_UPLOAD_PATH, IMAGE_UPLOAD_TYPE_NEEDED, isImageUploadType } from '../../../shared/community-rules';
import { ACTIVITY_PHOTO_UPLOAD_PATH } from '../../../shared/schemas/monitoring';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { hashSecret } from '../../lib/tokens';
import type { ApiScope } from '../../../shared/api-scopes';
import type { AuthenticatedUser } from '../../principal';
import type { ReservedCheck } from '../../lib/passwords';
import type { AuthService, Credential } from './auth.service';
import { SESSION_COOKIE } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** `scopes`: what the API token may do; absent for a browser session, which may do anything its user may. */
    auth?: { user: AuthenticatedUser; method: Credential['method']; scopes?: readonly ApiScope[] };
    /** A password sign-in's place in the hashing queue, held from the request's arrival (see registerAuthHooks). */
    signInPlace?: ReservedCheck;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : undefined;
}

/** Resolves the caller from the bearer token or the session cookie, once per request. */
export async function authenticate(request: FastifyRequest, auth: AuthService): Promise<void> {
  const token = bearerToken(request);
  if (token) {
    const signIn = await auth.signInOfApiToken(token, request.ip);
    if (signIn) request.auth = { user: signIn.user, method: 'token', scopes: signIn.scopes };
    return;
  }
  const session = request.cookies[SESSION_COOKIE];
  if (session) {
    const user = await auth.userForSession(session);
    if (user) request.auth = { user, method: 'session' };
  }
}

/**
 * The credential that signed this request in, by hash. Only long-lived connections need it (to
 * check later that it still works), so it is worked out on demand, not for every request.
 */
export function credentialOf(request: FastifyRequest): Credential | undefined {
  if (!request.auth) return undefined;
  const secret = request.auth.method === 'token' ? bearerToken(request) : request.cookies[SESSION_COOKIE];
  return secret ? { method: request.auth.method, hash: hashSecret(secret) } : undefined;
}

/**
 * Cross-site request forgery guard for cookie-authenticated state changes: an Origin, when
 * present, must be ours, and a POST must carry JSON, which a plain HTML form cannot send.
 * (Forms cannot send PUT, PATCH or DELETE at all, and cross-site scripts cannot send them
 * without a CORS preflight we never grant.)
 */
const RAW_IMAGE_UPLOAD_PATHS = [IMAGE_UPLOAD_PATH, ACTIVITY_PHOTO_UPLOAD_PATH];

export function csrfRejection(request: FastifyRequest, config: Config): AppError | undefined {
  if (SAFE_METHODS.has(request.method) || !request.cookies[SESSION_COOKIE] || bearerToken(request)) return undefined;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== config.publicOrigin) {
    return new AppError('forbidden_origin', 'This request came from another website, so it was refused.');
  }
  const contentType = request.headers['content-type'] ?? '';
  // The image uploads take raw image bytes; a form cannot send an image/* type either.
  if (request.method === 'POST' && RAW_IMAGE_UPLOAD_PATHS.includes(request.url.split('?')[0]!)) {
    if (!isImageUploadType(contentType)) return new AppError('unsupported_media_type', IMAGE_UPLOAD_TYPE_NEEDED);
    return undefined;
  }
  if (request.method === 'POST' && !/^application\/json\b/i.test(contentType)) {
    return new AppError('unsupported_media_type', 'Send the request body as JSON, with Content-Type: application/json.');
  }
  return undefined;
}

/** Password sign-ins, on either path. */
const SIGN_IN_URL = /^\/(api\/auth\/sign-in|trpc\/auth\.signIn)(\?|$)/;

export function registerAuthHooks(app: FastifyInstance, deps: { auth: AuthService; config: Config }) {
  app.addHook('onRequest', async (request) => {
    if (!/^\/(api|trpc|ws)(\/|\?|$)/.test(request.url)) return;
    // A sign-in holds its place in the hashing queue from the moment it arrives, and a flood is
    // turned away here, before its body is read or the API adapter runs. Checking without holding
    // let a burst that arrives in one go all through, since none had reached the queue yet, and
    // each then cost the body parsing, the adapter and validation before being refused.
    if (request.method === 'POST' && SIGN_IN_URL.test(request.url)) request.signInPlace = deps.auth.hasher.reserve();
    const rejection = csrfRejection(request, deps.config);
    if (rejection) throw rejection;
    await authenticate(request, deps.auth);
  });
  // Its turn comes before the API adapter reads the body's fields: the sign-ins a burst admits then
  // have their tRPC work (parsing, validation) spread one hashing slot at a time, like their
  // database work, not all in the burst's first turn of the event loop. After the body has
  // arrived, so a client that sends its body slowly holds a place, never a slot.
  app.addHook('preValidation', async (request) => request.signInPlace?.turn());
  // The place goes back unused if the sign-in never reached its check (bad input, a limit, a hang-up).
  const releaseSignInPlace = async (request: FastifyRequest) => request.signInPlace?.release();
  app.addHook('onResponse', releaseSignInPlace);
  app.addHook('onRequestAbort', releaseSignInPlace);
}
