import { isAppCode } from '@clearport/contract/two-factor-forms';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { readSecret, type SecretKey } from '../../lib/secret-box.ts';
import { APP_KEY_UNREADABLE, CODE_WRONG, NOT_ENROLLED, RECOVERY_CODE_WRONG } from './two-factor.refusals.ts';
import { twoFactorRepository } from './two-factor.repository.ts';
import { hashRecoveryCode, stepOfCode } from './two-factor.rules.ts';

export type TwoFactorDeps = Pick<ActionDeps, 'db'> & { secretKey: SecretKey };

/**
 * Checks a second factor of a user who has one confirmed: a 6-digit code of the app, within a
 * step of now and after the last one used (which it becomes), or an unused recovery code (which
 * is then used). Either is taken by one conditional update, so it passes once.
 */
export async function passSecondFactor(
  deps: TwoFactorDeps,
  user: { id: number },
  code: string,
): Promise<{ method: 'app' | 'recovery_code' } | Refused> {
  const factor = await twoFactorRepository.find(deps.db, user.id);
  if (!factor?.isConfirmed) return refused(NOT_ENROLLED);
  if (!isAppCode(code)) {
    const isUsed = await twoFactorRepository.useRecoveryCode(deps.db, user.id, hashRecoveryCode(code));
    return isUsed ? { method: 'recovery_code' } : refused(RECOVERY_CODE_WRONG);
  }
  // A key this server cannot open (sealed under another): recovery codes still pass, app codes cannot.
  const secret = readSecret(deps.secretKey, factor.sealedSecret);
  if (secret === undefined) return refused(APP_KEY_UNREADABLE);
  const step = stepOfCode(secret, code, Date.now());
  if (step === null || !(await twoFactorRepository.useStep(deps.db, user.id, step))) return refused(CODE_WRONG);
  return { method: 'app' };
}
