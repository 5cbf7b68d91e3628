import { canEditCompanyLists } from '@clearport/contract/roles';
import {
  SETTINGS_ERRORS,
  SETTINGS_SAVED,
  settingsRevision,
  type SaveSettingsResponse,
  type SettingsFormSaveRequest,
} from '@clearport/contract/settings';
import {
  inTransaction,
  isRefused,
  isUniqueViolation,
  refused,
  type ActionDeps,
  type Refused,
} from '../../lib/action.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { listedRefusal } from '../../lib/refusal.ts';
import { commonPasswordRefusal, storePasswordHash } from '../access/passwords.ts';
import { recordSecurityEvent, type RequestOrigin } from '../access/security-events.ts';
import type { SessionUser } from '../access/session-user.ts';
import { userChangesRepository } from '../activity/user-changes.repository.ts';
import { verifyCurrentPassword } from '../auth/verify-current-password.ts';
import { changeOwnEmail, isEmailTaken, sendEmailChangedNotice } from './account-change.ts';
import { settingsRepository } from './settings.repository.ts';
import { isEmailChange, needsCurrentPassword } from './settings.rules.ts';

const EMAIL_TAKEN = refused(listedRefusal(409, SETTINGS_ERRORS.emailTaken, 'email'));
const LISTS_FORBIDDEN = refused(listedRefusal(403, SETTINGS_ERRORS.companyListsForbidden, 'user_emails'));
const CHANGED_ELSEWHERE = refused(listedRefusal(409, SETTINGS_ERRORS.changedElsewhere, 'revision'));

/**
 * The Settings screen's save: the four notification lists, the truckers and warehouses when
 * sent (by those who edit them, canEditCompanyLists), and the user's own e-mail and password
 * (after their current password). All or nothing:
 * a refusal, or a notice of a changed e-mail that cannot be sent, leaves everything as it was.
 * With the revision the screen started from, lists changed since refuse the save (409) instead
 * of being replaced by a copy that never saw the change.
 */
export async function saveSettings(
  deps: Pick<ActionDeps, 'db' | 'mailer' | 'log'>,
  actor: SessionUser,
  input: { settings: SettingsFormSaveRequest; sessionToken: string; origin: RequestOrigin },
): Promise<SaveSettingsResponse | Refused> {
  const { settings } = input;
  if (needsCurrentPassword(actor.email, settings)) {
    const checked = await verifyCurrentPassword(deps, actor, {
      password: settings.current_password,
      origin: input.origin,
    });
    if (isRefused(checked)) return checked;
  }
  const tooCommon = commonPasswordRefusal(settings.password);
  if (tooCommon) return refused(tooCommon);
  const newEmail = isEmailChange(actor.email, settings.email) ? settings.email!.trim() : undefined;
  // Half a second of scrypt, outside the transaction.
  const passwordHash = settings.password === undefined ? undefined : await hashPassword(settings.password);
  try {
    return await inTransaction(deps.db, async (trx): Promise<SaveSettingsResponse | Refused> => {
      if (settings.revision !== undefined) {
        await settingsRepository.holdLists(trx, actor.companyId);
        const stored = settingsRevision(await settingsRepository.lists(trx, actor));
        if (stored !== settings.revision) return CHANGED_ELSEWHERE;
      }
      if (canEditCompanyLists(actor.role)) {
        await settingsRepository.saveLists(trx, actor, settings.user_emails);
      } else {
        const isUnchanged = await settingsRepository.hasLists(trx, actor, settings.user_emails);
        if (!isUnchanged || settings.truckers || settings.warehouses) return LISTS_FORBIDDEN;
      }
      if (settings.truckers) {
        const refusal = await settingsRepository.saveList(trx, actor, 'truckers', settings.truckers);
        if (refusal) return refused(refusal);
      }
      if (settings.warehouses) {
        const refusal = await settingsRepository.saveList(trx, actor, 'warehouses', settings.warehouses);
        if (refusal) return refused(refusal);
      }
      if (passwordHash) {
        await storePasswordHash(trx, actor.id, passwordHash, { keepSessionToken: input.sessionToken });
      }
      if (newEmail) {
        if (await isEmailTaken(trx, actor.id, newEmail)) return EMAIL_TAKEN;
        await changeOwnEmail(trx, actor.id, newEmail);
        // Told before the commit: a notice that cannot be sent changes nothing.
        try {
          await sendEmailChangedNotice(deps.mailer, actor, newEmail);
        } catch (error) {
          deps.log.error({ err: error }, 'e-mail change notice failed');
          return refused(listedRefusal(502, SETTINGS_ERRORS.noticeFailed, 'email'));
        }
      }
      const event = { outcome: 'success', companyId: actor.companyId, userId: actor.id, origin: input.origin } as const;
      if (passwordHash) {
        const email = newEmail ?? actor.email;
        await recordSecurityEvent(
          { db: trx, log: deps.log },
          { ...event, kind: 'password_changed', email, detail: { via: 'settings' } },
        );
      }
      if (newEmail) {
        await recordSecurityEvent(
          { db: trx, log: deps.log },
          {
            ...event,
            kind: 'email_changed',
            email: newEmail,
            detail: { via: 'settings', previous_email: actor.email },
          },
        );
      }
      const detail = {
        ...(newEmail ? { email: { from: actor.email, to: newEmail } } : {}),
        ...(passwordHash ? { password: 'changed' } : {}),
      };
      // Every change to a user is recorded, as the users screen records its own (decision 0011).
      if (Object.keys(detail).length > 0) {
        await userChangesRepository.record(trx, {
          companyId: actor.companyId,
          userId: actor.id,
          userEmail: newEmail ?? actor.email,
          changedBy: actor.id,
          action: 'update',
          detail,
        });
      }
      return { ...(await settingsRepository.listsAfterSave(trx, actor)), messages: [SETTINGS_SAVED] };
    });
  } catch (error) {
    // Another user took the address between the check and the update.
    if (isUniqueViolation(error)) return EMAIL_TAKEN;
    throw error;
  }
}
