import { inTransaction, isRefused, type Refused } from '../../lib/action.ts';
import { passSecondFactor, type TwoFactorDeps } from './pass-second-factor.ts';
import { twoFactorRepository } from './two-factor.repository.ts';
import { hashRecoveryCode, newRecoveryCodes } from './two-factor.rules.ts';

/** Ten new recovery codes after a current code (the password was checked first); the old ones end. */
export async function regenerateRecoveryCodes(
  deps: TwoFactorDeps,
  user: { id: number },
  code: string,
): Promise<{ recovery_codes: string[] } | Refused> {
  return inTransaction(deps.db, async (trx): Promise<{ recovery_codes: string[] } | Refused> => {
    const passed = await passSecondFactor({ ...deps, db: trx }, user, code);
    if (isRefused(passed)) return passed;
    const recoveryCodes = newRecoveryCodes();
    await twoFactorRepository.replaceRecoveryCodes(trx, user.id, recoveryCodes.map(hashRecoveryCode));
    return { recovery_codes: recoveryCodes };
  });
}
