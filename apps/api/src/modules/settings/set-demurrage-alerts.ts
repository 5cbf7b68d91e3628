import { canEditCompanyLists } from '@clearport/contract/roles';
import {
  SETTINGS_ERRORS,
  type DemurrageAlertsResponse,
  type SetDemurrageAlertsRequest,
} from '@clearport/contract/settings';
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
