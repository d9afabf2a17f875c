import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

// Signing per the Standard Webhooks specification (standardwebhooks.com), with its own library.

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` and 24 random bytes in base64, as the specification's libraries make them. */
export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

/** `v1,` and the base64 HMAC-SHA256, keyed by the secret's bytes, of `<id>.<timestamp>.<body>`. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  return new Webhook(secret).sign(id, new Date(timestampSeconds * 1000), body);
}

/** The three headers of one delivery attempt. A redelivery keeps its id, so a receiver can drop duplicates. */
export function webhookHeaders(secret: string, id: string, body: string, at: Date): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, id, timestamp, body) };
}
