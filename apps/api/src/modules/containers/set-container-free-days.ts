import { inTransaction, type ActionDeps } from '../../lib/action.ts';
import type { Broker } from '../access/session-user.ts';
import { containerFreeDaysRepository, type FreeDaysFields } from './container-free-days.repository.ts';

/**
 * The brokerage sends a container's free days (docs/decisions/0029-demurrage.md): the fields it
 * carries change, a field left out stays, and each change of a last free day is kept in the
 * container's history. `unknownContainer`: the portal has no such container.
 */
export function setContainerFreeDays(
  deps: Pick<ActionDeps, 'db'>,
  _actor: Broker,
  input: { fileNumber: string; containerNo: string; fields: FreeDaysFields },
): Promise<'created' | 'updated' | 'unchanged' | 'unknownContainer'> {
  return inTransaction(deps.db, async (trx) => {
    const containerId = await containerFreeDaysRepository.lockedContainerId(trx, input.fileNumber, input.containerNo);
    if (containerId === undefined) return 'unknownContainer';
    return containerFreeDaysRepository.set(trx, containerId, input.fields);
  });
}
