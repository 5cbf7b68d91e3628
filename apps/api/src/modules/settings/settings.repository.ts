import { TEXTS } from '@clearport/contract/texts';
import {
  DEMURRAGE_REMINDER_DAYS,
  NOTIFICATION_LISTS,
  SETTINGS_ERRORS,
  WAREHOUSE_NOT_FOUND,
  type NotificationEmailsInput,
  type SettingsTruckerInput,
  type SettingsWarehouseInput,
  type DemurrageAlertsResponse,
  type NotificationEmails,
  type SetDemurrageAlertsRequest,
  type NotificationListKey,
  type SettingsLists,
  type SettingsResponse,
  type SaveSettingsResponse,
  type TableNumber,
} from '@clearport/contract/settings';
import type { Db } from '../../db/connect.ts';
import { listedRefusal, type Refusal } from '../../lib/refusal.ts';
import { accessRepository } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';
import type { CompanyList } from './company-lists.repository.ts';
import { truckersRepository } from './truckers.repository.ts';
import { warehousesRepository } from './warehouses.repository.ts';
import { leftOut, removalOf, unknownEntry, type Removal, type Usage } from './settings.rules.ts';

const EMPTY_LIST: NotificationEmails = { email: '', cc_emails: [] };
const DELIVERY_LIST_NUMBER = NOTIFICATION_LISTS.find((list) => list.key === 'delivery_order_mails')!.table_number;

type ListSync<Input> = {
  kind: CompanyList;
  notFound: string;
  inUse: string;
  repository: {
    lockIdsOf(trx: Db, user: SessionUser): Promise<number[]>;
    usage(trx: Db, ids: readonly number[]): Promise<Map<number, Usage>>;
    updateAll(trx: Db, inputs: ReadonlyArray<Input & { id: number }>): Promise<void>;
    markDeleted(trx: Db, ids: readonly number[]): Promise<void>;
    remove(trx: Db, ids: readonly number[]): Promise<void>;
  };
  create(trx: Db, user: SessionUser, inputs: Input[]): Promise<unknown>;
};

/** Makes the company's truckers or warehouses the sent whole list (contract: SettingsFormSaveRequest). */
async function syncList<Input extends { id?: number }>(
  trx: Db,
  user: SessionUser,
  sent: readonly Input[],
  sync: ListSync<Input>,
): Promise<Refusal | undefined> {
  const existingIds = await sync.repository.lockIdsOf(trx, user);
  const unknown = unknownEntry(sent, existingIds);
  if (unknown !== -1) return listedRefusal(400, sync.notFound, `${sync.kind}.${unknown}.id`);
  const removed = leftOut(existingIds, sent);
  const usage = await sync.repository.usage(trx, removed);
  const fates = removed.map((id) => ({ id, removal: removalOf(usage.get(id) ?? { unsentOrders: 0, sentOrders: 0 }) }));
  if (fates.some((fate) => fate.removal === 'refuse')) return listedRefusal(400, sync.inUse, sync.kind);
  const idsTo = (removal: Removal) => fates.filter((fate) => fate.removal === removal).map((fate) => fate.id);
  await sync.repository.markDeleted(trx, idsTo('markDeleted'));
  await sync.repository.remove(trx, idsTo('remove'));
  await sync.repository.updateAll(
    trx,
    sent.filter((entry): entry is Input & { id: number } => entry.id !== undefined),
  );
  await sync.create(
    trx,
    user,
    sent.filter((entry) => entry.id === undefined),
  );
  return undefined;
}

/** What the Settings screen's save sends of each list. */
type SentList = { truckers: SettingsTruckerInput; warehouses: SettingsWarehouseInput };

