import { canManageUsers } from '@clearport/contract/roles';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import type { SessionUser } from '../access/session-user.ts';
import { NOT_ALLOWED } from './two-factor.refusals.ts';
import { twoFactorRepository } from './two-factor.repository.ts';

/**
 * The primary user and managers require a second factor of everyone in the company, or stop
 * requiring it. Users without one are led to set it up at their next sign-in.
 */
export async function setCompanyTwoFactor(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  input: { requireTwoFactor: boolean },
): Promise<{ saved: true } | Refused> {
  if (!canManageUsers(actor.role)) return refused(NOT_ALLOWED);
  await twoFactorRepository.setRequiredByCompany(deps.db, actor.companyId, input.requireTwoFactor);
  return { saved: true };
}
