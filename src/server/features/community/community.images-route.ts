import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { IMAGE_UPLOAD_PATH, MAX_IMAGE_BYTES, imageContentTypes } from '../../../shared/community-rules';
import { uploadedImageOutput } from '../../../shared/schemas/community';
import { AppError, httpStatusOf, notSignedIn } from '../../errors';
import { IMAGE_TOO_LARGE_MESSAGE, type CommunityService } from './community.service';

const IMAGE_TYPE_NEEDED = 'Upload the image as raw bytes with an image Content-Type, such as image/png.';

function sendError(reply: FastifyReply, error: AppError) {
  return reply.code(httpStatusOf(error.code)).send({ message: error.message, code: error.code });
}

/**
 * Image upload and serving. Plain routes rather than procedures, because tRPC and the REST
 * adapter only speak JSON. Registered before the /api catch-all; the auth hook has already
 * resolved the caller, and lets image/* bodies through its JSON-only rule for this path alone.
 */
export async function registerCommunityImageRoutes(app: FastifyInstance, community: CommunityService) {
  await app.register(async (scope) => {
    // In this scope only: every body arrives as bytes, so the route judges it by what it is.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: Error & { code?: string }, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE));
      // Anything else is the app's error handler's to answer.
      throw error;
    });

    scope.post(IMAGE_UPLOAD_PATH, {
      schema: { hide: true },
      bodyLimit: MAX_IMAGE_BYTES,
      // Runs after the app's auth hook and before the body is read, so a signed-out caller cannot make us read 5 MB.
      onRequest: async (request, reply) => {
        if (!request.auth) return sendError(reply, notSignedIn());
        if (!/^image\//i.test(request.headers['content-type'] ?? '')) return sendError(reply, new AppError('UNSUPPORTED_MEDIA_TYPE', IMAGE_TYPE_NEEDED));
      },
      handler: async (request, reply) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const image = await community.uploadImage(request.auth!.user, bytes);
          return reply.code(201).send(image);
        } catch (error) {
          if (error instanceof AppError) return sendError(reply, error);
          throw error;
        }
      },
    });
  });

  app.get<{ Params: { id: string } }>(`${IMAGE_UPLOAD_PATH}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const image = await community.readImage(request.params.id);
    if (!image) return reply.code(404).send({ message: 'That image was not found.', code: 'NOT_FOUND' });
    return reply
      .header('Content-Type', image.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      // Ids are never reused for other bytes, so a copy is good forever.
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Disposition', 'inline')
      .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
  });
}

const errorBody = { 'application/json': { schema: z.object({ message: z.string(), code: z.string() }) } };

/** The two routes above, for the OpenAPI document (the adapter documents only procedures). */
export const communityImagePaths: ZodOpenApiPathsObject = {
  '/community/images': {
    post: {
      operationId: 'community-images-upload',
      summary: 'Upload an image for a post',
      description:
        'Send the raw image bytes as the body with an image Content-Type. Only PNG, JPEG, WebP or GIF, judged by the bytes ' +
        'themselves rather than the declared type; up to 5 MB. Pass the answered id as imageId when creating a post.',
      tags: ['community'],
      security: [{ sessionCookie: [] }, { bearerToken: [] }],
      requestBody: {
        required: true,
        content: Object.fromEntries(imageContentTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
      },
      responses: {
        '201': { description: 'Stored; answers its id and where it is served.', content: { 'application/json': { schema: uploadedImageOutput } } },
        '401': { description: 'Not signed in.', content: errorBody },
        '413': { description: 'Larger than 5 MB.', content: errorBody },
        '415': { description: 'Not a PNG, JPEG, WebP or GIF image.', content: errorBody },
      },
    },
  },
  '/community/images/{id}': {
    get: {
      operationId: 'community-images-get',
      summary: 'An uploaded image',
      description: 'Served with its stored type, X-Content-Type-Options: nosniff, and cached for a year (ids never change).',
      tags: ['community'],
      requestParams: { path: z.object({ id: z.uuid() }) },
      responses: {
        '200': {
          description: 'The image bytes.',
          content: Object.fromEntries(imageContentTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
        },
        '404': { description: 'No such image.', content: errorBody },
      },
    },
  },
};
