import { SETTINGS_ERRORS } from '@clearport/contract/settings';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { listedRefusal } from '../../lib/refusal.ts';
import type { SessionUser } from '../access/session-user.ts';
import { loginThrottle, loginThrottleKeys, waitMessage } from './login-throttle.ts';
import { usersRepository } from './users.repository.ts';

/**
 * Checks the signed-in user's current password before their e-mail or password changes. It
 * counts as a login attempt of their name from this address, so a stolen session cannot guess
 * it faster than the login page could.
 */
export async function verifyCurrentPassword(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  input: { password: string | undefined; ip: string },
): Promise<{ verified: true } | Refused> {
  if (!input.password) {
    return refused(listedRefusal(400, SETTINGS_ERRORS.currentPasswordRequired, 'current_password'));
  }
  const keys = loginThrottleKeys(actor.email, input.ip);
  const waitSeconds = await loginThrottle.reserve(deps.db, [keys.pair, keys.name]);
  if (waitSeconds > 0) {
    return refused({
      ...listedRefusal(429, waitMessage(waitSeconds), 'current_password'),
      retryAfterSeconds: waitSeconds,
    });
  }
  const stored = await usersRepository.findByEmail(deps.db, actor.email);
  if (!stored || !(await verifyPassword(input.password, stored.password_hash))) {
    return refused(listedRefusal(400, SETTINGS_ERRORS.currentPasswordWrong, 'current_password'));
  }
  await loginThrottle.succeeded(deps.db, { keys, waitSeconds: 0, addressUntil: null });
  return { verified: true };
}
