import type { NotificationEmails, TableNumber } from '@clearport/contract/settings';
import type { Trucker } from '@clearport/contract/truckers';
import type { Warehouse } from '@clearport/contract/warehouses';
import type { Db } from '../../db/connect.ts';
import type { SessionUser } from '../access/session-user.ts';
import { settingsRepository } from './settings.repository.ts';
import { truckersRepository } from './truckers.repository.ts';
import { warehousesRepository } from './warehouses.repository.ts';

/**
 * What other modules read of the Settings screen's data: the delivery order editor's truckers,
 * warehouses and the delivery list. Its repositories are its own.
 */
export const settingsReads = {
  /** These truckers whatever their company or state, for ids reached through the access check already. */
  truckersByIds: (db: Db, ids: readonly number[]): Promise<Trucker[]> => truckersRepository.byIds(db, ids),
  warehousesByIds: (db: Db, ids: readonly number[]): Promise<Warehouse[]> => warehousesRepository.byIds(db, ids),
  /**
   * Whether the id is one of the company's active truckers, the only ones a new choice may name,
   * held until `trx` ends so that a Settings save cannot remove it under the order naming it.
   */
  isTruckerActive: (trx: Db, user: SessionUser, id: number): Promise<boolean> =>
    truckersRepository.isActive(trx, user, id),
  isWarehouseActive: (trx: Db, user: SessionUser, id: number): Promise<boolean> =>
    warehousesRepository.isActive(trx, user, id),
  /** One of the company's four notification lists; empty when never set. */
  notificationList: (db: Db, companyId: number, tableNumber: TableNumber): Promise<NotificationEmails> =>
    settingsRepository.notificationList(db, companyId, tableNumber),
};
