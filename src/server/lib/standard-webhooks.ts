import { createHmac, randomBytes } from 'node:crypto';

// Signing per the Standard Webhooks specification (standardwebhooks.com): the `standardwebhooks`
// package does the same, in a few lines we keep rather than add a dependency for.

const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` and 24 random bytes in base64, as the specification's libraries make them. */
export const newWebhookSecret = () => `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;

/** `v1,` and the base64 HMAC-SHA256, keyed by the secret's bytes, of `<id>.<timestamp>.<body>`. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of one delivery attempt. A redelivery keeps its id, so a receiver can drop duplicates. */
export function webhookHeaders(secret: string, id: string, body: string, at: Date): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, id, timestamp, body) };
}
