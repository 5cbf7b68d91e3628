import { timeTextIn } from '@clearport/contract/calendar';
import { isAppCode, SECOND_FACTOR_WRONG_CODES_PER_DAY } from '@clearport/contract/two-factor-forms';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import type { Mailer } from '../../lib/mail.ts';
import { mailParts } from '../../lib/mail-html.ts';
import { readSecret, type SecretKey } from '../../lib/secret-box.ts';
import {
  APP_KEY_UNREADABLE,
  CODE_WRONG,
  NOT_ENROLLED,
  RECOVERY_CODE_WRONG,
  TOO_MANY_WRONG_CODES,
} from './two-factor.refusals.ts';
import { twoFactorRepository } from './two-factor.repository.ts';
import { hashRecoveryCode, stepOfCode } from './two-factor.rules.ts';

/** A day of the wrong codes' count, as the database counts it in UTC. */
const DAY_MS = 86_400_000;

export type TwoFactorDeps = Pick<ActionDeps, 'db'> & {
  secretKey: SecretKey;
  /**
   * Told when a wrong code is the day's last the factor takes (SECOND_FACTOR_WRONG_CODES_PER_DAY), with
   * when it takes codes again: a day after the first of them.
   */
  onWrongCodesLimit?: (until: Date) => Promise<void>;
};

/**
 * Checks a second factor of a user who has one confirmed: a 6-digit code of the app, within a
 * step of now and after the last one used (which it becomes), or an unused recovery code (which
 * is then used). Either is taken by one conditional update, so it passes once. A factor that has
 * taken SECOND_FACTOR_WRONG_CODES_PER_DAY wrong codes within a day takes none until that day is
 * over: each code is counted before it is checked (takeGuess), so that codes sent at once cannot
 * all be checked against a count none of them has added to yet.
 */
export async function passSecondFactor(
  deps: TwoFactorDeps,
  user: { id: number },
  code: string,
): Promise<{ method: 'app' | 'recovery_code' } | Refused> {
  const factor = await twoFactorRepository.find(deps.db, user.id);
  if (!factor?.isConfirmed) return refused(NOT_ENROLLED);
  // A key this server cannot open (sealed under another): recovery codes still pass, app codes cannot.
  const secret = isAppCode(code) ? readSecret(deps.secretKey, factor.sealedSecret) : undefined;
  if (isAppCode(code) && secret === undefined) return refused(APP_KEY_UNREADABLE);
  const wrongCodes = await twoFactorRepository.takeGuess(deps.db, user.id, SECOND_FACTOR_WRONG_CODES_PER_DAY);
  if (wrongCodes === undefined) return refused(TOO_MANY_WRONG_CODES);
  const { count, firstAt } = wrongCodes;
  const passed = await checkCode(deps, user, secret, code);
  if ('method' in passed) {
    await twoFactorRepository.forgetWrongCodes(deps.db, user.id);
    return passed;
  }
  if (count === SECOND_FACTOR_WRONG_CODES_PER_DAY) await deps.onWrongCodesLimit?.(new Date(firstAt.getTime() + DAY_MS));
  return passed;
}

/** The code checked and taken: an app code against `secret`, anything else as a recovery code. */
async function checkCode(
  deps: TwoFactorDeps,
  user: { id: number },
  secret: string | undefined,
  code: string,
): Promise<{ method: 'app' | 'recovery_code' } | Refused> {
  if (secret === undefined) {
    const isUsed = await twoFactorRepository.useRecoveryCode(deps.db, user.id, hashRecoveryCode(code));
    return isUsed ? { method: 'recovery_code' } : refused(RECOVERY_CODE_WRONG);
  }
  const step = stepOfCode(secret, code, Date.now());
  if (step === null || !(await twoFactorRepository.useStep(deps.db, user.id, step))) return refused(CODE_WRONG);
  return { method: 'app' };
}

/**
 * Tells a user that their second factor took its last wrong code of the day: whoever typed them
 * got past the password, which the user should change.
 */
export async function sendWrongCodesNotice(
  mailer: Mailer,
  user: { name: string; email: string },
  until: { at: Date; timeZone: string },
): Promise<void> {
  await mailer.send({
    to: user.email,
    subject: 'Wrong two-factor codes at your Clearport sign-in',
    ...mailParts([
      [`Hello ${user.name},`],
      [
        'Someone signed in to the Clearport client portal with your password and then entered ' +
          `${SECOND_FACTOR_WRONG_CODES_PER_DAY} wrong two-factor codes. Your two-factor sign-in takes no more codes ` +
          `until ${timeTextIn(until.at, until.timeZone)}, a day after the first of them, or until your company's ` +
          'primary user or a manager resets it.',
      ],
      ['If this was not you, change your password at once and tell your brokerage (reply to this e-mail).'],
    ]),
  });
}
