import { z } from 'zod';
import { text } from './common';

export const MAX_PUSH_ENDPOINT_LENGTH = 2048;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export const pushPublicKeyOutput = z.object({
  /** The server's VAPID public key (base64url, uncompressed P-256): the browser's applicationServerKey. */
  publicKey: z.string(),
});
export type PushPublicKeyDto = z.infer<typeof pushPublicKeyOutput>;

/** What the browser's PushSubscription.toJSON() gives, as it gives it. */
export const savePushSubscriptionInput = z.strictObject({
  endpoint: text('Give the endpoint as text.')
    .max(MAX_PUSH_ENDPOINT_LENGTH, `A push endpoint has at most ${MAX_PUSH_ENDPOINT_LENGTH} characters.`)
    .pipe(z.url({ protocol: /^https?$/, error: "Give the push service's https:// endpoint, as the browser's PushSubscription has it." })),
  /** Browsers send null; a time is accepted and not kept (push services answer 404 or 410 once it has passed). */
  expirationTime: z.number('Give expirationTime as a number of milliseconds, or null.').nullable().optional(),
  keys: z.strictObject(
    {
      p256dh: text('Give keys.p256dh as text.').regex(
        /^B[A-Za-z0-9_-]{86}$/,
        "keys.p256dh must be the browser's P-256 public key in base64url (87 characters starting with B), as PushSubscription.toJSON() gives it.",
      ),
      auth: text('Give keys.auth as text.')
        .regex(BASE64URL, 'keys.auth must be base64url.')
        .length(22, "keys.auth must be the browser's 16-byte auth secret in base64url (22 characters)."),
    },
    'Give keys as {p256dh, auth}, as PushSubscription.toJSON() gives them.',
  ),
});
export type SavePushSubscriptionInput = z.output<typeof savePushSubscriptionInput>;

export const pushSubscriptionOutput = z.object({
  id: z.number().int(),
  /** Read from the browser's user agent when it was saved, such as 'Chrome on Android'. */
  deviceLabel: z.string(),
  /** The push service's address, so a browser can tell which of the list is itself. */
  endpoint: z.string(),
  createdAt: z.iso.datetime(),
});
export type PushSubscriptionDto = z.infer<typeof pushSubscriptionOutput>;
