import { MAX_WEBHOOKS, WEBHOOK_ERRORS } from '@clearport/contract/webhooks';
import { inTransaction, refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { ingestionReads } from '../ingestion/ingestion.reads.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import { urlRefusal } from './webhooks.rules.ts';
import { webhooksRepository, type WebhookChanges, type WebhookRow } from './webhooks.repository.ts';

/**
 * The brokerage registers a webhook receiver. Its secret is made here and answered this once. It
 * receives what happens from now on (its place is the feed's end), or everything after `after`.
 */
export function createWebhook(
  deps: Pick<ActionDeps, 'db'>,
  _actor: Broker,
  input: Required<WebhookChanges> & { after?: string; allowPlainHttp: boolean },
): Promise<(WebhookRow & { secret: string }) | Refused> {
  const { after, allowPlainHttp, ...endpoint } = input;
  const badUrl = urlRefusal(endpoint.url, allowPlainHttp);
  if (badUrl) return Promise.resolve(refused(badUrl));
  return inTransaction(deps.db, async (trx) => {
    if (after !== undefined && !(await ingestionReads.isHandedOut(trx, after))) {
      return refused({ status: 400, message: WEBHOOK_ERRORS.unknownCursor, field: 'after' });
    }
    if ((await webhooksRepository.countLocked(trx)) >= MAX_WEBHOOKS) {
      return refused({ status: 409, message: WEBHOOK_ERRORS.tooManyWebhooks });
    }
    const secret = newWebhookSecret();
    const cursor = after ?? (await ingestionReads.feedEnd(trx));
    const row = await webhooksRepository.create(trx, { ...endpoint, secret, cursor });
    return { ...row, secret };
  });
}
