import { z } from 'zod';
import { idParam } from '../../../shared/schemas/common';
import { eventTypes } from '../../../shared/schemas/events';
import { createdWebhookOutput, createWebhookInput, resendDeliveryInput, webhookDeliveryOutput, webhookOutput } from '../../../shared/schemas/webhooks';
import { protectedProcedure, router } from '../../trpc/init';

const tags = ['webhooks'];
const GUARDIANS_ONLY = 'A carer (guardian_only), a teacher account, or an API token without the webhooks:manage scope (insufficient_scope)';
const NOT_OURS = 'Not one of your family’s (or, for staff, your nursery’s) webhooks';
const noInput = z.strictObject({}).optional();

export const webhooksRouter = router({
  list: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/webhooks',
        tags,
        summary: "Your family's (or nursery's) webhooks",
        description: 'Every endpoint registered for your family (for staff: your nursery), oldest first, without its secret. Guardians and nursery staff, from a browser session or with a token holding webhooks:manage.',
        errorResponses: { 403: GUARDIANS_ONLY },
      },
    })
    .input(noInput)
    .output(z.array(webhookOutput))
    .query(({ ctx }) => ctx.services.webhooks.list(ctx.user)),

  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/webhooks/{id}',
        tags,
        summary: 'One of your family’s (or nursery’s) webhooks',
        description: "Another family's or nursery's webhook answers 404. Guardians and nursery staff, from a browser session or with a token holding webhooks:manage.",
        errorResponses: { 403: GUARDIANS_ONLY, 404: NOT_OURS },
      },
    })
    .input(idParam)
    .output(webhookOutput)
    .query(({ ctx, input }) => ctx.services.webhooks.get(ctx.user, input.id)),

  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/webhooks',
        tags,
        summary: 'Register a webhook',
        description:
          `Events about your family (for staff: your nursery's events, such as every activity logged there) are POSTed to the address as they happen, signed per the Standard Webhooks specification (webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">, keyed by the secret). ` +
          `The body is {type, timestamp, data}. Events: ${eventTypes.join(', ')}. Delivery is at least once: a redelivery keeps its webhook-id. A delivery that gets no 2xx within 5 s is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then every 12 h; after 3 days the webhook is disabled. ` +
          'The address must be https:// and public. The secret is in this answer only. Guardians and nursery staff, from a browser session or with a token holding webhooks:manage.',
        successDescription: 'Created: answers 201 with the secret.',
        errorResponses: { 403: GUARDIANS_ONLY },
      },
      successStatus: 201,
      location: (webhook: { id: number }) => `/api/webhooks/${webhook.id}`,
    })
    .input(createWebhookInput)
    .output(createdWebhookOutput)
    .mutation(({ ctx, input }) => ctx.services.webhooks.create(ctx.user, input)),

  remove: protectedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/webhooks/{id}',
        tags,
        summary: 'Remove a webhook',
        description: 'Nothing more is sent to it, including deliveries not yet made. Answers the webhook removed. Guardians and nursery staff, from a browser session or with a token holding webhooks:manage.',
        errorResponses: { 403: GUARDIANS_ONLY, 404: NOT_OURS },
      },
    })
    .input(idParam)
    .output(webhookOutput)
    .mutation(({ ctx, input }) => ctx.services.webhooks.remove(ctx.user, input.id)),

  deliveries: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/webhooks/{id}/deliveries',
        tags,
        summary: "A webhook's latest deliveries",
        description: 'The last 50, newest first: status, attempts, the last response code (or why there was none) and how long it took. Guardians and nursery staff, from a browser session or with a token holding webhooks:manage.',
        errorResponses: { 403: GUARDIANS_ONLY, 404: NOT_OURS },
      },
    })
    .input(idParam)
    .output(z.array(webhookDeliveryOutput))
    .query(({ ctx, input }) => ctx.services.webhooks.deliveries(ctx.user, input.id)),

  resendDelivery: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/webhooks/{id}/deliveries/{deliveryId}/resend',
        tags,
        summary: 'Resend a delivery',
        description:
          'Sends the event again now, with the same webhook-id, whether it was delivered, failed or is still waiting for a retry; if the receiver does not take it, it is retried on the usual schedule from now (attempts count from zero). ' +
          'Answers the delivery, pending. Guardians and nursery staff, from a browser session or with a token holding webhooks:manage.',
        successDescription: 'Accepted: the delivery is pending and due now.',
        errorResponses: { 403: GUARDIANS_ONLY, 404: 'Not one of your webhooks, or not a delivery of this webhook', 409: 'webhook_disabled: the webhook is turned off; turn it back on with POST /webhooks/{id}/enable first' },
      },
      successStatus: 202,
    })
    .input(resendDeliveryInput)
    .output(webhookDeliveryOutput)
    .mutation(({ ctx, input }) => ctx.services.webhooks.resendDelivery(ctx.user, input)),

  enable: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/webhooks/{id}/enable',
        tags,
        summary: 'Turn a webhook back on',
        description:
          'After 3 days of failed deliveries a webhook is turned off (disabledAt and disabledReason say when and why). This clears both: events from now on reach it again; those that happened while it was off were not queued for it, and its failed deliveries can be resent. Turning on a webhook that is on changes nothing. ' +
          'Guardians and nursery staff, from a browser session or with a token holding webhooks:manage.',
        errorResponses: { 403: GUARDIANS_ONLY, 404: NOT_OURS },
      },
    })
    .input(idParam)
    .output(webhookOutput)
    .mutation(({ ctx, input }) => ctx.services.webhooks.enable(ctx.user, input.id)),
});
