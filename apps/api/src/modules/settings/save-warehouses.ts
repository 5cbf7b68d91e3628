import { WAREHOUSE_NOT_FOUND, type SaveSettingsResponse } from '@clearport/contract/settings';
import type { WarehouseInput } from '@clearport/contract/warehouses';
import { inTransaction, refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { listedRefusal } from '../../lib/refusal.ts';
import type { SessionUser } from '../access/session-user.ts';
import { settingsRepository } from './settings.repository.ts';
import { warehousesRepository } from './warehouses.repository.ts';

/**
 * user/settings/save from the New Warehouse modal: creates the entries without an id; those
 * with one must be the company's and are kept as stored (contract: WarehousesSaveRequest).
 */
export async function saveWarehouses(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  warehouses: readonly WarehouseInput[],
): Promise<SaveSettingsResponse | Refused> {
  return inTransaction(deps.db, async (trx) => {
    // After a Settings save under way, which would take a new warehouse for one its user removed.
    await settingsRepository.holdLists(trx, actor.companyId);
    const sentIds = warehouses.flatMap((input) => (input.id === undefined ? [] : [input.id]));
    const existing = await warehousesRepository.existingIds(trx, actor, sentIds);
    const unknown = warehouses.findIndex((input) => input.id !== undefined && !existing.has(input.id));
    if (unknown !== -1) return refused(listedRefusal(400, WAREHOUSE_NOT_FOUND, `warehouses.${unknown}.id`));
    await warehousesRepository.create(
      trx,
      actor,
      warehouses.filter((input) => input.id === undefined),
    );
    return { ...(await settingsRepository.listsAfterSave(trx, actor)), messages: [] };
  });
}
