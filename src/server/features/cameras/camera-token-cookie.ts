import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import { CAMERA_TOKEN_TTL_MS, cameraHlsPath } from '../../../shared/schemas/cameras';
import type { Config } from '../../config';

/**
 * The viewing token as a cookie, for players that cannot add it to each request: a browser playing
 * HLS itself (Safari, iOS) keeps the playlist address it was given, so a token in that address
 * would run out after 60 s. Each renewal sets the cookie afresh. Its Path is the camera's HLS
 * folder, so it goes with that camera's playlist and segments and nowhere else; HttpOnly and
 * SameSite=Strict, and it lasts as long as the token. The HLS route checks it exactly as it
 * checks a token given in the address.
 */
export const CAMERA_TOKEN_COOKIE = 'nestling_camera_token';

export function setCameraTokenCookie(reply: FastifyReply | undefined, config: Config, cameraId: string, token: string) {
  reply?.setCookie(CAMERA_TOKEN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secureCookies,
    path: cameraHlsPath(cameraId),
    maxAge: CAMERA_TOKEN_TTL_MS / 1000,
  });
}

/** The token a playlist or segment request carries: in its address (hls.js), else in the camera's cookie. */
export function cameraTokenOf(request: FastifyRequest<{ Querystring: { token?: unknown } }>): { token: string | undefined; inAddress: boolean } {
  const inAddress = typeof request.query.token === 'string' ? request.query.token : undefined;
  if (inAddress !== undefined) return { token: inAddress, inAddress: true };
  return { token: request.cookies[CAMERA_TOKEN_COOKIE], inAddress: false };
}
