import { WEBHOOK_ERRORS } from '@clearport/contract/webhooks';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { urlRefusal } from './webhooks.rules.ts';
import { webhooksRepository, type WebhookChanges, type WebhookRow } from './webhooks.repository.ts';

/**
 * The brokerage changes an endpoint: what it names changes. A new URL or filter applies to the
 * deliveries from their next attempt and to the events queued from now on; disabling pauses it.
 */
export async function updateWebhook(
  deps: Pick<ActionDeps, 'db'>,
  _actor: Broker,
  input: { id: number; changes: WebhookChanges; allowPlainHttp: boolean; now?: Date },
): Promise<WebhookRow | Refused> {
  const { id, changes, allowPlainHttp, now = new Date() } = input;
  const badUrl = changes.url === undefined ? undefined : urlRefusal(changes.url, allowPlainHttp);
  if (badUrl) return refused(badUrl);
  const row = await webhooksRepository.update(deps.db, id, changes, now);
  return row ?? refused({ status: 404, message: WEBHOOK_ERRORS.webhookNotFound });
}
