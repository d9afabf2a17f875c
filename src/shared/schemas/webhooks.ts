import { z } from 'zod';
import { pathId, text } from './common';
import { eventType, eventTypes } from './events';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

export const createWebhookInput = z.strictObject({
  /** Where deliveries are POSTed: https://, and a public address (the server checks both). */
  url: text('Give the address as text.')
    .trim()
    .max(MAX_WEBHOOK_URL_LENGTH, `A webhook address has at most ${MAX_WEBHOOK_URL_LENGTH} characters.`)
    .pipe(z.url({ protocol: /^https?$/, error: 'Give a full https:// address, such as https://example.com/nestling-webhook.' })),
  eventTypes: z
    .array(eventType, `Choose the events to receive, from: ${eventTypes.join(', ')}.`)
    .min(1, 'Choose at least one event to receive.')
    .max(eventTypes.length)
    .refine((types) => new Set(types).size === types.length, 'Name each event once.'),
  description: text('Give the description as text.').trim().max(200, 'A description has at most 200 characters.').default(''),
});
export type CreateWebhookInput = z.output<typeof createWebhookInput>;

export const webhookOutput = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(eventType),
  createdAt: z.iso.datetime(),
  /** Set when deliveries kept failing for 3 days: nothing more is sent, and disabledReason says why. */
  disabledAt: z.iso.datetime().nullable(),
  disabledReason: z.string().nullable(),
});
export type WebhookDto = z.infer<typeof webhookOutput>;

export const createdWebhookOutput = webhookOutput.extend({
  /** Signs every delivery (Standard Webhooks, `whsec_…`). Shown this once: keep it now. */
  secret: z.string(),
});
export type CreatedWebhookDto = z.infer<typeof createdWebhookOutput>;

export const webhookDeliveryOutput = z.object({
  id: z.number().int(),
  /** The outbox event; a delivery's `webhook-id` header is `evt_<eventId>`, the same on every attempt. */
  eventId: z.number().int(),
  eventType: eventType,
  status: z.enum(['pending', 'delivered', 'failed']),
  /** Attempts made since it was created, or since it was last resent. */
  attempts: z.number().int(),
  /** The receiver's status code on the last attempt; null when it did not answer. */
  responseCode: z.number().int().nullable(),
  /** Why the last attempt failed, when it did not get an answer (timeout, refused address...). */
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  lastAttemptAt: z.iso.datetime().nullable(),
  /** When the next attempt is due, while pending. */
  nextAttemptAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryOutput>;

/** POST /webhooks/{id}/deliveries/{deliveryId}/resend. */
export const resendDeliveryInput = z.strictObject({ id: pathId, deliveryId: pathId });
export type ResendDeliveryInput = z.output<typeof resendDeliveryInput>;
