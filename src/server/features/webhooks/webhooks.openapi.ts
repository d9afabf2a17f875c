import type { oas31 } from 'zod-openapi';
import { z } from 'zod';
import { eventSchemas, eventTypes, type EventType } from '../../../shared/schemas/events';

/** Shown once per delivery header; the same three on every event (Standard Webhooks). */
const deliveryHeaders = [
  {
    name: 'webhook-id',
    description: 'evt_ and the event id. The same on every attempt of one event to one endpoint: drop a delivery whose id you have already handled.',
    example: 'evt_1042',
  },
  {
    name: 'webhook-timestamp',
    description: 'When this attempt was signed, in whole seconds since 1970 (UTC). Refuse deliveries more than a few minutes from your own clock, against replays.',
    example: '1795600000',
  },
  {
    name: 'webhook-signature',
    description:
      'v1, and the base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>", keyed by the base64-decoded part of your secret after whsec_. ' +
      'Several may be given, separated by spaces; accept the delivery when one matches, compared in constant time. Any Standard Webhooks library verifies it.',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
].map(({ name, description, example }) => ({ name, in: 'header' as const, required: true, description, schema: { type: 'string' as const }, example }));

const RETRIES =
  'Answer 2xx within 5 s once you have the event. Any other answer, or none, is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then every 12 h with the same webhook-id; after 3 days of failures the webhook is disabled (GET /api/webhooks/{id} says why), until you turn it back on with POST /api/webhooks/{id}/enable.';

/** The event's body as JSON Schema (2020-12, OpenAPI 3.1's dialect), from the Zod schema receivers can parse with. */
function bodySchema(type: EventType) {
  const { $schema: _, ...schema } = z.toJSONSchema(eventSchemas[type], { io: 'output' }) as Record<string, unknown>;
  return schema;
}

/**
 * The OpenAPI 3.1 `webhooks` map: for each event type, the POST Nestling makes to a registered
 * endpoint, its signed headers and its body. Built from the same schemas as the deliveries, so
 * the document cannot drift from what is sent.
 */
export function webhookOperations(): oas31.PathsObject {
  return Object.fromEntries(
    eventTypes.map((type) => {
      const schema = bodySchema(type);
      return [
        type,
        {
          post: {
            operationId: `webhook-${type.replace(/[._]/g, '-')}`,
            tags: ['webhooks'],
            summary: `${type} (sent to your endpoint)`,
            description: `${String(schema.description)} Sent to every enabled webhook that subscribed to ${type}. ${RETRIES}`,
            parameters: deliveryHeaders,
            requestBody: { required: true, content: { 'application/json': { schema } } },
            responses: {
              '200': { description: 'Received (any 2xx will do; the body is not read beyond 256 kB and is ignored).' },
              '500': { description: 'Not received: any answer other than 2xx, or none within 5 s, is retried later with the same webhook-id.' },
            },
            // Nestling calls the receiver: its credentials are the signature headers, not a scheme of this API.
            security: [],
          },
        },
      ];
    }),
  );
}
