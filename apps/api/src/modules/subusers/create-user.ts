import { ROLES } from '@clearport/contract/roles';
import { hashPassword } from '../../lib/passwords.ts';
import { inTransaction, isUniqueViolation, refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { newToken } from '../../lib/tokens.ts';
import { commonPasswordRefusal } from '../access/passwords.ts';
import { isBroker, type Actor } from '../access/session-user.ts';
import { userChangesRepository } from '../activity/user-changes.repository.ts';
import { SetPasswordMailError, sendSetPasswordLink } from '../auth/send-set-password-link.ts';
import { defaultNotificationLists } from '../settings/default-notification-lists.ts';
import { subusersRepository } from './subusers.repository.ts';
import { unlinkableAccounts } from './subusers.rules.ts';
import { accountsRefusal, EMAIL_TAKEN, linkableAccountsOf, MAIL_FAILED, OTHER_COMPANY } from './subusers.refusals.ts';

export type NewUserInput = {
  companyId: number;
  name: string;
  email: string;
  role: number;
  /** A typed password; without one the user chooses theirs through the set-password e-mail or Forgot password. */
  password?: string;
  linkedAccounts: readonly string[];
  sendPasswordLink: boolean;
};

/**
 * A new user of the company, with their linked accounts, recorded in user_changes, and (when
 * asked) the set-password e-mail, sent before the commit so that a mail that cannot be sent
 * creates nobody. A portal user adds users to their own company only, linked to accounts they
 * see; the brokerage (its API's primary_user record) adds a company's primary user, to whom the
 * company's notification lists then go until the company sets them.
 */
export async function createUser(
  deps: Pick<ActionDeps, 'db' | 'mailer' | 'log' | 'publicUrl'>,
  actor: Actor,
  input: NewUserInput,
): Promise<{ id: number } | Refused> {
  if (!isBroker(actor)) {
    if (input.companyId !== actor.companyId) return refused(OTHER_COMPANY);
    const unlinkable = unlinkableAccounts(input.linkedAccounts, await linkableAccountsOf(deps.db, actor));
    if (unlinkable.length > 0) return refused(accountsRefusal(unlinkable));
  }
  if (await subusersRepository.isEmailTaken(deps.db, input.email)) return refused(EMAIL_TAKEN);
  const tooCommon = commonPasswordRefusal(input.password);
  if (tooCommon) return refused(tooCommon);
  // Half a second of scrypt, before the transaction when it is the action's own.
  const passwordHash = await hashPassword(input.password ?? newToken());
  const { companyId, name, email, role } = input;
  const change = { companyId, userEmail: email, changedBy: isBroker(actor) ? null : actor.id };
  try {
    return await inTransaction(deps.db, async (trx): Promise<{ id: number } | Refused> => {
      const id = await subusersRepository.create(trx, companyId, { name, email, role, passwordHash });
      await subusersRepository.replaceLinks(trx, companyId, id, input.linkedAccounts);
      if (role === ROLES.primary) await defaultNotificationLists(trx, { companyId, email });
      await userChangesRepository.record(trx, {
        ...change,
        userId: id,
        action: 'create',
        detail: {
          name,
          email,
          role,
          ...(isBroker(actor) ? {} : { accounts: [...new Set(input.linkedAccounts)].sort() }),
          password: input.password === undefined ? 'link' : 'typed',
        },
      });
      if (input.sendPasswordLink) {
        try {
          await sendSetPasswordLink(
            trx,
            deps.mailer,
            deps.publicUrl,
            { id, name, email },
            { isNew: true, by: isBroker(actor) ? null : actor.name },
          );
        } catch (error) {
          if (!(error instanceof SetPasswordMailError)) throw error;
          deps.log.error({ err: error.cause }, 'set-password mail failed');
          return refused(MAIL_FAILED);
        }
        await userChangesRepository.record(trx, { ...change, userId: id, action: 'password-link', detail: {} });
      }
      return { id };
    });
  } catch (error) {
    // Another writer took the address between the check and the insert.
    if (isUniqueViolation(error)) return refused(EMAIL_TAKEN);
    throw error;
  }
}
