import type { Trucker, TruckerInput } from '@clearport/contract/truckers';
import { inTransaction, type ActionDeps } from '../../lib/action.ts';
import type { SessionUser } from '../access/session-user.ts';
import { settingsRepository } from './settings.repository.ts';
import { truckersRepository } from './truckers.repository.ts';

/**
 * The New Trucker modal: each trucker created, active, with its e-mail row; in the order given.
 * It waits for a Settings save under way, which would otherwise take a trucker it never read for
 * one its user removed.
 */
export async function createTruckers(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  truckers: readonly TruckerInput[],
): Promise<Trucker[]> {
  return inTransaction(deps.db, async (trx) => {
    await settingsRepository.holdLists(trx, actor.companyId);
    return truckersRepository.createIn(trx, actor, truckers);
  });
}
