import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import { pushPublicKeyOutput, pushSubscriptionOutput, savePushSubscriptionInput } from '../../../shared/schemas/push';
import { AppError } from '../../errors';
import type { Context } from '../../trpc/context';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';

const tags = ['push notifications'];
const SESSION_ONLY = 'Called with an API token: devices are managed from a signed-in browser session';

/** The session a device is saved under; it stops receiving when that session ends. */
function sessionOf(ctx: Context): string {
  const hash = ctx.sessionHash();
  if (!hash) throw new AppError('forbidden', 'Turn notifications on from a signed-in browser: a device belongs to the session that saved it.');
  return hash;
}
const NOT_YOURS = 'Not one of your devices';

export const pushSubscriptionsRouter = router({
  publicKey: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/push/public-key',
        tags,
        protect: false,
        summary: "The server's VAPID public key",
        description: "Give it to the browser's pushManager.subscribe() as applicationServerKey (decoded from base64url). Every notification is signed with its private key.",
      },
    })
    .input(z.strictObject({}).optional())
    .output(pushPublicKeyOutput)
    .query(({ ctx }) => ctx.services.push.publicKey()),

  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/push-subscriptions',
        tags,
        summary: 'Your devices with notifications on',
        description: 'Every browser you turned notifications on in, oldest first, each named from its user agent. Needs a browser session.',
        errorResponses: { 403: SESSION_ONLY },
      },
    })
    .input(z.strictObject({}).optional())
    .output(z.array(pushSubscriptionOutput))
    .query(({ ctx }) => ctx.services.push.list(ctx.user)),

  save: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/push-subscriptions',
        tags,
        summary: 'Turn notifications on for this browser',
        description:
          "Send the browser's PushSubscription.toJSON(): {endpoint, expirationTime, keys: {p256dh, auth}}. Saving the same endpoint again updates it rather than adding a device; " +
          'an endpoint saved by another account (a shared computer) moves to you. The endpoint must be https:// and public. Needs a browser session.',
        successDescription: 'Saved: answers 201 with the device.',
        errorResponses: { 403: SESSION_ONLY },
      },
      successStatus: 201,
      location: (device: { id: number }) => `/api/push-subscriptions/${device.id}`,
    })
    .input(savePushSubscriptionInput)
    .output(pushSubscriptionOutput)
    .mutation(({ ctx, input }) => ctx.services.push.save(ctx.user, sessionOf(ctx), input, ctx.request?.headers['user-agent'])),

  remove: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/push-subscriptions/{id}',
        tags,
        summary: 'Turn notifications off for a device',
        description: 'Nothing more is sent to it. Answers the device removed. Needs a browser session.',
        errorResponses: { 403: SESSION_ONLY, 404: NOT_YOURS },
      },
    })
    .input(idParam)
    .output(pushSubscriptionOutput)
    .mutation(({ ctx, input }) => ctx.services.push.remove(ctx.user, input.id)),
});
