import type { Agency, Disposition } from '@clearport/contract/customs-entry';
import { inTransaction, type ActionDeps } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { customsEntriesRepository } from './customs-entries.repository.ts';

/**
 * The brokerage sends an agency's disposition of an entry (a hold, an exam, a release): it becomes
 * the agency's current one and a line of the entry's history.
 */
export function setAgencyDisposition(
  deps: Pick<ActionDeps, 'db'>,
  _actor: Broker,
  input: { entryNumber: string; agency: Agency; disposition: Disposition; disposedAt: Date; note?: string },
): Promise<'created' | 'updated' | 'unchanged' | 'unknownEntry'> {
  return inTransaction(deps.db, async (trx) => {
    const entryId = await customsEntriesRepository.lockedId(trx, input.entryNumber);
    if (entryId === undefined) return 'unknownEntry';
    return customsEntriesRepository.setDisposition(trx, entryId, input);
  });
}
