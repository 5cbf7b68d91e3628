import { isRefused, refused, type Refused } from '../../lib/action.ts';
import type { Db } from '../../db/connect.ts';
import { listedRefusal } from '../../lib/refusal.ts';
import { loginThrottle, loginThrottleKeys, waitMessage } from '../auth/login-throttle.ts';

/**
 * Runs a check of a password or code under the login throttle of the user's name from this
 * address: guessing codes waits as guessing passwords does, and a check that passes gives the
 * name's attempts back. A refusal of `check` counts as a failed attempt.
 */
export async function throttled<Result>(
  db: Db,
  attempt: { email: string; ip: string; field: string },
  check: () => Promise<Result | Refused>,
): Promise<Result | Refused> {
  const loginAttempt = await loginThrottle.start(db, loginThrottleKeys(attempt.email, attempt.ip));
  if (loginAttempt.waitSeconds > 0) {
    return refused({
      ...listedRefusal(429, waitMessage(loginAttempt.waitSeconds), attempt.field),
      retryAfterSeconds: loginAttempt.waitSeconds,
    });
  }
  const result = await check();
  if (!isRefused(result)) await loginThrottle.succeeded(db, loginAttempt);
  return result;
}
