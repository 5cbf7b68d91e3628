import { recordSecurityEvent, type RequestOrigin } from '../access/security-events.ts';
import { inTransaction, refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { endSessions } from '../access/passwords.ts';
import type { SessionUser } from '../access/session-user.ts';
import { userChangesRepository } from '../activity/user-changes.repository.ts';
import { subusersRepository } from './subusers.repository.ts';
import { editRefusal, outsideAccountsRefusal } from './subusers.rules.ts';
import { linkableAccountsOf, USER_NOT_FOUND } from './subusers.refusals.ts';

/**
 * Ends every sign-in of a user of the caller's company (the Edit User screen, decision 0033): whoever
 * may edit the user may do it, checked on the user as locked; another company's user answers 404.
 * Their next call answers 401. Recorded in the user's history (user_changes), with how many ended.
 */
export async function endUserSessions(
  deps: Pick<ActionDeps, 'db' | 'log'>,
  actor: SessionUser,
  input: { userId: number; origin: RequestOrigin },
): Promise<{ ended: number } | Refused> {
  return inTransaction(deps.db, async (trx): Promise<{ ended: number } | Refused> => {
    const target = await subusersRepository.lockOfCompany(trx, actor.companyId, input.userId);
    if (!target) return refused(USER_NOT_FOUND);
    const refusal =
      editRefusal(actor.id, target, {}) ?? outsideAccountsRefusal(target, await linkableAccountsOf(trx, actor));
    if (refusal) return refused(refusal);
    const ended = await endSessions(trx, target.id);
    await userChangesRepository.record(trx, {
      companyId: actor.companyId,
      userId: target.id,
      userEmail: target.email,
      changedBy: actor.id,
      action: 'end-sessions',
      detail: { ended },
    });
    await recordSecurityEvent(
      { db: trx, log: deps.log },
      {
        kind: 'session_ended_by_admin',
        outcome: 'success',
        companyId: actor.companyId,
        userId: target.id,
        email: target.email,
        origin: input.origin,
        detail: { ended, by_user_id: actor.id },
      },
    );
    return { ended };
  });
}
