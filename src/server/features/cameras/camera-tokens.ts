import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Playlist and segment tokens: `<sessionId>.<expiresAtSeconds>.<mac>`, where the MAC (HMAC-SHA256
 * under the server's key, kept in the database so every instance checks every token) covers the
 * user, the camera, the viewing session and the expiry. The user and camera are not in the token:
 * they come from the request (its session cookie and its path), so a token used by someone else
 * or for another camera fails its MAC.
 */
export const newCameraTokenKey = () => randomBytes(32).toString('base64url');

const TOKEN = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

interface Binding {
  userId: number;
  cameraId: string;
  sessionId: number;
}

function mac(key: Buffer, binding: Binding, expiresAtSeconds: number) {
  return createHmac('sha256', key).update(`nestling-camera-token:v1:${binding.userId}:${binding.cameraId}:${binding.sessionId}:${expiresAtSeconds}`).digest('base64url');
}

export function signCameraToken(key: Buffer, binding: Binding, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${binding.sessionId}.${seconds}.${mac(key, binding, seconds)}`;
}

export type TokenCheck = { ok: true; sessionId: number } | { ok: false; why: 'malformed' | 'expired' | 'bad_signature' };

/** Checks the MAC for this user and camera, and the expiry; the session itself is checked by the caller. */
export function checkCameraToken(key: Buffer, token: string, expected: { userId: number; cameraId: string }, at: Date): TokenCheck {
  const match = TOKEN.exec(token);
  if (!match) return { ok: false, why: 'malformed' };
  const sessionId = Number(match[1]);
  const seconds = Number(match[2]);
  if (sessionId > 2_147_483_647) return { ok: false, why: 'malformed' };
  const wanted = Buffer.from(mac(key, { ...expected, sessionId }, seconds));
  const given = Buffer.from(match[3]!);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) return { ok: false, why: 'bad_signature' };
  if (seconds * 1000 <= at.getTime()) return { ok: false, why: 'expired' };
  return { ok: true, sessionId };
}
