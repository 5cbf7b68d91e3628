import type { LoginChallengeResponse } from '@clearport/contract/two-factor';
import { inTransaction, type ActionDeps } from '../../lib/action.ts';
import { newToken } from '../../lib/tokens.ts';
import { holdIfPasswordUnchanged } from '../access/passwords.ts';
import { twoFactorRepository } from './two-factor.repository.ts';

/**
 * The second step a login with the right password still needs, as a challenge: a code when the
 * user has a second factor, set-up when their company requires one and they have none; null
 * when the session may start. The challenge's token is random, stored hashed, short-lived, bound
 * to the user and taken once. 'passwordChanged' when the password (`user.password_hash`, as the
 * login checked it) changed meanwhile: the change ends the challenges, and this one must not
 * follow it (holdIfPasswordUnchanged).
 */
export async function challengeLogin(
  deps: Pick<ActionDeps, 'db'>,
  user: { id: number; password_hash: string },
): Promise<LoginChallengeResponse | 'passwordChanged' | null> {
  const step = await secondStepOf(deps, user);
  if (!step) return null;
  const challenge = newToken();
  const isIssued = await inTransaction(deps.db, async (trx) => {
    if (!(await holdIfPasswordUnchanged(trx, user.id, user.password_hash))) return false;
    await twoFactorRepository.createChallenge(trx, user.id, step, challenge);
    return true;
  });
  return isIssued ? { challenge, step } : 'passwordChanged';
}

/** The second step a sign-in of `user` needs, or null: what a broker's link cannot give (decision 0034). */
export async function secondStepOf(deps: Pick<ActionDeps, 'db'>, user: { id: number }) {
  if (await twoFactorRepository.isConfirmed(deps.db, user.id)) return 'second_factor' as const;
  const isRequired = await twoFactorRepository.isRequiredForUser(deps.db, user.id);
  return isRequired ? ('enrol' as const) : null;
}
