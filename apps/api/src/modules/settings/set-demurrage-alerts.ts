import type { DemurrageAlertsResponse, SetDemurrageAlertsRequest } from '@clearport/contract/settings';
import type { ActionDeps } from '../../lib/action.ts';
import type { SessionUser } from '../access/session-user.ts';
import { settingsRepository } from './settings.repository.ts';

/**
 * Sets the company's "Demurrage and detention" list and how many working days before a last
 * free day it is reminded (decision 0031). Whoever edits the four lists edits it: every role but
 * Shipments Info, whom the settings routes refuse before this runs.
 */
export async function setDemurrageAlerts(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  alerts: SetDemurrageAlertsRequest,
): Promise<DemurrageAlertsResponse> {
  await settingsRepository.setDemurrageAlerts(deps.db, actor.companyId, alerts);
  return settingsRepository.demurrageAlerts(deps.db, actor.companyId);
}
