import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { pageOf } from '../../db/keyset';
import { AppError, badInput, notFound } from '../../errors';
import { passwordWeakness } from '../../lib/password-strength';
import { PasswordHasher, type ReservedCheck } from '../../lib/passwords';
import { createRateLimitStore, type RateLimitRule } from '../../lib/rate-limit-store';
import { hashSecret, newSecret } from '../../lib/tokens';
import type { ApiTokenDto, CreateApiTokenInput, UpdateProfileInput, UserDto, signInInput, signUpInput } from '../../../shared/schemas/auth';
import { apiScopeNames, DEFAULT_API_SCOPES, type ApiScope } from '../../../shared/api-scopes';
import type { PageInput } from '../../../shared/schemas/common';
import type { AuthenticatedUser } from '../../principal';
import type { EventBus } from '../../realtime/event-bus';
import * as repo from './auth.repository';
import { insertPendingSignIn, isTwoStepOn } from './two-step.repository';
import { createSessionCache } from './session-cache';

export const API_TOKEN_PREFIX = 'nst_';

type UserRow = Awaited<ReturnType<typeof repo.insertParent>>;

function toAuthenticatedUser(row: UserRow): AuthenticatedUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    city: row.city,
    role: row.role,
    profileImage: row.profile_image,
    latitude: row.latitude,
    longitude: row.longitude,
    nurseryId: row.nursery_id,
    shadowTeacherId: row.shadow_teacher_id,
    familyId: row.family_id,
    familyRole: row.family_role,
    createdAt: row.created_at,
  };
}

/** How a caller signed in, and the hash of the secret they used (never the secret itself). */
export interface Credential {
  method: 'session' | 'token';
  hash: string;
}

export function toUserDto(user: AuthenticatedUser): UserDto {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    city: user.city,
    role: user.role,
    profileImage: user.profileImage,
    familyRole: user.familyRole,
    createdAt: user.createdAt.toISOString(),
  };
}

function toApiTokenDto(row: repo.ApiTokenRow): ApiTokenDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.token_prefix,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    lastUsedIp: row.last_used_ip,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    scopes: knownScopes(row.scopes),
    expiresAt: row.expires_at?.toISOString() ?? null,
  };
}

/** A token's scopes that this version knows, in the order API_SCOPES lists them. */
function knownScopes(scopes: readonly string[]): ApiScope[] {
  return apiScopeNames.filter((scope) => scopes.includes(scope));
}

/** Who an API token signs in (cached under the user's id, so a change to the user forgets it) and what it may do. */
export interface TokenSignIn {
  id: number;
  user: AuthenticatedUser;
  scopes: ApiScope[];
}

const SIGN_IN_FAILED = 'That email and password do not match an account. Please check them and try again.';
// Writing last_used_at on every call would turn each read into a write; once a minute is enough.
// The same goes for a session's last_active_at.
const TOKEN_TOUCH_INTERVAL_MS = 60_000;
// What a session keeps of the browser that started it: enough to name the device.
const USER_AGENT_MAX_LENGTH = 512;
// Long enough to absorb a burst on one sign-in; a revocation reaches every instance at once anyway.
const SESSION_CACHE_TTL_MS = 5_000;
const SESSION_CACHE_ENTRIES = 10_000;
/** Broadcast to every instance when a user's sign-ins or profile change, so each forgets what it cached. */
export const USER_CHANGED_TOPIC = 'auth:user-changed';
type UserChange = 'credential-ended' | 'profile';

/** How hard sign-in may be tried; every count runs over one 15-minute window, and a limit left out keeps its default. */
export interface AuthLimits {
  /** Sign-in and sign-up attempts from one IP address. */
  perIp?: number;
  /** Sign-in attempts at one email from one IP address; the next is refused until the window ends. */
  perEmailAndIp?: number;
  /**
   * Sign-in attempts at one email from anywhere before each further one waits 1 s, 2 s, 4 s...
   * A wait, not a block: guesses from many addresses slow down, and the owner still gets in.
   */
  perEmailBeforeDelay?: number;
  maxDelaySeconds?: number;
}
export const defaultAuthLimits: Required<AuthLimits> = { perIp: 100, perEmailAndIp: 10, perEmailBeforeDelay: 10, maxDelaySeconds: 30 };
const LIMIT_WINDOW_SECONDS = 15 * 60;
const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts.';
/** How long the code step of a two-step sign-in waits after the password step. */
export const PENDING_SIGN_IN_TTL_MS = 10 * 60 * 1000;

