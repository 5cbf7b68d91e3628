import { canManageUsers } from '@clearport/contract/roles';
import { TWO_FACTOR_ERRORS } from '@clearport/contract/two-factor-forms';
import { isRefused, refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import type { RequestOrigin } from '../access/security-events.ts';
import type { SessionUser } from '../access/session-user.ts';
import { verifyCurrentPassword } from '../auth/verify-current-password.ts';
import { NOT_ALLOWED } from './two-factor.refusals.ts';
import { twoFactorRepository } from './two-factor.repository.ts';

/**
 * The primary user and managers require a second factor of everyone in the company, or stop
 * requiring it. Users without one are led to set it up at their next sign-in. Stopping weakens
 * every colleague's sign-in, so it asks for the caller's current password, as turning off one's
 * own second factor does; a session alone, an unlocked screen, must not do it.
 */
export async function setCompanyTwoFactor(
  deps: Pick<ActionDeps, 'db' | 'log'>,
  actor: SessionUser,
  input: { requireTwoFactor: boolean; currentPassword: string | undefined; origin: RequestOrigin },
): Promise<{ saved: true } | Refused> {
  if (!canManageUsers(actor.role)) return refused(NOT_ALLOWED);
  if (!input.requireTwoFactor) {
    const verified = await verifyCurrentPassword(deps, actor, {
      password: input.currentPassword,
      origin: input.origin,
      missing: TWO_FACTOR_ERRORS.passwordEmpty,
    });
    if (isRefused(verified)) return verified;
  }
  await twoFactorRepository.setRequiredByCompany(deps.db, actor.companyId, input.requireTwoFactor);
  return { saved: true };
}
