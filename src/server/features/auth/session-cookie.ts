import type { FastifyReply } from 'fastify';
import type {} from '@fastify/cookie';
import type { Config } from '../../config';

export const SESSION_COOKIE = 'nestling_session';

export function setSessionCookie(reply: FastifyReply | undefined, config: Config, session: { token: string; expiresAt: Date }) {
  reply?.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply | undefined, config: Config) {
  reply?.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, path: '/' });
}

/** Holds the password step of a two-step sign-in until the code comes (two-step.router). */
export const PENDING_SIGN_IN_COOKIE = 'nestling_two_step';

export function setPendingSignInCookie(reply: FastifyReply | undefined, config: Config, pending: { token: string; expiresAt: Date }) {
  reply?.setCookie(PENDING_SIGN_IN_COOKIE, pending.token, { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, path: '/', expires: pending.expiresAt });
}

export function clearPendingSignInCookie(reply: FastifyReply | undefined, config: Config) {
  reply?.clearCookie(PENDING_SIGN_IN_COOKIE, { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, path: '/' });
}
