import { inTransaction, refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import type { SessionUser } from '../access/session-user.ts';
import { userChangesRepository } from '../activity/user-changes.repository.ts';
import { resetSecondFactor } from '../two-factor/reset-second-factor.ts';
import { subusersRepository } from './subusers.repository.ts';
import { editRefusal, outsideAccountsRefusal } from './subusers.rules.ts';
import { linkableAccountsOf, USER_NOT_FOUND } from './subusers.refusals.ts';

/**
 * A user lost the device of their second factor: whoever may edit them (decision 0011) removes
 * it, and the user sets one up again (at their next sign-in when the company requires it). The
 * user's history records it.
 */
export async function resetUserTwoFactor(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  input: { userId: number },
): Promise<{ reset: boolean } | Refused> {
  return inTransaction(deps.db, async (trx): Promise<{ reset: boolean } | Refused> => {
    const target = await subusersRepository.lockOfCompany(trx, actor.companyId, input.userId);
    if (!target) return refused(USER_NOT_FOUND);
    const refusal =
      editRefusal(actor.id, target, { resetsSecondFactor: true }) ??
      outsideAccountsRefusal(target, await linkableAccountsOf(trx, actor));
    if (refusal) return refused(refusal);
    const isReset = await resetSecondFactor({ db: trx }, target.id);
    if (isReset) {
      await userChangesRepository.record(trx, {
        companyId: actor.companyId,
        userId: target.id,
        userEmail: target.email,
        changedBy: actor.id,
        action: 'two-factor-reset',
        detail: {},
      });
    }
    return { reset: isReset };
  });
}
