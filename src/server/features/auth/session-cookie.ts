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
