import { SETTINGS_ERRORS } from '@clearport/contract/settings';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { listedRefusal } from '../../lib/refusal.ts';
import { recordSecurityEvent, type RequestOrigin } from '../access/security-events.ts';
import type { SessionUser } from '../access/session-user.ts';
import { loginThrottle, loginThrottleKeys, waitMessage } from './login-throttle.ts';
import { usersRepository } from './users.repository.ts';

/**
 * Checks the signed-in user's current password before their e-mail, password or second factor
 * changes, or their company stops requiring one. It
 * counts as a login attempt of their name from this address, so a stolen session cannot guess
 * it faster than the login page could; a wrong or throttled one is a security event
 * (`current_password_failed`), where a session is guessing its user's password.
 */
export async function verifyCurrentPassword(
  deps: Pick<ActionDeps, 'db' | 'log'>,
  actor: SessionUser,
  input: {
    password: string | undefined;
    origin: RequestOrigin;
    /** The refusal of a missing password: Settings' (its e-mail or password) unless the change is another's. */
    missing?: string;
  },
): Promise<{ verified: true } | Refused> {
  if (!input.password) {
    return refused(listedRefusal(400, input.missing ?? SETTINGS_ERRORS.currentPasswordRequired, 'current_password'));
  }
  const failed = (outcome: 'failure' | 'throttled') =>
    recordSecurityEvent(deps, {
      kind: 'current_password_failed',
      outcome,
      companyId: actor.companyId,
      userId: actor.id,
      email: actor.email,
      origin: input.origin,
    });
  const keys = loginThrottleKeys(actor.email, input.origin.ip ?? '');
  const waitSeconds = await loginThrottle.reserve(deps.db, [keys.pair, keys.name]);
  if (waitSeconds > 0) {
    await failed('throttled');
    return refused({
      ...listedRefusal(429, waitMessage(waitSeconds), 'current_password'),
      retryAfterSeconds: waitSeconds,
    });
  }
  const stored = await usersRepository.findByEmail(deps.db, actor.email);
  if (!stored || !(await verifyPassword(input.password, stored.password_hash))) {
    await failed('failure');
    return refused(listedRefusal(400, SETTINGS_ERRORS.currentPasswordWrong, 'current_password'));
  }
  await loginThrottle.succeeded(deps.db, { keys, waitSeconds: 0, addressUntil: null });
  return { verified: true };
}