const LIST_SYNCS: { [Kind in CompanyList]: ListSync<SentList[Kind]> } = {
  truckers: {
    kind: 'truckers',
    notFound: SETTINGS_ERRORS.truckerNotFound,
    inUse: TEXTS.truckersInUse,
    repository: truckersRepository,
    create: async (trx, user, inputs) => {
      if (inputs.length > 0) await truckersRepository.createIn(trx, user, inputs);
    },
  },
  warehouses: {
    kind: 'warehouses',
    notFound: WAREHOUSE_NOT_FOUND,
    inUse: TEXTS.warehousesInUse,
    repository: warehousesRepository,
    create: (trx, user, inputs) => warehousesRepository.create(trx, user, inputs),
  },
};

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

  /**
   * The company's "Demurrage and detention" list and reminder days: until it sets the list, the
   * delivery list's recipient and copies (decision 0031).
   */
  async demurrageAlerts(db: Db, companyId: number): Promise<DemurrageAlertsResponse> {
    const row = await db
      .selectFrom('companies')
      .leftJoin('demurrage_alerts', 'demurrage_alerts.company_id', 'companies.id')
      .leftJoin('notification_emails', (join) =>
        join
          .onRef('notification_emails.company_id', '=', 'companies.id')
          .on('notification_emails.table_number', '=', DELIVERY_LIST_NUMBER),
      )
      .select([
        'demurrage_alerts.email',
        'demurrage_alerts.cc_emails',
        'demurrage_alerts.reminder_days',
        'notification_emails.email as delivery_email',
        'notification_emails.cc_emails as delivery_cc_emails',
      ])
      .where('companies.id', '=', companyId)
      .executeTakeFirst();
    const reminderDays = row?.reminder_days ?? DEMURRAGE_REMINDER_DAYS.byDefault;
    if (row?.email != null) {
      return { email: row.email, cc_emails: row.cc_emails ?? [], reminder_days: reminderDays, is_default: false };
    }
    return {
      email: row?.delivery_email ?? '',
      cc_emails: row?.delivery_cc_emails ?? [],
      reminder_days: reminderDays,
      is_default: true,
    };
  },

  async setDemurrageAlerts(db: Db, companyId: number, alerts: SetDemurrageAlertsRequest): Promise<void> {
    await settingsRepository.writeDemurrageAlerts(db, companyId, {
      email: alerts.email,
      cc_emails: [...alerts.cc_emails],
      reminder_days: alerts.reminder_days,
    });
  },

  /** The company's stored list as it is (null recipient and copies: the delivery list's), locked. */
  lockDemurrageAlerts(trx: Db, companyId: number) {
    return trx
      .selectFrom('demurrage_alerts')
      .select(['email', 'cc_emails', 'reminder_days'])
      .where('company_id', '=', companyId)
      .forUpdate()
      .executeTakeFirst();
  },

  async writeDemurrageAlerts(
    db: Db,
    companyId: number,
    values: { email: string | null; cc_emails: string[] | null; reminder_days: number },
  ): Promise<void> {
    await db
      .insertInto('demurrage_alerts')
      .values({ company_id: companyId, ...values })
      .onConflict((conflict) => conflict.column('company_id').doUpdateSet(values))
      .execute();
  },

  /** GET user/settings. */
  async find(db: Db, user: SessionUser): Promise<SettingsResponse> {
    const [accounts, lists] = await Promise.all([
      accessRepository.listAccounts(db, user),
      settingsRepository.lists(db, user),
    ]);
    return {
      user: {
        id: user.id,
        email: user.email,
        accounts: accounts.map((account) => ({ account_no: account.account_no, name: account.name })),
        ...lists,
      },
    };
  },

  /** The company's four notification lists, truckers and warehouses, as GET user/settings reads them. */
  async lists(db: Db, user: SessionUser): Promise<SettingsLists> {
    const [lists, truckers, warehouses] = await Promise.all([
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
    return { ...notificationLists, truckers, warehouses };
  },

  /**
   * Holds the company's Settings lists until the transaction ends: a save that checks their
   * revision then writes them takes it first, and so does every other writer of the lists (a new
   * trucker or warehouse from the delivery order editor, the broker's notification_list record).
   */
  async holdLists(trx: Db, companyId: number): Promise<void> {
    await trx.selectFrom('companies').select('id').where('id', '=', companyId).forNoKeyUpdate().execute();
  },

  /** Whether the company's four notification lists are `lists` (a list never set is empty). */
  async hasLists(db: Db, user: SessionUser, lists: readonly NotificationEmailsInput[]): Promise<boolean> {
    const stored = await db
      .selectFrom('notification_emails')
      .select(['table_number', 'email', 'cc_emails'])
      .where('company_id', '=', user.companyId)
      .execute();
    return lists.every((list) => {
      const row = stored.find((each) => each.table_number === list.table_number) ?? EMPTY_LIST;
      return row.email === list.email && JSON.stringify(row.cc_emails) === JSON.stringify(list.cc_emails);
    });
  },

  /** Replaces the company's four notification lists. */
  async saveLists(trx: Db, user: SessionUser, lists: readonly NotificationEmailsInput[]): Promise<void> {
    await trx
      .insertInto('notification_emails')
      .values(
        lists.map((list) => ({
          company_id: user.companyId,
          table_number: list.table_number,
          email: list.email,
          cc_emails: list.cc_emails,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['company_id', 'table_number']).doUpdateSet((eb) => ({
          email: eb.ref('excluded.email'),
          cc_emails: eb.ref('excluded.cc_emails'),
        })),
      )
      .execute();
  },

  /**
   * Makes the company's truckers or warehouses the sent whole list, or gives the refusal before
   * writing anything. Call it in a transaction.
   */
  async saveList<Kind extends CompanyList>(
    trx: Db,
    user: SessionUser,
    kind: Kind,
    sent: ReadonlyArray<SentList[Kind]>,
  ): Promise<Refusal | undefined> {
    return syncList(trx, user, sent, LIST_SYNCS[kind]);
  },

  async listsAfterSave(db: Db, user: SessionUser): Promise<Omit<SaveSettingsResponse, 'messages'>> {
    const [truckers, warehouses] = await Promise.all([
      truckersRepository.listOf(db, user),
      warehousesRepository.listOf(db, user),
    ]);
    return { truckers, warehouses };
  },
};
