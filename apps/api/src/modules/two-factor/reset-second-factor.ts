import type { ActionDeps } from '../../lib/action.ts';
import { twoFactorRepository } from './two-factor.repository.ts';

/**
 * Removes a user's second factor, its recovery codes and open sign-in challenges, for an
 * administrator's reset of a lost device (subusers/reset-user-two-factor.ts checks who may, and
 * records it). Joins the caller's transaction. False when the user had none.
 */
export async function resetSecondFactor(deps: Pick<ActionDeps, 'db'>, userId: number): Promise<boolean> {
  return twoFactorRepository.remove(deps.db, userId);
}