/** A secret handed to the browser in a cookie, and until when it works. */
type IssuedSecret = { token: string; expiresAt: Date };
/** A password sign-in starts a session, or, with two-step sign-in on, a pending sign-in that waits for a code. */
export type SignInResult = { user: AuthenticatedUser; session: IssuedSecret } | { user: AuthenticatedUser; pending: IssuedSecret };

/** Where a sign-in or sign-up comes from: the address, the browser's User-Agent, and the session cookie it sent, if any. */
export interface AuthRequest {
  ip: string;
  userAgent?: string;
  sessionToken?: string;
  /** The sign-in's place in the hashing queue, when it was taken on arrival (auth.hooks). */
  place?: ReservedCheck;
}

export function createAuthService(deps: {
  db: Kysely<Database>;
  sessionTtlDays: number;
  /** How many password hashes may run at once; defaults to what the machine can spare. */
  hashConcurrency?: number;
  now?: () => Date;
  limits?: AuthLimits;
  /** The realtime bus, which carries changes to other instances' caches. */
  publish?: EventBus['publish'];
  subscribe?: EventBus['subscribe'];
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const limits = { ...defaultAuthLimits, ...deps.limits };
  const hasher = new PasswordHasher(deps.hashConcurrency);
  const rateLimits = createRateLimitStore({ db, now });
  const rules = {
    ip: { policy: 'auth-per-address', limit: limits.perIp, windowSeconds: LIMIT_WINDOW_SECONDS },
    emailAndIp: { policy: 'sign-in-per-email-and-address', limit: limits.perEmailAndIp, windowSeconds: LIMIT_WINDOW_SECONDS },
    email: { windowSeconds: LIMIT_WINDOW_SECONDS, slowDown: { afterHits: limits.perEmailBeforeDelay, maxDelaySeconds: limits.maxDelaySeconds } },
  } satisfies Record<string, RateLimitRule>;
  const keys = (email: string, ip: string) => ({
    ip: `auth:ip:${ip}`,
    emailAndIp: `sign-in:email-ip:${JSON.stringify([email, ip])}`,
    email: `sign-in:email:${email}`,
  });

  // Told when a sign-in stops working on any instance (sign-out, revoked token), so that open
  // /ws connections can be closed at once rather than at their next periodic check.
  const credentialEndedListeners = new Set<() => void>();
  const credentialEnded = () => credentialEndedListeners.forEach((listener) => listener());

  const sessionCache = createSessionCache<AuthenticatedUser>({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: SESSION_CACHE_ENTRIES, now });
  const tokenCache = createSessionCache<TokenSignIn>({ ttlMs: SESSION_CACHE_TTL_MS, maxEntries: SESSION_CACHE_ENTRIES, now });
  function forget(userId: number, change: UserChange) {
    sessionCache.forgetUser(userId);
    tokenCache.forgetUser(userId);
    if (change === 'credential-ended') credentialEnded();
  }
  /** Acts on this instance before the caller answers, then tells the others. */
  async function userChanged(userId: number, change: UserChange) {
    forget(userId, change);
    await deps.publish?.({ topic: USER_CHANGED_TOPIC, data: { userId, change } }, { handledHere: true });
  }
  deps.subscribe?.((event, local) => {
    const { userId, change } = event.data;
    if (event.topic !== USER_CHANGED_TOPIC || local !== undefined || typeof userId !== 'number') return;
    forget(userId, change === 'profile' ? 'profile' : 'credential-ended');
  });

  /**
   * Starts a session, ending the one the browser presented (whoever's it was): its cookie is
   * about to be overwritten, and a session left behind is one more that could be stolen.
   * A guardian signing in cancels their family's scheduled erasure.
   */
  async function startSession(userId: number, from: AuthRequest) {
    const token = newSecret();
    const at = now();
    const expiresAt = new Date(at.getTime() + deps.sessionTtlDays * 86_400_000);
    const replacing = from.sessionToken;
    const replaced = await db.transaction().execute(async (trx) => {
      await repo.deleteExpiredSessions(trx, userId, at);
      const device = { userAgent: from.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null, ip: from.ip || null };
      await repo.insertSession(trx, { tokenHash: hashSecret(token), userId, expiresAt, ...device, now: at });
      await repo.cancelErasureByGuardian(trx, userId);
      return replacing === undefined ? undefined : repo.deleteSession(trx, hashSecret(replacing));
    });
    if (replaced !== undefined) await userChanged(replaced, 'credential-ended');
    return { token, expiresAt };
  }

  /** The password step of a two-step sign-in: a secret that lets its holder try codes for a while. */
  async function startPendingSignIn(userId: number) {
    const token = newSecret();
    const at = now();
    const expiresAt = new Date(at.getTime() + PENDING_SIGN_IN_TTL_MS);
    await insertPendingSignIn(db, { tokenHash: hashSecret(token), userId, expiresAt, now: at });
    return { token, expiresAt };
  }

  return {
    async signUp(input: z.output<typeof signUpInput>, from: AuthRequest) {
      hasher.refuseIfFull();
      await rateLimits.throttle(keys(input.email, from.ip).ip, rules.ip, TOO_MANY_ATTEMPTS);
      const weakness = await passwordWeakness(input.password, input);
      if (weakness) throw badInput('password', weakness);
      if (await repo.findUserByEmail(db, input.email)) {
        throw new AppError('email_taken', 'An account with this email already exists. Try signing in instead.', { field: 'email' });
      }
      const passwordHash = await hasher.hash(input.password);
      const row = await repo
        .insertParent(db, { name: input.name, email: input.email, password_hash: passwordHash })
        .catch((error: unknown) => {
          // Two sign-ups racing for one email: the unique index decides.
          if ((error as { code?: string }).code === '23505') {
            throw new AppError('email_taken', 'An account with this email already exists. Try signing in instead.', { field: 'email' });
          }
          throw error;
        });
      const user = toAuthenticatedUser(row);
      return { user, session: await startSession(user.id, from) };
    },

    async signIn(input: z.output<typeof signInInput>, from: AuthRequest): Promise<SignInResult> {
      // A place in the hashing queue is held before anything else (on arrival, over HTTP), so a
      // flood costs no database work either: only as many sign-ins as can be checked get past this line.
      const place = from.place ?? hasher.reserve();
      try {
        // The database work waits for a hashing slot too: the sign-ins a burst admits then query
        // one after another, between others' requests, instead of all in the burst.
        await place.turn();
        const key = keys(input.email, from.ip);
        // Every limit is checked before any hashing, the decoy's included: a refused attempt costs no scrypt.
        // One statement, in this order: an attempt the address limit refuses is not counted against
        // the email, nor one the (email, address) pair refuses against the email's slow-down.
        const limitsInOrder = [
          { key: key.ip, rule: rules.ip },
          { key: key.emailAndIp, rule: rules.emailAndIp },
          { key: key.email, rule: rules.email },
        ];
        await rateLimits.throttleInOrder(limitsInOrder, TOO_MANY_ATTEMPTS);
        const row = await repo.findUserByEmail(db, input.email);
        // No such account: a decoy takes the time and the queue place of a check, and none of the CPU.
        const valid = await (row?.password_hash ? place.verify(input.password, row.password_hash) : place.decoy());
        if (!row || !valid) throw new AppError('invalid_credentials', SIGN_IN_FAILED);
        // The owner's own attempt is not a failure: the email's count takes it back, and this address starts afresh.
        await Promise.all([rateLimits.refund(key.email), rateLimits.reset(key.emailAndIp)]);
        const user = toAuthenticatedUser(row);
        // With two-step sign-in on, the password only earns the code step (two-step.service).
        if (await isTwoStepOn(db, user.id)) return { user, pending: await startPendingSignIn(user.id) };
        return { user, session: await startSession(user.id, from) };
      } finally {
        // The place goes back unused when a limit refused the attempt or the lookup failed.
        place.release();
      }
    },

    /** Counts one sign-in attempt from this address (a passkey ceremony), under the same limit as password sign-ins. */
    throttleAddress(ip: string) {
      return rateLimits.throttle(keys('', ip).ip, rules.ip, TOO_MANY_ATTEMPTS);
    },

    /**
     * Signs in a user whose proof was checked elsewhere (a passkey, a two-step code): the user as
     * the sign-in answers them, and a new session.
     */
    async signInVerified(userId: number, from: AuthRequest) {
      const row = await repo.findUserById(db, userId);
      if (!row) throw new AppError('invalid_credentials', 'That account no longer exists.');
      const user = toAuthenticatedUser(row);
      return { user, session: await startSession(user.id, from) };
    },

    /** Password hashes running and waiting now, and run so far. */
    passwordHashLoad() {
      return hasher.load;
    },

    async signOut(sessionToken: string) {
      const userId = await repo.deleteSession(db, hashSecret(sessionToken));
      if (userId !== undefined) await userChanged(userId, 'credential-ended');
    },

    /** Password hashing, shared with the password change and reset, so that all of it queues in one place. */
    hasher,

    /**
     * Tells every instance that some of this user's sessions were deleted (signed out from another
     * device, a password reset): each forgets the sign-ins it cached and closes sockets that used them.
     */
    sessionsEnded(userId: number) {
      return userChanged(userId, 'credential-ended');
    },

    /** Tells every instance that this user's family or family role changed, so each reads their sign-in afresh. */
    membershipChanged(userId: number) {
      return userChanged(userId, 'profile');
    },

    /** Ends every session and API token of this user, and tells every instance (open sockets close). */
    async signOutEverywhere(userId: number) {
      await db.transaction().execute(async (trx) => {
        await repo.deleteSessionsOf(trx, userId);
        await repo.revokeApiTokensOf(trx, userId, now());
      });
      await userChanged(userId, 'credential-ended');
    },

    /** Calls `listener` after each sign-out or token revocation on any instance; returns the unsubscribe. */
    onCredentialEnded(listener: () => void) {
      credentialEndedListeners.add(listener);
      return () => credentialEndedListeners.delete(listener);
    },

    userForSession(sessionToken: string): Promise<AuthenticatedUser | undefined> {
      const hash = hashSecret(sessionToken);
      return sessionCache.lookup(`session:${hash}`, async () => {
        const at = now();
        const row = await repo.findUserBySession(db, hash, at);
        if (!row) return undefined;
        // Runs only when the cache has no fresh entry, and writes only when a minute has passed.
        if (at.getTime() - row.last_active_at.getTime() > TOKEN_TOUCH_INTERVAL_MS) await repo.touchSession(db, row.session_id, at);
        return { user: toAuthenticatedUser(row), expiresAt: row.expires_at };
      });
    },

    /**
     * Which of these credentials (by hash) still sign someone in: a long-lived connection
     * asks this to notice a sign-out, an expired session or a revoked token.
     */
    async liveCredentials(credentials: Credential[]): Promise<Set<string>> {
      const hashesOf = (method: Credential['method']) => [...new Set(credentials.filter((c) => c.method === method).map((c) => c.hash))];
      const [sessions, tokens] = await Promise.all([
        repo.liveSessionHashes(db, hashesOf('session'), now()),
        repo.liveApiTokenHashes(db, hashesOf('token'), now()),
      ]);
      return new Set([...sessions, ...tokens]);
    },

    /** Who a live API token signs in, and what it may do; `ip` is kept as where it was last used. */
    async signInOfApiToken(token: string, ip: string): Promise<TokenSignIn | undefined> {
      if (!token.startsWith(API_TOKEN_PREFIX)) return undefined;
      const hash = hashSecret(token);
      return tokenCache.lookup(`token:${hash}`, async () => {
        const at = now();
        const row = await repo.findUserByApiToken(db, hash, at);
        if (!row) return undefined;
        if (!row.last_used_at || at.getTime() - row.last_used_at.getTime() > TOKEN_TOUCH_INTERVAL_MS || row.last_used_ip !== ip) {
          await repo.touchApiToken(db, row.token_id, at, ip);
        }
        const user = toAuthenticatedUser(row);
        return { user: { id: user.id, user, scopes: knownScopes(row.scopes) }, expiresAt: row.expires_at };
      });
    },

    /** Saves the caller's own name, phone and city; a field left out keeps its value. */
    async updateProfile(userId: number, changes: UpdateProfileInput): Promise<UserDto> {
      const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
      if (entries.length === 0) throw new AppError('validation_failed', 'Send at least one of name, phone and city to change.');
      const user = toAuthenticatedUser(await repo.updateUser(db, userId, Object.fromEntries(entries)));
      await userChanged(userId, 'profile');
      return toUserDto(user);
    },

    async listApiTokens(userId: number, page: PageInput) {
      return pageOf(await repo.pageApiTokens(db, userId, page), toApiTokenDto);
    },

    async getApiToken(userId: number, tokenId: number) {
      const row = await repo.findApiToken(db, userId, tokenId);
      if (!row) throw notFound('That token');
      return toApiTokenDto(row);
    },

    async createApiToken(userId: number, input: CreateApiTokenInput) {
      if (input.expiresAt && new Date(input.expiresAt).getTime() <= now().getTime()) {
        throw badInput('expiresAt', 'Choose an expiry in the future, or none.');
      }
      const token = newSecret(API_TOKEN_PREFIX);
      const row = await repo.insertApiToken(db, {
        userId,
        name: input.name,
        tokenHash: hashSecret(token),
        prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
        scopes: input.scopes ?? DEFAULT_API_SCOPES,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      });
      return { ...toApiTokenDto(row), token };
    },

    async revokeApiToken(userId: number, tokenId: number) {
      const row = await repo.revokeApiToken(db, userId, tokenId, now());
      if (!row) throw notFound('That API token');
      await userChanged(userId, 'credential-ended');
      return toApiTokenDto(row);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
