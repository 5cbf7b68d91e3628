import type { Subuser, SubuserUpdateRequest } from '@clearport/contract/subusers';
import { inTransaction, isUniqueViolation, refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Refusal } from '../../lib/refusal.ts';
import { commonPasswordRefusal, endPasswordLinks, endSessions, storePasswordHash } from '../access/passwords.ts';
import { recordSecurityEvent, type RequestOrigin } from '../access/security-events.ts';
import { isBroker, type Actor, type SessionUser } from '../access/session-user.ts';
import { userChangesRepository } from '../activity/user-changes.repository.ts';
import { SetPasswordMailError, sendSetPasswordLink } from '../auth/send-set-password-link.ts';
import { sendEmailChangedNotice } from '../settings/account-change.ts';
import { subusersRepository } from './subusers.repository.ts';
import {
  changesOf,
  editRefusal,
  nextLinkedAccounts,
  outsideAccountsRefusal,
  unlinkableAccounts,
} from './subusers.rules.ts';
import {
  accountsRefusal,
  EMAIL_TAKEN,
  linkableAccountsOf,
  MAIL_FAILED,
  NOTICE_FAILED,
  USER_NOT_FOUND,
} from './subusers.refusals.ts';

/**
 * Changes a user of the company: what `changes` sends, nothing else. A portal user (roles 3
 * and 4) may change only users whose accounts are all among their own, never a primary user,
 * nor their own role or state (decision 0011); every check is made again on the user as locked
 * in the transaction. The brokerage changes its companies' primary users (their name). A new
 * password or deactivation ends the user's sessions; a change that changes nothing writes nothing.
 */
export async function updateUser(
  deps: Pick<ActionDeps, 'db' | 'mailer' | 'log' | 'publicUrl'>,
  actor: Actor,
  input: { companyId: number; userId: number; changes: SubuserUpdateRequest; origin?: RequestOrigin },
): Promise<{ updated: boolean } | Refused> {
  const { companyId, userId, changes } = input;
  const refusalToEdit = async (db: ActionDeps['db'], user: Subuser): Promise<Refusal | undefined> => {
    if (isBroker(actor)) return undefined;
    return editRefusal(actor.id, user, changes) ?? outsideAccountsRefusal(user, await linkableAccountsOf(db, actor));
  };
  const found = await subusersRepository.findOfCompany(deps.db, companyId, userId);
  if (!found) return refused(USER_NOT_FOUND);
  // Refused before the password is hashed; checked again below on the user as locked.
  const early = await refusalToEdit(deps.db, found);
  if (early) return refused(early);
  const tooCommon = commonPasswordRefusal(changes.password);
  if (tooCommon) return refused(tooCommon);
  const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);

  try {
    return await inTransaction(deps.db, async (trx): Promise<{ updated: boolean } | Refused> => {
      const target = await subusersRepository.lockOfCompany(trx, companyId, userId);
      if (!target) return refused(USER_NOT_FOUND);
      const refusal = await refusalToEdit(trx, target);
      if (refusal) return refused(refusal);

      let linkedAccounts = target.linked_accounts;
      const isRelinked = changes.linkedAccounts !== undefined && !isBroker(actor);
      if (isRelinked) {
        const linkable = await linkableAccountsOf(trx, actor as SessionUser);
        const unlinkable = unlinkableAccounts(changes.linkedAccounts!, linkable);
        if (unlinkable.length > 0) return refused(accountsRefusal(unlinkable));
        linkedAccounts = nextLinkedAccounts(target.linked_accounts, changes.linkedAccounts!, linkable);
      }
      const email = changes.email ?? target.email;
      if (email.toLowerCase() !== target.email.toLowerCase()) {
        if (await subusersRepository.isEmailTaken(trx, email, target.id)) return refused(EMAIL_TAKEN);
      }

      const before = { ...target, active: target.active === 1 };
      const after = {
        name: changes.name ?? target.name,
        email,
        role: changes.role ?? target.role,
        active: changes.active === undefined ? before.active : changes.active === 1,
        linked_accounts: linkedAccounts,
      };
      const detail = changesOf(before, after, passwordHash !== undefined);
      const isChanged = Object.keys(detail).length > 0;
      const { name, role, active } = after;
      if (isChanged) await subusersRepository.update(trx, target.id, { name, email, role, active });
      if (isRelinked) {
        await subusersRepository.replaceLinks(trx, companyId, target.id, linkedAccounts);
      }
      if (passwordHash !== undefined) await storePasswordHash(trx, target.id, passwordHash);
      // A link sent to the address before (a mistyped one, corrected now) sets no password.
      if (email !== target.email) await endPasswordLinks(trx, target.id);
      if (!after.active) await endSessions(trx, target.id);
      const event = {
        outcome: 'success',
        actor: isBroker(actor) ? 'broker_key' : 'user',
        companyId,
        userId: target.id,
        email,
        origin: input.origin ?? null,
      } as const;
      const changedBy = { changed_by: isBroker(actor) ? null : actor.id };
      if (passwordHash !== undefined) {
        await recordSecurityEvent(
          { db: trx, log: deps.log },
          { ...event, kind: 'password_changed', detail: { via: 'admin', ...changedBy } },
        );
      }
      // The old address of a changed login e-mail is told before the commit (below).
      const isEmailChanged = email.toLowerCase() !== target.email.toLowerCase();
      if (email !== target.email) {
        await recordSecurityEvent(
          { db: trx, log: deps.log },
          { ...event, kind: 'email_changed', detail: { via: 'admin', previous_email: target.email, ...changedBy } },
        );
      }
      const change = { companyId, userId: target.id, userEmail: email, changedBy: isBroker(actor) ? null : actor.id };
      if (isChanged) await userChangesRepository.record(trx, { ...change, action: 'update', detail });
      if (changes.send_password_link) {
        try {
          await sendSetPasswordLink(
            trx,
            deps.mailer,
            deps.publicUrl,
            { id: target.id, name, email },
            { isNew: false, by: isBroker(actor) ? null : actor.name },
          );
        } catch (error) {
          if (!(error instanceof SetPasswordMailError)) throw error;
          deps.log.error({ err: error.cause }, 'set-password mail failed');
          return refused(MAIL_FAILED);
        }
        await userChangesRepository.record(trx, { ...change, action: 'password-link', detail: {} });
      }
      if (isEmailChanged) {
        // Told last, before the commit: a change the old address cannot be told of is not made,
        // as on Settings, so that a taken-over manager's account cannot move it unnoticed.
        try {
          await sendEmailChangedNotice(
            deps.mailer,
            { name: target.name, email: target.email },
            email,
            isBroker(actor) ? 'brokerage' : { colleague: actor.name },
          );
        } catch (error) {
          deps.log.error({ err: error }, 'e-mail change notice failed');
          return refused(NOTICE_FAILED);
        }
      }
      return { updated: isChanged };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refused(EMAIL_TAKEN);
    throw error;
  }
}
