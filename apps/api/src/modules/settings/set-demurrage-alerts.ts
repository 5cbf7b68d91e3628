import { canEditCompanyLists } from '@clearport/contract/roles';
import {
  DEMURRAGE_REMINDER_DAYS,
  SETTINGS_ERRORS,
  type DemurrageAlertsResponse,
  type SetDemurrageAlertsRequest,
} from '@clearport/contract/settings';
import type { Db } from '../../db/connect.ts';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { listedRefusal } from '../../lib/refusal.ts';
import type { SessionUser } from '../access/session-user.ts';
import { settingsRepository } from './settings.repository.ts';

/**
 * Sets the company's "Demurrage and detention" list and how many working days before a last
 * free day it is reminded (decision 0031). Whoever edits the four lists edits it
 * (canEditCompanyLists, decision 0036); Shipments Info is refused by the settings routes before
 * this runs.
 */
export async function setDemurrageAlerts(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  alerts: SetDemurrageAlertsRequest,
): Promise<DemurrageAlertsResponse | Refused> {
  if (!canEditCompanyLists(actor.role)) {
    return refused(listedRefusal(403, SETTINGS_ERRORS.companyListsForbidden, 'email'));
  }
  await settingsRepository.setDemurrageAlerts(deps.db, actor.companyId, alerts);
  return settingsRepository.demurrageAlerts(deps.db, actor.companyId);
}

/**
 * The brokerage sets the company's "Demurrage and detention" list (a `demurrage_alerts` record):
 * what the record carries changes, what it leaves out stays. A recipient or copies set on a list
 * still following the delivery list's take the rest from it, as the Settings screen shows and
 * saves them. Call it in a transaction.
 */
export async function setDemurrageAlertsAsBroker(
  trx: Db,
  input: { companyId: number; email?: string; ccEmails?: readonly string[]; reminderDays?: number },
): Promise<'created' | 'updated' | 'unchanged'> {
  const stored = await settingsRepository.lockDemurrageAlerts(trx, input.companyId);
  const shown = await settingsRepository.demurrageAlerts(trx, input.companyId);
  const setsList = input.email !== undefined || input.ccEmails !== undefined;
  const next = {
    email: setsList ? (input.email ?? shown.email) : (stored?.email ?? null),
    cc_emails: setsList ? [...(input.ccEmails ?? shown.cc_emails)] : (stored?.cc_emails ?? null),
    reminder_days: input.reminderDays ?? stored?.reminder_days ?? DEMURRAGE_REMINDER_DAYS.byDefault,
  };
  if (!stored) {
    await settingsRepository.writeDemurrageAlerts(trx, input.companyId, next);
    return 'created';
  }
  const isSame =
    next.email === stored.email &&
    next.reminder_days === stored.reminder_days &&
    JSON.stringify(next.cc_emails) === JSON.stringify(stored.cc_emails);
  if (isSame) return 'unchanged';
  await settingsRepository.writeDemurrageAlerts(trx, input.companyId, next);
  return 'updated';
}
