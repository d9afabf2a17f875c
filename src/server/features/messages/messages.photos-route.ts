import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodOpenApiPathItemObject, ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from 'zod';
import { notFound, notSignedIn } from '../../errors';
import { registerImageRateLimit, revalidatedPhotoResponses, sendImage } from '../../lib/images/image-reply';
import type { ImageVariant } from '../../lib/images/images.service';
import { RAW_ROUTE_SCOPES, requireScopeOfToken } from '../../trpc/token-scopes';
import { MESSAGE_PHOTO_PATH, type MessagesService } from './messages.service';

type PhotoRequest = FastifyRequest<{ Params: { photoId: string } }>;

/**
 * Message photos, served only here (uploaded first with POST /api/community/images). Plain
 * routes, because images stream; registered before the /api catch-all, after the auth hook.
 * Who may see a photo is who may read its conversation, which changes when a family leaves or
 * a child leaves the classroom: asked afresh on every request, and revalidated on every view.
 */
export async function registerMessagePhotoRoutes(app: FastifyInstance, deps: { messages: MessagesService; requestsPerMinute: number }) {
  const { messages } = deps;
  await app.register(async (scope) => {
    await registerImageRateLimit(scope, 'photo');
    const serving = { schema: { hide: true }, config: { rateLimit: { max: deps.requestsPerMinute, timeWindow: 60_000 } } };
    scope.get(`${MESSAGE_PHOTO_PATH}/:photoId`, serving, (request: PhotoRequest, reply) => serve(request, reply, 'full'));
    scope.get(`${MESSAGE_PHOTO_PATH}/:photoId/thumbnail`, serving, (request: PhotoRequest, reply) => serve(request, reply, 'thumbnail'));
  });

  /** Anyone who may not read a conversation showing the photo gets 404, as if it did not exist. */
  async function serve(request: PhotoRequest, reply: FastifyReply, variant: ImageVariant) {
    if (!request.auth) throw notSignedIn();
    requireScopeOfToken(request, RAW_ROUTE_SCOPES.messagePhotoDownload);
    const photo = await messages.findPhoto(request.auth.user, request.params.photoId, variant);
    if (!photo) throw notFound('That photo');
    return sendImage(request, reply, photo, { notFoundName: 'That photo' });
  }
}

const servedResponses = revalidatedPhotoResponses('No such photo in a message, or not in a conversation you may read.');
const servedDescription =
  "Only to those who may read a conversation with a message showing it: the family's adults while a child of theirs is in the classroom, " +
  "and the nursery's staff; checked on every request. Take the URL from the message's photo.";
const photoGet = (operationId: string, summary: string, description: string): ZodOpenApiPathItemObject => ({
  get: {
    operationId,
    summary,
    description,
    tags: ['messages'],
    security: [{ sessionCookie: [] }, { bearerToken: [RAW_ROUTE_SCOPES.messagePhotoDownload] }],
    requestParams: { path: z.object({ photoId: z.uuid() }) },
    responses: servedResponses,
  },
});

/** The routes above, for the OpenAPI document. */
export const messagePhotoPaths: ZodOpenApiPathsObject = {
  '/messages/photos/{photoId}': photoGet('messages-photos-get', "A message's photo", servedDescription),
  '/messages/photos/{photoId}/thumbnail': photoGet('messages-photos-get-thumbnail', "A message photo's small copy for lists", `At most 480 px a side. ${servedDescription}`),
};
