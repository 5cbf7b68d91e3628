import type { ActionDeps } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { retryFailed } from './event-mail.repository.ts';

/**
 * The brokerage sends a failed event mail again: it goes back to the queue, due now, with a fresh
 * day of retries, and the running server's worker sends it. False: no failed mail has this id.
 */
export function retryFailedMail(deps: Pick<ActionDeps, 'db'>, _actor: Broker, input: { id: string }): Promise<boolean> {
  return retryFailed(deps.db, input.id);
}
