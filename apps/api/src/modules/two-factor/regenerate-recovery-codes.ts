import { inTransaction, isRefused, type Refused } from '../../lib/action.ts';
import { passSecondFactor, type TwoFactorDeps } from './pass-second-factor.ts';
import { twoFactorRepository } from './two-factor.repository.ts';
import { hashRecoveryCode, newRecoveryCodes } from './two-factor.rules.ts';

/**
 * Ten new recovery codes after a current code (the password was checked first); the old ones end.
 * The code is checked before the transaction, so a wrong one counts against the day's limit.
 */
export async function regenerateRecoveryCodes(
  deps: TwoFactorDeps,
  user: { id: number },
  code: string,
): Promise<{ recovery_codes: string[] } | Refused> {
  const passed = await passSecondFactor(deps, user, code);
  if (isRefused(passed)) return passed;
  return inTransaction(deps.db, async (trx) => {
    const recoveryCodes = newRecoveryCodes();
    await twoFactorRepository.replaceRecoveryCodes(trx, user.id, recoveryCodes.map(hashRecoveryCode));
    return { recovery_codes: recoveryCodes };
  });
}
