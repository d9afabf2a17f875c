import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { IMAGE_UPLOAD_TYPE_NEEDED, MAX_IMAGE_BYTES, imageContentTypes, isImageUploadType } from '../../../shared/community-rules';
import { ACTIVITY_PHOTO_UPLOAD_PATH, uploadedActivityPhotoOutput } from '../../../shared/schemas/monitoring';
import { AppError, forbidden, notFound, notSignedIn } from '../../errors';
import { registerImageRateLimit, revalidatedPhotoResponses, sendImage } from '../../lib/images/image-reply';
import { IMAGE_TOO_LARGE_MESSAGE, type ImageVariant } from '../../lib/images/images.service';
import { isStaff } from '../../principal';
import { RAW_ROUTE_SCOPES, requireScopeOfToken } from '../../trpc/token-scopes';
import type { MonitoringService } from './monitoring.service';

type PhotoRequest = FastifyRequest<{ Params: { activityId: string; photoId: string } }>;

const STAFF_ONLY = 'Only nursery staff can add photos to activities.';
const PHOTO_PATH = '/api/activities/:activityId/photos/:photoId';

/**
 * Activity photos: staff upload the bytes here, then attach the answered id with photoIds on
 * POST /api/activities. Plain routes, because images stream; registered before the /api
 * catch-all, after the auth hook. Each photo is served only here, and only to the activity's
 * nursery staff or a family with a child tagged in it, asked afresh on every request.
 */
export async function registerActivityPhotoRoutes(app: FastifyInstance, deps: { monitoring: MonitoringService; requestsPerMinute: number }) {
  const { monitoring } = deps;
  await app.register(async (scope) => {
    await registerImageRateLimit(scope, 'photo');
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.post(ACTIVITY_PHOTO_UPLOAD_PATH, {
      schema: { hide: true },
      // Before the body is read: a refused caller costs no read.
      onRequest: async (request) => {
        if (!request.auth) throw notSignedIn();
        requireScopeOfToken(request, RAW_ROUTE_SCOPES.activityPhotoUpload);
        if (!isStaff(request.auth.user)) throw forbidden(STAFF_ONLY);
        if (!isImageUploadType(request.headers['content-type'])) throw new AppError('unsupported_media_type', IMAGE_UPLOAD_TYPE_NEEDED);
        if (Number(request.headers['content-length']) > MAX_IMAGE_BYTES) throw new AppError('payload_too_large', IMAGE_TOO_LARGE_MESSAGE);
      },
      handler: async (request, reply) => {
        const photo = await monitoring.uploadPhoto(request.auth!.user, (request.body as Readable | undefined) ?? Readable.from([]));
        return reply.code(201).send(photo);
      },
    });

    const serving = { schema: { hide: true }, config: { rateLimit: { max: deps.requestsPerMinute, timeWindow: 60_000 } } };
    scope.get(PHOTO_PATH, serving, (request: PhotoRequest, reply) => serve(request, reply, 'full', 'inline'));
    scope.get(`${PHOTO_PATH}/thumbnail`, serving, (request: PhotoRequest, reply) => serve(request, reply, 'thumbnail', 'inline'));
    scope.get(`${PHOTO_PATH}/download`, serving, (request: PhotoRequest, reply) => serve(request, reply, 'full', 'attachment'));
  });

  /**
   * Streams the photo to a viewer who may see it; anyone else gets 404, as if it did not exist.
   * Revalidated on every view, so a family that is no longer tagged stops seeing it.
   */
  async function serve(request: PhotoRequest, reply: FastifyReply, variant: ImageVariant, disposition: 'inline' | 'attachment') {
    if (!request.auth) throw notSignedIn();
    requireScopeOfToken(request, RAW_ROUTE_SCOPES.activityPhotoDownload);
    const activityId = Number(request.params.activityId);
    if (!/^[1-9][0-9]{0,9}$/.test(request.params.activityId) || activityId > 2_147_483_647) throw notFound('That photo');
    const photo = await monitoring.findPhoto(request.auth.user, activityId, request.params.photoId, variant);
    if (!photo) throw notFound('That photo');
    const contentDisposition = disposition === 'attachment' ? `attachment; filename="${photo.fileName}"` : 'inline';
    return sendImage(request, reply, photo, { notFoundName: 'That photo', contentDisposition });
  }
}

const errorBody = { 'application/json': { schema: z.object({ message: z.string(), code: z.string() }) } };
const photoParams = { path: z.object({ activityId: z.number().int().positive(), photoId: z.uuid() }) };
const servedResponses = revalidatedPhotoResponses('No such photo on that activity, or not one you may see.');
const servedDescription =
  "Only to the activity's nursery staff and to families with a child tagged in the photo, checked on every request; " +
  'anyone else, another family of the same classroom too, gets 404. Take the URL from the activity\'s photos.';
const photoSecurity: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerToken: [RAW_ROUTE_SCOPES.activityPhotoDownload] }];

/** The routes above, for the OpenAPI document. */
export const activityPhotoPaths: ZodOpenApiPathsObject = {
  '/activities/photos': {
    post: {
      operationId: 'activities-photos-upload',
      summary: 'Upload a photo for an activity (nursery staff)',
      description:
        'Send the raw image bytes as the body with an image Content-Type: PNG, JPEG, WebP or GIF (judged by the bytes), up to 5 MB. ' +
        'It is decoded and stored again as WebP, at most 2048 px a side, with its metadata (EXIF, GPS) removed, plus a copy at most ' +
        '480 px a side. Uploads count against the same daily quota as community images. Pass the answered id in photoIds ' +
        '(up to 4) on POST /activities, with taggedChildIds; a photo not attached within a day is deleted.',
      tags: ['monitoring'],
      security: [{ sessionCookie: [] }, { bearerToken: [RAW_ROUTE_SCOPES.activityPhotoUpload] }],
      requestBody: {
        required: true,
        content: Object.fromEntries(imageContentTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
      },
      responses: {
        '201': { description: 'Stored; answers its id, to attach with photoIds.', content: { 'application/json': { schema: uploadedActivityPhotoOutput } } },
        '400': { description: 'The body was empty, or did not arrive whole.', content: errorBody },
        '401': { description: 'Not signed in.', content: errorBody },
        '403': { description: 'Not nursery staff, or a token without activities:write.', content: errorBody },
        '413': { description: 'Larger than 5 MB.', content: errorBody },
        '415': { description: 'Not a PNG, JPEG, WebP or GIF image that decodes whole.', content: errorBody },
        '429': { description: "Today's upload quota is used up; Retry-After says when the next upload is allowed.", content: errorBody },
      },
    },
  },
  '/activities/{activityId}/photos/{photoId}': {
    get: { operationId: 'activities-photos-get', summary: "An activity's photo", description: servedDescription, tags: ['monitoring'], security: photoSecurity, requestParams: photoParams, responses: servedResponses },
  },
  '/activities/{activityId}/photos/{photoId}/thumbnail': {
    get: { operationId: 'activities-photos-get-thumbnail', summary: "An activity photo's small copy for lists", description: `At most 480 px a side. ${servedDescription}`, tags: ['monitoring'], security: photoSecurity, requestParams: photoParams, responses: servedResponses },
  },
  '/activities/{activityId}/photos/{photoId}/download': {
    get: {
      operationId: 'activities-photos-download',
      summary: "An activity's photo, to save",
      description: `The full size with Content-Disposition: attachment and a file name such as maya-nap-2026-11-26.webp (naming only your own children). ${servedDescription}`,
      tags: ['monitoring'],
      security: photoSecurity,
      requestParams: photoParams,
      responses: servedResponses,
    },
  },
};
