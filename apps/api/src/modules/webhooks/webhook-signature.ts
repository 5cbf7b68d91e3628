import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_MARK } from '@clearport/contract/webhooks';

/** A new endpoint secret: 32 random bytes (Standard Webhooks asks for 24 to 64), as `whsec_<base64>`. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_MARK}${randomBytes(32).toString('base64')}`;
}

/**
 * One secret's signature of an attempt, as the `webhook-signature` header carries it:
 * `v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>`, keyed with the secret's bytes.
 */
export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_MARK.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
