import { inTransaction, refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import type { SessionUser } from '../access/session-user.ts';
import { userChangesRepository } from '../activity/user-changes.repository.ts';
import { subusersRepository } from './subusers.repository.ts';
import { deleteRefusal, outsideAccountsRefusal } from './subusers.rules.ts';
import { linkableAccountsOf, USER_NOT_FOUND } from './subusers.refusals.ts';

/** Deletes a user of the caller's company, checked on the user as locked (decision 0011). */
export async function deleteUser(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  input: { userId: number },
): Promise<{ deleted: true } | Refused> {
  return inTransaction(deps.db, async (trx): Promise<{ deleted: true } | Refused> => {
    const target = await subusersRepository.lockOfCompany(trx, actor.companyId, input.userId);
    if (!target) return refused(USER_NOT_FOUND);
    const refusal =
      deleteRefusal(actor.id, target) ?? outsideAccountsRefusal(target, await linkableAccountsOf(trx, actor));
    if (refusal) return refused(refusal);
    await subusersRepository.delete(trx, target.id);
    await userChangesRepository.record(trx, {
      companyId: actor.companyId,
      userId: target.id,
      userEmail: target.email,
      changedBy: actor.id,
      action: 'delete',
      detail: { name: target.name, role: target.role, accounts: target.linked_accounts },
    });
    return { deleted: true };
  });
}
