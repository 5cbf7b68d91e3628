import { inTransaction, type ActionDeps } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { customsEntriesRepository, type EntryFields } from './customs-entries.repository.ts';

/**
 * The brokerage sends a customs entry: created under the shipment `shipmentId` names, or changed
 * in the fields it carries (a field left out stays). `unknownEntry`: a new entry needs its shipment.
 */
export function setCustomsEntry(
  deps: Pick<ActionDeps, 'db'>,
  _actor: Broker,
  input: { entryNumber: string; shipmentId?: number; fields: EntryFields },
): Promise<'created' | 'updated' | 'unchanged' | 'unknownEntry'> {
  return inTransaction(deps.db, async (trx) => {
    const outcome = await customsEntriesRepository.upsert(trx, input.entryNumber, input.shipmentId, input.fields);
    return outcome === 'unknown' ? 'unknownEntry' : outcome;
  });
}
