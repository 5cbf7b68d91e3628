import { inTransaction, type ActionDeps } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { customsEntriesRepository, type LineFields } from './customs-entries.repository.ts';
import { section301DutyFault, type Section301DutyFault } from './customs-entries.rules.ts';

/**
 * The brokerage sends a line of an entry: created (it needs its HTS number), changed in the fields
 * it carries, or deleted (`fields` 'deleted'); the entry's entered value and duty follow in the
 * same transaction. A line whose Section 301 duty the write would leave unflagged or above its
 * duty is left as it was (decision 0051).
 */
export function setEntryLine(
  deps: Pick<ActionDeps, 'db'>,
  _actor: Broker,
  input: { entryNumber: string; lineNumber: number; fields: LineFields | 'deleted' },
): Promise<'created' | 'updated' | 'unchanged' | 'deleted' | 'unknownEntry' | 'needsHtsNumber' | Section301DutyFault> {
  return inTransaction(deps.db, async (trx) => {
    const entryId = await customsEntriesRepository.lockedId(trx, input.entryNumber);
    if (entryId === undefined) return 'unknownEntry';
    if (input.fields === 'deleted') return customsEntriesRepository.deleteLine(trx, entryId, input.lineNumber);
    const current = await customsEntriesRepository.lockedLine(trx, entryId, input.lineNumber);
    const fault = section301DutyFault(current, input.fields);
    if (fault) return fault;
    return customsEntriesRepository.upsertLine(trx, entryId, input.lineNumber, input.fields, current);
  });
}
