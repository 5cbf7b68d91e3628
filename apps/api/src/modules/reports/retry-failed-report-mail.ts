import type { ActionDeps } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { reportMailRepository } from './report-mail.repository.ts';

/**
 * The brokerage sends a failed monthly report mail again: it goes back to the queue, due now, with
 * a fresh day of retries, and the running server's worker sends it. False: no failed report mail
 * has this id.
 */
export function retryFailedReportMail(
  deps: Pick<ActionDeps, 'db'>,
  _actor: Broker,
  input: { id: string },
): Promise<boolean> {
  return reportMailRepository.retryFailed(deps.db, input.id, new Date());
}
