import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../errors';
import { matchesEtag } from '../etag';
import type { ImageService } from './images.service';

type ServedImage = NonNullable<Awaited<ReturnType<ImageService['findChecked']>>>;

/**
 * How long a browser may keep an image it was served.
 * - `revalidate`: for an image whose viewers can change (a family leaves, a child leaves a
 *   classroom): the browser may keep a copy but must ask again each time, so someone no longer
 *   allowed stops seeing it; the answer is 304 only after the route has asked afresh.
 * - `immutable`: the URL names one set of bytes for good and who may see it does not change.
 * Either way no shared cache may keep it (private).
 */
export type ImageCaching = 'revalidate' | 'immutable';

const CACHE_CONTROL: Record<ImageCaching, string> = {
  revalidate: 'private, no-cache',
  immutable: 'private, max-age=31536000, immutable',
};

/**
 * Answers with an image the route has already decided the caller may see: 304 when
 * If-None-Match names its ETag, else its bytes as WebP; bytes gone from the store are 404.
 */
export async function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: ServedImage,
  options: { caching: ImageCaching; notFoundName: string; contentDisposition?: string },
) {
  reply.header('ETag', image.etag).header('Cache-Control', CACHE_CONTROL[options.caching]).header('X-Content-Type-Options', 'nosniff');
  if (matchesEtag(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
  const object = await image.open();
  if (!object) throw notFound(options.notFoundName);
  return reply.type('image/webp').header('Content-Length', object.byteSize).header('Content-Disposition', options.contentDisposition ?? 'inline').send(object.body);
}
