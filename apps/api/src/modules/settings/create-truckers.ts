import type { Trucker, TruckerInput } from '@clearport/contract/truckers';
import { inTransaction, type ActionDeps } from '../../lib/action.ts';
import type { SessionUser } from '../access/session-user.ts';
import { truckersRepository } from './truckers.repository.ts';

/** The New Trucker modal: each trucker created, active, with its e-mail row; in the order given. */
export async function createTruckers(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  truckers: readonly TruckerInput[],
): Promise<Trucker[]> {
  return inTransaction(deps.db, (trx) => truckersRepository.createIn(trx, actor, truckers));
}
