import type { ReportKind } from '@clearport/contract/reports';
import { inTransaction, type ActionDeps } from '../../lib/action.ts';
import type { SessionUser } from '../access/session-user.ts';
import { reportMailRepository } from './report-mail.repository.ts';

/** A user chooses the reports they receive by e-mail each month; the list replaces the last one. */
export function setReportSubscriptions(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  reports: readonly ReportKind[],
): Promise<ReportKind[]> {
  return inTransaction(deps.db, async (trx) => {
    await reportMailRepository.setSubscriptions(trx, actor.id, [...new Set(reports)]);
    return reportMailRepository.subscriptionsOf(trx, actor.id);
  });
}
