import { WEBHOOK_ERRORS } from '@clearport/contract/webhooks';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { webhooksRepository } from './webhooks.repository.ts';

/** The brokerage deletes an endpoint with its deliveries: nothing more is sent to it. */
export async function deleteWebhook(
  deps: Pick<ActionDeps, 'db'>,
  _actor: Broker,
  input: { id: number },
): Promise<'deleted' | Refused> {
  if (await webhooksRepository.delete(deps.db, input.id)) return 'deleted';
  return refused({ status: 404, message: WEBHOOK_ERRORS.webhookNotFound });
}
