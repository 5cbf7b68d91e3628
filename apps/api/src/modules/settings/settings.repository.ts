import {
  NOTIFICATION_LISTS,
  WAREHOUSE_NOT_FOUND,
  type NotificationEmails,
  type NotificationListKey,
  type SettingsResponse,
  type SettingsSaveResponse,
  type TableNumber,
} from '@clearport/contract/settings';
import type { WarehouseInput } from '@clearport/contract/warehouses';
import type { Db } from '../../db/connect.ts';
import { accessRepository } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';
import { truckersRepository } from '../truckers/truckers.repository.ts';
import { warehousesRepository } from '../warehouses/warehouses.repository.ts';

const EMPTY_LIST: NotificationEmails = { email: '', cc_emails: [] };

/** A save refused before anything was written: 400 naming the field. */
export type SettingsRefusal = { refused: 'warehouseNotFound'; field: string; message: string };

export const settingsRepository = {
  /** One of the company's four notification lists; empty when never set. */
  async notificationList(db: Db, companyId: number, tableNumber: TableNumber): Promise<NotificationEmails> {
    const row = await db
      .selectFrom('notification_emails')
      .select(['email', 'cc_emails'])
      .where('company_id', '=', companyId)
      .where('table_number', '=', tableNumber)
      .executeTakeFirst();
    return row ?? EMPTY_LIST;
  },

  /** GET user/settings. */
  async find(db: Db, user: SessionUser): Promise<SettingsResponse> {
    const [accounts, lists, truckers, warehouses] = await Promise.all([
      accessRepository.listAccounts(db, user),
      db
        .selectFrom('notification_emails')
        .select(['table_number', 'email', 'cc_emails'])
        .where('company_id', '=', user.companyId)
        .execute(),
      truckersRepository.listOf(db, user),
      warehousesRepository.listOf(db, user),
    ]);
    const listOf = (tableNumber: number): NotificationEmails => {
      const row = lists.find((list) => list.table_number === tableNumber);
      return row ? { email: row.email, cc_emails: row.cc_emails } : EMPTY_LIST;
    };
    const notificationLists = Object.fromEntries(
      NOTIFICATION_LISTS.map((list) => [list.key, listOf(list.table_number)]),
    ) as Record<NotificationListKey, NotificationEmails>;
    return {
      user: {
        id: user.id,
        email: user.email,
        accounts: accounts.map((account) => ({ account_no: account.account_no })),
        ...notificationLists,
        truckers,
        warehouses,
      },
    };
  },

  /**
   * user/settings/save from the New Warehouse modal: creates the entries without an id; those
   * with one must be the company's and are kept as stored (contract: WarehousesSaveRequest).
   */
  async saveWarehouses(
    db: Db,
    user: SessionUser,
    inputs: readonly WarehouseInput[],
  ): Promise<SettingsSaveResponse | SettingsRefusal> {
    return db.transaction().execute(async (trx) => {
      const sentIds = inputs.flatMap((input) => (input.id === undefined ? [] : [input.id]));
      const existing = await warehousesRepository.existingIds(trx, user, sentIds);
      const unknown = inputs.findIndex((input) => input.id !== undefined && !existing.has(input.id));
      if (unknown !== -1) {
        return {
          refused: 'warehouseNotFound',
          field: `warehouses.${unknown}.id`,
          message: WAREHOUSE_NOT_FOUND,
        } as const;
      }
      await warehousesRepository.create(
        trx,
        user,
        inputs.filter((input) => input.id === undefined),
      );
      const [truckers, warehouses] = await Promise.all([
        truckersRepository.listOf(trx, user),
        warehousesRepository.listOf(trx, user),
      ]);
      return { truckers, warehouses, messages: [] };
    });
  },
};
