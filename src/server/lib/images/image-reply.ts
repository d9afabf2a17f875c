import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../errors';
import { matchesEtag } from '../etag';
import type { ImageService } from './images.service';

type ServedImage = NonNullable<Awaited<ReturnType<ImageService['findChecked']>>>;

/**
 * Who may see an image can change (a family leaves, a child leaves a classroom, a parent leaves
 * a support group), so a browser may keep a copy but must ask again each time: someone no longer
 * allowed stops seeing it, and the answer is 304 only after the route has asked afresh. No shared
 * cache may keep it (private).
 */
const CACHE_CONTROL = 'private, no-cache';

/**
 * Answers with an image the route has already decided the caller may see: 304 when
 * If-None-Match names its ETag, else its bytes as WebP; bytes gone from the store are 404.
 */
export async function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: ServedImage,
  options: { notFoundName: string; contentDisposition?: string },
) {
  reply.header('ETag', image.etag).header('Cache-Control', CACHE_CONTROL).header('X-Content-Type-Options', 'nosniff');
  if (matchesEtag(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
  const object = await image.open();
  if (!object) throw notFound(options.notFoundName);
  return reply.type('image/webp').header('Content-Length', object.byteSize).header('Content-Disposition', options.contentDisposition ?? 'inline').send(object.body);
}

/**
 * Lets the routes of `scope` limit their requests per IP (each route names its rate in its
 * config), refusing with our own error so the app's error handler answers 429 with Retry-After.
 */
export function registerImageRateLimit(scope: FastifyInstance, what: 'image' | 'photo') {
  return scope.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', `Too many ${what} requests. Please wait a moment.`, { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
}

const errorBody = { 'application/json': { schema: z.object({ message: z.string(), code: z.string() }) } };

/** For the OpenAPI document: what a photo route served by sendImage may answer; `notFound` says when it is 404. */
export function revalidatedPhotoResponses(notFound: string) {
  return {
    '200': {
      description: 'The photo as WebP, with a strong ETag. Cache-Control: private, no-cache: a browser asks again each time, and no shared cache keeps it.',
      content: { 'image/webp': { schema: { type: 'string', contentMediaType: 'image/webp' } } } as const,
    },
    '304': { description: 'If-None-Match named its ETag, and you may still see the photo.' },
    '401': { description: 'Not signed in.', content: errorBody },
    '404': { description: notFound, content: errorBody },
    '429': { description: 'Too many photo requests from this IP address; Retry-After says when to try again.', content: errorBody },
  };
}
