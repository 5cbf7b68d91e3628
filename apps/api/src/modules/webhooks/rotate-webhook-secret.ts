import { SECRET_ROTATION_OVERLAP_HOURS, WEBHOOK_ERRORS } from '@clearport/contract/webhooks';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import { webhooksRepository, type WebhookRow } from './webhooks.repository.ts';

/**
 * The brokerage gives an endpoint a new secret, answered this once. The old one signs beside it
 * for SECRET_ROTATION_OVERLAP_HOURS, so the receiver can take the new one without missing a delivery.
 */
export async function rotateWebhookSecret(
  deps: Pick<ActionDeps, 'db'>,
  _actor: Broker,
  input: { id: number; now?: Date },
): Promise<(WebhookRow & { secret: string }) | Refused> {
  const { id, now = new Date() } = input;
  const secret = newWebhookSecret();
  const overlapUntil = new Date(now.getTime() + SECRET_ROTATION_OVERLAP_HOURS * 3600_000);
  const row = await webhooksRepository.rotateSecret(deps.db, id, secret, { now, overlapUntil });
  return row ? { ...row, secret } : refused({ status: 404, message: WEBHOOK_ERRORS.webhookNotFound });
}
