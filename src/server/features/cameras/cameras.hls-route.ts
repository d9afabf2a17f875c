import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { CAMERA_PLAYLIST, cameraId as cameraIdSchema } from '../../../shared/schemas/cameras';
import { forbidden, notFound, notSignedIn } from '../../errors';
import { SESSION_ONLY_MESSAGE } from '../../trpc/token-scopes';
import { cameraTokenOf } from './camera-token-cookie';
import type { CamerasService } from './cameras.service';

type HlsRequest = FastifyRequest<{ Params: { id: string; file: string }; Querystring: { token?: unknown } }>;

const SEGMENT = /^[a-z0-9_-]{1,64}\.(m4s|mp4)$/;
const SEGMENT_TYPES: Record<string, string> = { m4s: 'video/iso.segment', mp4: 'video/mp4' };

/**
 * A camera's HLS playlist and segments. Every request is checked in full: the token (this user,
 * this camera, an open viewing session, unexpired) and, at that moment, that the user may watch
 * (a child checked in, opening hours, not paused), so a departure or privacy mode stops delivery
 * at the next segment. A plain route, registered after the auth hook and before the /api
 * catch-all. The token comes in the address (hls.js adds the newest to every request) or, when
 * the address has none, in the camera's token cookie (browsers that play HLS themselves); a
 * playlist fetched with a token in its address gives its segment addresses the same token.
 */
export function registerCameraHlsRoutes(app: FastifyInstance, deps: { cameras: CamerasService }) {
  app.get('/api/cameras/:id/hls/:file', { schema: { hide: true } }, async (request: HlsRequest, reply) => {
    if (!request.auth) throw notSignedIn();
    // Video is for people watching in a browser: an API token cannot start a viewing session, nor use one.
    if (request.auth.method === 'token') throw forbidden(SESSION_ONLY_MESSAGE);
    const { id, file } = request.params;
    if (!cameraIdSchema.safeParse(id).success) throw notFound(`Camera '${id.slice(0, 64)}'`);
    const isPlaylist = file === CAMERA_PLAYLIST;
    if (!isPlaylist && !SEGMENT.test(file)) throw notFound('That part of the video');
    const { token, inAddress } = cameraTokenOf(request);
    const folder = await deps.cameras.authorizeMedia(request.auth.user, id, token);
    reply.header('Cache-Control', 'private, no-store').header('X-Content-Type-Options', 'nosniff');
    const filePath = path.join(folder, file);
    if (isPlaylist) {
      const playlist = await readFile(filePath, 'utf8').catch(() => undefined);
      if (playlist === undefined) throw notFound('The video playlist');
      return reply.type('application/vnd.apple.mpegurl').send(inAddress ? withToken(playlist, token!) : playlist);
    }
    const size = await stat(filePath).then((s) => s.size, () => undefined);
    // A live playlist drops old segments: one asked for late is gone.
    if (size === undefined) throw notFound('That part of the video');
    return reply.type(SEGMENT_TYPES[file.slice(file.lastIndexOf('.') + 1)]!).header('Content-Length', size).send(createReadStream(filePath));
  });
}

/** Segment (and init map) addresses in the playlist get the address's token, so a player given only the playlist's address still sends it. */
function withToken(playlist: string, token: string): string {
  const query = `token=${encodeURIComponent(token)}`;
  return playlist
    .split('\n')
    .map((line) => {
      if (line.startsWith('#EXT-X-MAP:')) return line.replace(/URI="([^"?]+)"/, (_, uri: string) => `URI="${uri}?${query}"`);
      if (line.trim() === '' || line.startsWith('#')) return line;
      return `${line.trim()}?${query}`;
    })
    .join('\n');
}

const errorBody = { 'application/problem+json': { schema: z.object({ detail: z.string(), code: z.string() }) } };
const hlsParams = {
  path: z.object({ id: cameraIdSchema, file: z.string() }),
  query: z.object({ token: z.string().optional().meta({ description: 'The viewing token. Without it, the nestling_camera_token cookie that starting and renewing set is read instead.' }) }),
};

/** The route above, for the OpenAPI document. */
export const cameraHlsPaths: ZodOpenApiPathsObject = {
  '/cameras/{id}/hls/{file}': {
    get: {
      operationId: 'cameras-hls-get',
      summary: "A camera's live HLS playlist (index.m3u8) or one of its segments",
      description:
        'Needs `token` from POST /cameras/{id}/viewing-sessions (valid 60 s; renew it while watching), signed in as the same user: as ?token=, or, ' +
        'for players that keep the playlist address they were given (Safari and iOS playing HLS themselves), the HttpOnly cookie nestling_camera_token that ' +
        'starting and each renewal set, with Path /api/cameras/{id}/hls, SameSite=Strict and Max-Age 60. A token in the address wins over the cookie; both are checked alike. ' +
        'Every request checks again that you may watch now: a parent only while one of their children is checked in to the ' +
        "camera's classroom, within the nursery's opening hours, and while the camera is not paused; staff of its nursery always.",
      tags: ['monitoring'],
      security: [{ sessionCookie: [] }],
      requestParams: hlsParams,
      responses: {
        '200': {
          description: 'The playlist (its segment addresses carry the token when the request had one in its address) or a segment.',
          headers: {
            RateLimit: { description: 'Requests left and seconds until the window resets: "camera-video";r=599;t=60.', schema: { type: 'string' } },
            'RateLimit-Policy': { description: 'The limit: "camera-video";q=600;w=60, per user over all cameras.', schema: { type: 'string' } },
          },
          content: {
            'application/vnd.apple.mpegurl': { schema: { type: 'string' } },
            'video/iso.segment': { schema: { type: 'string', contentMediaType: 'video/iso.segment' } },
            'video/mp4': { schema: { type: 'string', contentMediaType: 'video/mp4' } },
          },
        },
        '401': { description: 'Not signed in.', content: errorBody },
        '403': { description: 'The token is missing, expired, of an ended session, or bound to another user or camera; or you may not watch now (detail says why).', content: errorBody },
        '404': { description: 'No such camera (staff: none of your nursery), no video for it on this server, or a segment no longer in the playlist.', content: errorBody },
        '429': {
          description: 'More than 600 playlist and segment requests in a minute from your account (over all cameras; a player makes about 60); Retry-After says when to try again.',
          content: errorBody,
        },
      },
    },
  },
};
