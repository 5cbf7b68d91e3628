import { inTransaction, refused, type Refused } from '../../lib/action.ts';
import { readSecret } from '../../lib/secret-box.ts';
import type { TwoFactorDeps } from './pass-second-factor.ts';
import { ALREADY_ENROLLED, CODE_WRONG, NO_SETUP_STARTED } from './two-factor.refusals.ts';
import { twoFactorRepository } from './two-factor.repository.ts';
import { hashRecoveryCode, newRecoveryCodes, stepOfCode } from './two-factor.rules.ts';

/** How long a set-up waits for its first code. */
const SETUP_MINUTES = 15;

/**
 * Confirms a set-up with a first code of the new key: the second factor is on from now, and
 * ten recovery codes are made, given back this once and stored only as hashes.
 */
export async function confirmTwoFactor(
  deps: TwoFactorDeps,
  user: { id: number },
  code: string,
): Promise<{ recovery_codes: string[] } | Refused> {
  return inTransaction(deps.db, async (trx): Promise<{ recovery_codes: string[] } | Refused> => {
    const factor = await twoFactorRepository.find(trx, user.id);
    if (factor?.isConfirmed) return refused(ALREADY_ENROLLED);
    if (!factor || Date.now() - factor.createdAt.getTime() > SETUP_MINUTES * 60_000) return refused(NO_SETUP_STARTED);
    // A set-up sealed under a key this server no longer has is started again.
    const secret = readSecret(deps.secretKey, factor.sealedSecret);
    if (secret === undefined) return refused(NO_SETUP_STARTED);
    const step = stepOfCode(secret, code, Date.now());
    if (step === null || !(await twoFactorRepository.useStep(trx, user.id, step))) return refused(CODE_WRONG);
    await twoFactorRepository.confirm(trx, user.id);
    const recoveryCodes = newRecoveryCodes();
    await twoFactorRepository.replaceRecoveryCodes(trx, user.id, recoveryCodes.map(hashRecoveryCode));
    return { recovery_codes: recoveryCodes };
  });
}
