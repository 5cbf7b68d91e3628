import { inTransaction, isRefused, refused, type Refused } from '../../lib/action.ts';
import { passSecondFactor, type TwoFactorDeps } from './pass-second-factor.ts';
import { REQUIRED_BY_COMPANY } from './two-factor.refusals.ts';
import { twoFactorRepository } from './two-factor.repository.ts';

/**
 * Turns the caller's second factor off after a current code (the password was checked first),
 * unless their company requires one. The code is checked before the transaction, so a wrong one
 * counts against the day's limit as at sign-in.
 */
export async function removeTwoFactor(
  deps: TwoFactorDeps,
  user: { id: number; companyId: number },
  code: string,
): Promise<{ removed: true } | Refused> {
  if (await twoFactorRepository.isRequiredByCompany(deps.db, user.companyId)) return refused(REQUIRED_BY_COMPANY);
  const passed = await passSecondFactor(deps, user, code);
  if (isRefused(passed)) return passed;
  return inTransaction(deps.db, async (trx) => {
    await twoFactorRepository.remove(trx, user.id);
    return { removed: true } as const;
  });
}
