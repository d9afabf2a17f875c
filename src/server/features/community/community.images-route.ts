import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { IMAGE_UPLOAD_PATH, IMAGE_UPLOAD_TYPE_NEEDED, MAX_IMAGE_BYTES, imageContentTypes, isImageUploadType } from '../../../shared/community-rules';
import { uploadedImageOutput } from '../../../shared/schemas/community';
import { AppError, notFound, notSignedIn } from '../../errors';
import { IMAGE_TOO_LARGE_MESSAGE, type ImageService, type ImageVariant } from '../../lib/images/images.service';
import { toUploadedImageDto } from './community.service';
import { registerImageRateLimit, sendImage } from '../../lib/images/image-reply';
import { RAW_ROUTE_SCOPES, requireScopeOfToken } from '../../trpc/token-scopes';

type ImageRequest = FastifyRequest<{ Params: { id: string } }>;

/**
 * Image upload and serving. Plain routes rather than procedures, because tRPC and the REST
 * adapter only speak JSON, and because images stream. Registered before the /api catch-all;
 * the auth hook has already resolved the caller. Errors are thrown, for the app's error handler.
 */
export async function registerCommunityImageRoutes(app: FastifyInstance, deps: { images: ImageService; requestsPerMinute: number }) {
  const { images } = deps;
  await app.register(async (scope) => {
    // In this scope only. Downloads are limited per IP; an upload is limited by its account's daily quota.
    await registerImageRateLimit(scope, 'image');
    // Every body arrives as a stream, left unread for the route to count and store.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.post(IMAGE_UPLOAD_PATH, {
      schema: { hide: true },
      // Runs after the app's auth hook and before the body is read, so a refused caller costs no read.
      onRequest: async (request) => {
        if (!request.auth) throw notSignedIn();
        requireScopeOfToken(request, RAW_ROUTE_SCOPES.imageUpload);
        if (!isImageUploadType(request.headers['content-type'])) throw new AppError('unsupported_media_type', IMAGE_UPLOAD_TYPE_NEEDED);
        if (Number(request.headers['content-length']) > MAX_IMAGE_BYTES) throw new AppError('payload_too_large', IMAGE_TOO_LARGE_MESSAGE);
      },
      handler: async (request, reply) => {
        const image = await images.upload(request.auth!.user.id, (request.body as Readable | undefined) ?? Readable.from([]));
        const uploaded = toUploadedImageDto(image);
        return reply.code(201).header('location', uploaded.url).send(uploaded);
      },
    });

    const serving = { schema: { hide: true }, config: { rateLimit: { max: deps.requestsPerMinute, timeWindow: 60_000 } } };
    scope.get(`${IMAGE_UPLOAD_PATH}/:id`, serving, (request: ImageRequest, reply) => serve(request, reply, 'full'));
    scope.get(`${IMAGE_UPLOAD_PATH}/:id/thumbnail`, serving, (request: ImageRequest, reply) => serve(request, reply, 'thumbnail'));
  });

  /**
   * Streams the stored image to whoever may see it; anyone else gets 404, as if it did not
   * exist. A browser asks again on each view (a member who leaves a group stops seeing its images).
   */
  async function serve(request: ImageRequest, reply: FastifyReply, variant: ImageVariant) {
    if (!request.auth) throw notSignedIn();
    requireScopeOfToken(request, RAW_ROUTE_SCOPES.imageDownload);
    const image = await images.find(request.auth.user.id, request.params.id, variant);
    if (!image) throw notFound('That image');
    return sendImage(request, reply, image, { notFoundName: 'That image' });
  }
}

const errorBody = { 'application/json': { schema: z.object({ message: z.string(), code: z.string() }) } };
const webp = { 'image/webp': { schema: { type: 'string', contentMediaType: 'image/webp' } } } as const;
const imageParams = { path: z.object({ id: z.uuid() }) };
const servedResponses = {
  '200': { description: 'The image as WebP, with a strong ETag. Cache-Control: private, no-cache: a browser asks again each time (who may see an image can change), and no shared cache keeps it.', content: webp },
  '304': { description: 'If-None-Match named its ETag, and you may still see the image.' },
  '401': { description: 'Not signed in.', content: errorBody },
  '404': { description: 'No such image, or not one you may see.', content: errorBody },
  '429': { description: 'Too many image requests from this IP address; Retry-After says when to try again.', content: errorBody },
};
const servedDescription =
  "Your own uploads, and images on posts you may read (a support group's only for its members). Anything else answers 404.";

/** The routes above, for the OpenAPI document (the adapter documents only procedures). */
export const communityImagePaths: ZodOpenApiPathsObject = {
  '/community/images': {
    post: {
      operationId: 'community-images-upload',
      summary: 'Upload an image for a post',
      description:
        'Send the raw image bytes as the body with an image Content-Type. Only PNG, JPEG, WebP or GIF, judged by the bytes ' +
        'themselves rather than the declared type; up to 5 MB. The image is decoded and stored again as WebP, at most 2048 px ' +
        'a side, with its metadata (EXIF, GPS) removed, plus a copy for lists at most 480 px a side. Each account may upload ' +
        'up to 50 images in any 24 hours (UPLOAD_DAILY_LIMIT on the server). Pass the answered id as imageId when creating a post; ' +
        'an upload no post uses is deleted after a day.',
      tags: ['community'],
      security: [{ sessionCookie: [] }, { bearerToken: [RAW_ROUTE_SCOPES.imageUpload] }],
      requestBody: {
        required: true,
        content: Object.fromEntries(imageContentTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
      },
      responses: {
        '201': {
          description: 'Stored; answers its id and where it and its thumbnail are served. Location is its url.',
          headers: { Location: { $ref: '#/components/headers/Location' } },
          content: { 'application/json': { schema: uploadedImageOutput } },
        },
        '400': { description: 'The body was empty, or did not arrive whole.', content: errorBody },
        '401': { description: 'Not signed in.', content: errorBody },
        '413': { description: 'Larger than 5 MB.', content: errorBody },
        '415': { description: 'Not a PNG, JPEG, WebP or GIF image that decodes whole.', content: errorBody },
        '429': { description: "Today's upload quota is used up; Retry-After says when the next upload is allowed.", content: errorBody },
      },
    },
  },
  '/community/images/{id}': {
    get: {
      operationId: 'community-images-get',
      summary: 'An uploaded image',
      description: servedDescription,
      tags: ['community'],
      security: [{ sessionCookie: [] }, { bearerToken: [RAW_ROUTE_SCOPES.imageDownload] }],
      requestParams: imageParams,
      responses: servedResponses,
    },
  },
  '/community/images/{id}/thumbnail': {
    get: {
      operationId: 'community-images-get-thumbnail',
      summary: "An uploaded image's small copy for lists",
      description: `At most 480 px a side. ${servedDescription}`,
      tags: ['community'],
      security: [{ sessionCookie: [] }, { bearerToken: [RAW_ROUTE_SCOPES.imageDownload] }],
      requestParams: imageParams,
      responses: servedResponses,
    },
  },
};
