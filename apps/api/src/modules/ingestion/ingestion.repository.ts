import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import {
  RECORD_WARNINGS,
  type FileRecord,
  type IngestionRecord,
  type RecordOutcome,
} from '@clearport/contract/ingestion';
import { parentMissing, RecordRefusal } from './record-refusal.ts';
import { SHIPMENT_BILLS_MAX, SHIPMENT_CONTAINERS_MAX } from '@clearport/contract/constants';
import { amountToCents, formatUsd } from '@clearport/contract/invoices';
import { ROLES } from '@clearport/contract/roles';
import { NOTIFICATION_LISTS } from '@clearport/contract/settings';
import { UPLOAD_MAX_BYTES } from '@clearport/contract/shipment-documents';
import { isAcceptableFile } from '../../lib/file-type.ts';
import { displayDay } from '../../lib/display-dates.ts';
import type { Mailer } from '../../lib/mail.ts';
import { newStorageKey, type Storage } from '../../lib/storage.ts';
import { createUser } from '../subusers/create-user.ts';
import { updateUser } from '../subusers/update-user.ts';
import { setDemurrageAlertsAsBroker } from '../settings/set-demurrage-alerts.ts';
import { setNotificationList } from '../settings/set-notification-list.ts';
import { isRefused, type ActionLog } from '../../lib/action.ts';
import { SHIPMENT_ACTIVITY, shipmentActivityRepository } from '../activity/shipment-activity.repository.ts';
import { approveDeliveryOrder } from '../delivery-orders/approve-delivery-order.ts';
import { leaveOrdersBehind } from '../delivery-orders/leave-orders-behind.ts';
import { BROKER } from '../access/session-user.ts';
import { recordMailEvent, recordMailEvents } from '../event-mail/event-mail.repository.ts';
import { SHIPMENT_STATUSES } from '@clearport/contract/statuses';
import { upsertContainerFreeDays } from './container-free-days-records.ts';
import { upsertAgencyDisposition, upsertEntry, upsertEntryLine } from './customs-entry-records.ts';

type Outcome = Exclude<RecordOutcome, 'refused'>;

/**
 * What a record did: its outcome, and for a record that moved its account to another company or
 * its shipment to another account, what it left (the result's `moved_from`).
 */
export type Upserted = Outcome | { outcome: 'updated'; movedFrom: string; warning?: string };

/**
 * What writing a record may need beside the database: files (with a multipart batch's file parts
 * by name) and the set-password e-mail.
 */
export type IngestionContext = {
  db: Db;
  log: ActionLog;
  storage: Storage;
  mailer: Mailer;
  publicUrl: string;
  parts?: ReadonlyMap<string, Buffer>;
};

/** A file of a record, decoded and checked, stored under `key` before its record is written. */
type StagedFile = { key: string; bytes: Buffer };

/**
 * What the records of one transaction share: the ids already looked up (accounts and shipments
 * are never removed by a record, so an id found stays right until the transaction ends). The
 * derived lists and counts catch up once before the commit (db/derived-columns.ts).
 */
export type IngestionScope = {
  accountIds: Map<string, number>;
  shipmentIds: Map<string, number>;
  /** Shipments that entered Documents Required: their documents lists are told at the end. */
  documentsRequired: Set<number>;
};

export const newIngestionScope = (): IngestionScope => ({
  accountIds: new Map(),
  shipmentIds: new Map(),
  documentsRequired: new Set(),
});

/**
 * A record's files, written before its queries, and what to remove once its transaction ends:
 * the new files when nothing came of them, the replaced ones when the record took the new ones.
 */
export class FileStage {
  readonly staged: StagedFile[] = [];
  /** Staged files the record now holds. */
  readonly kept = new Set<string>();
  /** Files the record held before and holds no more. */
  readonly replaced: string[] = [];

  constructor(
    private readonly storage: Storage,
    private readonly parts: ReadonlyMap<string, Buffer> = new Map(),
  ) {}

  /**
   * Decodes the record's file `name` (or takes its part), checks it by content (a PDF, as
   * customer uploads are checked) and stores it.
   */
  async add(name: string, file: FileRecord, folder: string): Promise<StagedFile> {
    let field: string;
    let bytes: Buffer;
    if (file.part === undefined) {
      field = `${name}.content_base64`;
      bytes = Buffer.from(file.content_base64 ?? '', 'base64');
    } else {
      field = `${name}.part`;
      const part = this.parts.get(file.part);
      if (!part) throw new RecordRefusal('missing_part', field, `The request has no file part named ${file.part}.`);
      bytes = part;
    }
    if (bytes.length > UPLOAD_MAX_BYTES)
      throw new RecordRefusal('file_too_large', field, 'The file is larger than 20 MB.');
    if (!(await isAcceptableFile('pdf', bytes))) throw new RecordRefusal('not_a_pdf', field, 'The file is not a PDF.');
    const staged = { key: newStorageKey(folder, 'pdf'), bytes };
    await this.storage.put(staged.key, bytes);
    this.staged.push(staged);
    return staged;
  }

  /** Whether the stored file under `key` holds these very bytes. */
  async isSame(key: string | null, bytes: Buffer): Promise<boolean> {
    if (key === null) return false;
    const stored = await this.storage.get(key);
    if (!stored || stored.size !== bytes.length) {
      stored?.stream.destroy();
      return false;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).equals(bytes);
  }

  /** The record takes the staged file in place of `previous` (null when it had none). */
  take(file: StagedFile, previous: string | null): void {
    this.kept.add(file.key);
    if (previous !== null) this.replaced.push(previous);
  }

  /** After the transaction: `committed` when the record's writes were, keep what it holds now, remove the rest. */
  async settle(committed: boolean): Promise<void> {
    const unused = this.staged.map((file) => file.key).filter((key) => !committed || !this.kept.has(key));
    const removed = committed ? [...unused, ...this.replaced] : unused;
    await Promise.all(removed.map((key) => this.storage.delete(key)));
  }
}

/** The fields of `wanted` whose value differs from `current`; a field left out (undefined) stays. */
function changedFields<T extends Record<string, unknown>>(current: T, wanted: Partial<T>): Partial<T> {
  const changes: Partial<T> = {};
  for (const [name, value] of Object.entries(wanted) as [keyof T, T[keyof T]][]) {
    if (value !== undefined && current[name] !== value) changes[name] = value;
  }
  return changes;
}

/** A field the record left out that a new record cannot do without. */
function neededToCreate<T>(value: T | undefined, field: string, what: string): T {
  if (value === undefined) throw new RecordRefusal('needed_to_create', field, `A new ${what} needs ${field}.`);
  return value;
}

async function companyIdOf(trx: Db, brokerId: string): Promise<number> {
  const company = await trx.selectFrom('companies').select('id').where('broker_id', '=', brokerId).executeTakeFirst();
  if (!company) throw parentMissing('unknown_company', 'company_id', `company ${brokerId}`);
  return company.id;
}

async function upsertCompany(trx: Db, record: Extract<IngestionRecord, { kind: 'company' }>): Promise<Upserted> {
  const wanted = { name: record.name, primary_contact: record.primary_contact };
  const current = await trx
    .selectFrom('companies')
    .select(['id', 'name', 'primary_contact'])
    .where('broker_id', '=', record.company_id)
    .forUpdate()
    .executeTakeFirst();
  if (!current) {
    await trx
      .insertInto('companies')
      .values({ ...wanted, name: neededToCreate(record.name, 'name', 'company'), broker_id: record.company_id })
      .execute();
    return 'created';
  }
  const changes = changedFields(current, wanted);
  if (Object.keys(changes).length === 0) return 'unchanged';
  await trx.updateTable('companies').set(changes).where('id', '=', current.id).execute();
  return 'updated';
}

async function upsertAccount(trx: Db, record: Extract<IngestionRecord, { kind: 'account' }>): Promise<Upserted> {
  const wanted = {
    company_id: record.company_id === undefined ? undefined : await companyIdOf(trx, record.company_id),
    name: record.name,
    document_tracking: record.document_tracking,
  };
  const current = await trx
    .selectFrom('accounts')
    .select(['id', 'company_id', 'name', 'document_tracking'])
    .where('account_no', '=', record.account_no)
    .forUpdate()
    .executeTakeFirst();
  if (!current) {
    await trx
      .insertInto('accounts')
      .values({
        ...wanted,
        company_id: neededToCreate(wanted.company_id, 'company_id', 'account'),
        account_no: record.account_no,
      })
      .execute();
    return 'created';
  }
  const changes = changedFields(current, wanted);
  if (Object.keys(changes).length === 0) return 'unchanged';
  // Before the account changes company: the feed files each deleted order under the company that had it.
  const ordersDeleted =
    changes.company_id === undefined
      ? 0
      : await leaveOrdersBehind(trx, { accountId: current.id, toCompanyId: changes.company_id });
  await trx.updateTable('accounts').set(changes).where('id', '=', current.id).execute();
  if (changes.company_id !== undefined) {
    await moveDocumentBytes(trx, { accountId: current.id }, { from: current.company_id, to: changes.company_id });
    const left = await trx
      .selectFrom('companies')
      .select(['broker_id', 'name'])
      .where('id', '=', current.company_id)
      .executeTakeFirstOrThrow();
    return { outcome: 'updated', movedFrom: left.broker_id ?? left.name, ...ordersWarning(ordersDeleted, left.name) };
  }
  return 'updated';
}

async function accountIdOf(trx: Db, scope: IngestionScope, accountNo: string): Promise<number> {
  const known = scope.accountIds.get(accountNo);
  if (known !== undefined) return known;
  const account = await trx.selectFrom('accounts').select('id').where('account_no', '=', accountNo).executeTakeFirst();
  if (!account) throw parentMissing('unknown_account', 'account_no', `account ${accountNo}`);
  scope.accountIds.set(accountNo, account.id);
  return account.id;
}

async function upsertShipment(
  trx: Db,
  scope: IngestionScope,
  record: Extract<IngestionRecord, { kind: 'shipment' }>,
): Promise<Upserted> {
  const { kind: _kind, file_number, account_no, status, ...fields } = record;
  const accountId = account_no === undefined ? undefined : await accountIdOf(trx, scope, account_no);
  const wanted = { ...fields, status, account_id: accountId };
  if (accountId !== undefined && status !== undefined) {
    // A new shipment is the common case of an import: one statement, no lookup first.
    const created = await trx
      .insertInto('shipments')
      .values({ ...wanted, status, account_id: accountId, file_number })
      .onConflict((conflict) => conflict.column('file_number').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (created) {
      scope.shipmentIds.set(file_number, created.id);
      if (status === SHIPMENT_STATUSES.pendingDocuments) scope.documentsRequired.add(created.id);
      return 'created';
    }
  }
  const current = await trx
    .selectFrom('shipments')
    .select([
      'id',
      'account_id',
      'status',
      'isf_transaction_no',
      'customer_reference_no',
      'est_time_arrive',
      'shipment_discharge_date',
      'fda_review',
      'origin',
      'destination_terminal',
      'steamship_line',
      'vessel_name',
      'unlading_code',
      'unlading_name',
      'transport_mode',
      'transport_mode_description',
      'document_note',
      'comment',
    ])
    .where('file_number', '=', file_number)
    .forUpdate()
    .executeTakeFirst();
  if (!current) {
    // A milestone of a shipment the portal does not hold yet: the account or the status is missing.
    const missing = account_no === undefined ? 'account_no' : 'status';
    throw new RecordRefusal('needed_to_create', missing, `A new shipment needs ${missing}.`);
  }
  scope.shipmentIds.set(file_number, current.id);
  const changes = changedFields(current, wanted);
  if (Object.keys(changes).length === 0) return 'unchanged';
  const companies =
    changes.account_id === undefined ? undefined : await companiesOfMove(trx, current.account_id, changes.account_id);
  // Before the shipment changes account: the feed files each deleted order under the company and account that had it.
  const ordersDeleted =
    companies === undefined ? 0 : await leaveOrdersBehind(trx, { shipmentId: current.id, toCompanyId: companies.to });
  await trx
    .updateTable('shipments')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', current.id)
    .execute();
  let moved: { movedFrom: string; warning?: string } | undefined;
  if (companies !== undefined) {
    await invoicesFollowAgain(trx, current.id);
    await moveDocumentBytes(trx, { shipmentId: current.id }, companies);
    const left = await trx
      .selectFrom('accounts')
      .innerJoin('companies', 'companies.id', 'accounts.company_id')
      .select(['accounts.account_no', 'companies.name'])
      .where('accounts.id', '=', current.account_id)
      .executeTakeFirstOrThrow();
    moved = { movedFrom: left.account_no, ...ordersWarning(ordersDeleted, left.name) };
  }
  if (changes.status === SHIPMENT_STATUSES.pendingDocuments) scope.documentsRequired.add(current.id);
  if (changes.status !== undefined) {
    // The broker's status goes in the same history as the customer's; no portal user made it.
    await shipmentActivityRepository.record(trx, [
      {
        shipmentId: current.id,
        userId: null,
        action: SHIPMENT_ACTIVITY.statusChanged,
        detail: { from: current.status, to: changes.status, by: 'broker' },
      },
    ]);
  }
  return moved === undefined ? 'updated' : { outcome: 'updated', ...moved };
}

/** The result's warning of a move that deleted delivery orders; nothing when it deleted none. */
function ordersWarning(count: number, company: string): { warning?: string } {
  return count === 0 ? {} : { warning: RECORD_WARNINGS.ordersDeleted(count, company) };
}

/**
 * The shipments entered Documents Required: each company's documents list hears what is missing
 * (the document types the same transaction named count). Called last before the commit, since
 * the list's gathering message stays locked from then on; the companies' messages are taken in
 * the order of their ids, so that two imports into the same companies never wait on each other
 * crosswise.
 */
export async function tellDocumentsLists(trx: Db, scope: IngestionScope): Promise<void> {
  const shipmentIds = [...scope.documentsRequired];
  if (shipmentIds.length === 0) return;
  const shipments = await trx
    .selectFrom('shipments')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .select(['shipments.id', 'shipments.file_number', 'accounts.company_id'])
    .where('shipments.id', 'in', shipmentIds)
    .execute();
  const types = await trx
    .selectFrom('document_types')
    .select(['shipment_id', 'type'])
    .where('shipment_id', 'in', shipmentIds)
    .where('required', '=', true)
    .where('submitted', '=', false)
    .orderBy('id')
    .execute();
  const missing = new Map<number, string[]>(shipmentIds.map((id) => [id, []]));
  for (const row of types) missing.get(row.shipment_id)!.push(row.type);
  const byId = new Map(shipments.map((shipment) => [shipment.id, shipment]));
  // Each company's shipments in the order they entered Documents Required.
  const byCompany = new Map<number, typeof shipments>();
  for (const id of shipmentIds) {
    const shipment = byId.get(id)!;
    byCompany.set(shipment.company_id, [...(byCompany.get(shipment.company_id) ?? []), shipment]);
  }
  for (const companyId of [...byCompany.keys()].sort((one, other) => one - other)) {
    await recordMailEvents(
      trx,
      companyId,
      byCompany.get(companyId)!.map((shipment) => ({
        kind: 'documentsRequired',
        shipmentId: shipment.id,
        entryNo: shipment.file_number,
        missing: missing.get(shipment.id)!,
      })),
    );
  }
}

async function shipmentIdOf(trx: Db, scope: IngestionScope, fileNumber: string): Promise<number> {
  const known = scope.shipmentIds.get(fileNumber);
  if (known !== undefined) return known;
  const shipment = await trx
    .selectFrom('shipments')
    .select('id')
    .where('file_number', '=', fileNumber)
    .executeTakeFirst();
  if (!shipment) throw parentMissing('unknown_shipment', 'file_number', `shipment ${fileNumber}`);
  scope.shipmentIds.set(fileNumber, shipment.id);
  return shipment.id;
}

async function upsertContainer(
  trx: Db,
  scope: IngestionScope,
  record: Extract<IngestionRecord, { kind: 'container' }>,
): Promise<Upserted> {
  const shipmentId = await shipmentIdOf(trx, scope, record.file_number);
  const events = record.tracking_events;
  const trackingInfo = JSON.stringify(events ?? []);
  const stored = () =>
    trx
      .selectFrom('containers')
      .select(['id', 'tracking_info'])
      .where('shipment_id', '=', shipmentId)
      .where('container_no', '=', record.container_no)
      .forUpdate()
      .executeTakeFirst();
  let current = await stored();
  if (!current) {
    if ((await roomUnder(trx, 'containers', [shipmentId])).get(shipmentId)! <= 0) {
      throw containersFull(record.file_number);
    }
    const created = await trx
      .insertInto('containers')
      .values({ shipment_id: shipmentId, container_no: record.container_no, tracking_info: trackingInfo })
      .onConflict((conflict) => conflict.columns(['shipment_id', 'container_no']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (created) return 'created';
    // Another writer made it meanwhile: it is updated as one the shipment held.
    current = await stored();
    if (!current)
      throw new Error(`container ${record.container_no} of ${record.file_number} is neither new nor stored`);
  }
  // Left out, the tracking history stays as it is.
  if (events === undefined) return 'unchanged';
  // jsonb keeps its own key order, so the events are compared as values, field by field.
  const isSame =
    current.tracking_info.length === events.length &&
    current.tracking_info.every(
      (event, index) =>
        event.location === events[index]!.location &&
        event.type === events[index]!.type &&
        event.date === events[index]!.date,
    );
  if (isSame) return 'unchanged';
  await trx.updateTable('containers').set({ tracking_info: trackingInfo }).where('id', '=', current.id).execute();
  return 'updated';
}

/** The most of each kind of child a shipment holds. */
const CHILDREN_MAX = { containers: SHIPMENT_CONTAINERS_MAX, bills_of_lading: SHIPMENT_BILLS_MAX } as const;

/**
 * How many more containers or bills each shipment takes under its ceiling (CHILDREN_MAX), with the
 * shipments locked (in id order) until the transaction ends, so that two writers cannot both take
 * the last places: a child's foreign key locks its shipment only for key share, which lets them by.
 */
async function roomUnder(
  trx: Db,
  table: keyof typeof CHILDREN_MAX,
  shipmentIds: readonly number[],
): Promise<Map<number, number>> {
  const ids = [...new Set(shipmentIds)].sort((one, other) => one - other);
  await trx.selectFrom('shipments').select('id').where('id', 'in', ids).orderBy('id').forNoKeyUpdate().execute();
  const counts = await trx
    .selectFrom(table)
    .select(['shipment_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('shipment_id', 'in', ids)
    .groupBy('shipment_id')
    .execute();
  const held = new Map(counts.map((row) => [row.shipment_id, Number(row.count)]));
  return new Map(ids.map((id) => [id, CHILDREN_MAX[table] - (held.get(id) ?? 0)]));
}

function containersFull(fileNumber: string): RecordRefusal {
  return new RecordRefusal(
    'too_many_containers',
    'container_no',
    `Shipment ${fileNumber} holds ${SHIPMENT_CONTAINERS_MAX.toLocaleString('en-US')} containers, the most a ` +
      'shipment takes: a new one is refused.',
  );
}

function billsFull(fileNumber: string): RecordRefusal {
  return new RecordRefusal(
    'too_many_bills',
    'bill_lading',
    `Shipment ${fileNumber} holds ${SHIPMENT_BILLS_MAX.toLocaleString('en-US')} bills of lading, the most a ` +
      'shipment takes: a new one is refused.',
  );
}

async function upsertBill(
  trx: Db,
  scope: IngestionScope,
  record: Extract<IngestionRecord, { kind: 'bill_of_lading' }>,
): Promise<Upserted> {
  const shipmentId = await shipmentIdOf(trx, scope, record.file_number);
  const held = await trx
    .selectFrom('bills_of_lading')
    .select('id')
    .where('shipment_id', '=', shipmentId)
    .where('bill_lading', '=', record.bill_lading)
    .where('is_master', '=', record.is_master)
    .executeTakeFirst();
  if (held) return 'unchanged';
  if ((await roomUnder(trx, 'bills_of_lading', [shipmentId])).get(shipmentId)! <= 0) {
    throw billsFull(record.file_number);
  }
  const inserted = await trx
    .insertInto('bills_of_lading')
    .values({ shipment_id: shipmentId, bill_lading: record.bill_lading, is_master: record.is_master })
    .onConflict((conflict) => conflict.columns(['shipment_id', 'bill_lading', 'is_master']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted ? 'created' : 'unchanged';
}

type ShipmentRecord = Extract<IngestionRecord, { kind: 'shipment' }>;
type ContainerRecord = Extract<IngestionRecord, { kind: 'container' }>;
type BillRecord = Extract<IngestionRecord, { kind: 'bill_of_lading' }>;
type Held<R> = { index: number; record: R };

/**
 * The records of a transaction that would create a shipment, a container or a bill, held and
 * then inserted with one statement a kind: an import of new shipments costs three statements a
 * transaction instead of one a record, and its statement triggers run three times instead of a
 * hundred. Held records go in before any record written alone (the caller calls insert() first),
 * so the file's order still holds: a child is held only once its shipment exists or is held
 * before it, and a second record of the same row is written alone, after the first.
 */
export class HeldCreates {
  private readonly shipments = new Map<string, Held<ShipmentRecord> & { accountId: number }>();
  private readonly containers = new Map<string, Held<ContainerRecord>>();
  private readonly bills = new Map<string, Held<BillRecord>>();

  constructor(private readonly scope: IngestionScope) {}

  get isEmpty(): boolean {
    return this.shipments.size + this.containers.size + this.bills.size === 0;
  }

  /**
   * Holds the record when it may create such a row; false when it is to be written alone. Looks
   * up the account or shipment it names as writing it would, and refuses it (RecordRefusal) when
   * there is none.
   */
  async hold(trx: Db, index: number, record: IngestionRecord): Promise<boolean> {
    switch (record.kind) {
      case 'shipment': {
        if (record.account_no === undefined || record.status === undefined) return false;
        if (this.shipments.has(record.file_number)) return false;
        const accountId = await accountIdOf(trx, this.scope, record.account_no);
        this.shipments.set(record.file_number, { index, record, accountId });
        return true;
      }
      case 'container':
        return this.holdChild(trx, this.containers, `${record.file_number}\t${record.container_no}`, index, record);
      case 'bill_of_lading': {
        const key = `${record.file_number}\t${record.bill_lading}\t${record.is_master}`;
        return this.holdChild(trx, this.bills, key, index, record);
      }
      default:
        return false;
    }
  }

  private async holdChild<R extends ContainerRecord | BillRecord>(
    trx: Db,
    held: Map<string, Held<R>>,
    key: string,
    index: number,
    record: R,
  ): Promise<boolean> {
    if (held.has(key)) return false;
    if (!this.shipments.has(record.file_number)) await shipmentIdOf(trx, this.scope, record.file_number);
    held.set(key, { index, record });
    return true;
  }

  /**
   * Inserts what is held, shipments first, and lets it go: the records that created their row,
   * and, in order, those that found theirs there already, to write alone (they update, or come
   * back unchanged).
   */
  async insert(trx: Db): Promise<{ created: Array<Held<IngestionRecord>>; left: Array<Held<IngestionRecord>> }> {
    const created: Array<Held<IngestionRecord>> = [];
    const left: Array<Held<IngestionRecord>> = [];
    const shipments = [...this.shipments.values()];
    const containers = [...this.containers.values()];
    const bills = [...this.bills.values()];
    this.shipments.clear();
    this.containers.clear();
    this.bills.clear();

    if (shipments.length > 0) {
      const rows = await trx
        .insertInto('shipments')
        .values(
          shipments.map(({ record, accountId }) => {
            const { kind: _kind, account_no: _accountNo, ...fields } = record;
            return { ...fields, status: record.status!, account_id: accountId };
          }),
        )
        .onConflict((conflict) => conflict.column('file_number').doNothing())
        .returning(['id', 'file_number', 'status'])
        .execute();
      const ids = new Map(rows.map((row) => [row.file_number, row]));
      for (const entry of shipments) {
        const row = ids.get(entry.record.file_number);
        if (!row) {
          left.push(entry);
          continue;
        }
        this.scope.shipmentIds.set(row.file_number, row.id);
        if (row.status === SHIPMENT_STATUSES.pendingDocuments) this.scope.documentsRequired.add(row.id);
        created.push(entry);
      }
    }

    // A child whose shipment was there already is written alone, after the shipment's record.
    const withShipment = <R extends ContainerRecord | BillRecord>(entries: Array<Held<R>>) =>
      entries.flatMap((entry) => {
        const shipmentId = this.scope.shipmentIds.get(entry.record.file_number);
        if (shipmentId === undefined) left.push(entry);
        return shipmentId === undefined ? [] : [{ ...entry, shipmentId }];
      });
    // What goes past a shipment's ceiling is written alone, which refuses a new container or bill there.
    const withinRoom = async <R extends ContainerRecord | BillRecord>(
      table: keyof typeof CHILDREN_MAX,
      entries: Array<Held<R> & { shipmentId: number }>,
    ) => {
      if (entries.length === 0) return entries;
      const room = await roomUnder(
        trx,
        table,
        entries.map((entry) => entry.shipmentId),
      );
      return entries.filter((entry) => {
        const places = room.get(entry.shipmentId)!;
        room.set(entry.shipmentId, places - 1);
        if (places <= 0) left.push(entry);
        return places > 0;
      });
    };
    const heldContainers = await withinRoom('containers', withShipment(containers));
    if (heldContainers.length > 0) {
      const rows = await trx
        .insertInto('containers')
        .values(
          heldContainers.map(({ record, shipmentId }) => ({
            shipment_id: shipmentId,
            container_no: record.container_no,
            tracking_info: JSON.stringify(record.tracking_events ?? []),
          })),
        )
        .onConflict((conflict) => conflict.columns(['shipment_id', 'container_no']).doNothing())
        .returning(['shipment_id', 'container_no'])
        .execute();
      const inserted = new Set(rows.map((row) => `${row.shipment_id}\t${row.container_no}`));
      for (const entry of heldContainers) {
        if (inserted.has(`${entry.shipmentId}\t${entry.record.container_no}`)) created.push(entry);
        else left.push(entry);
      }
    }
    const heldBills = await withinRoom('bills_of_lading', withShipment(bills));
    if (heldBills.length > 0) {
      const rows = await trx
        .insertInto('bills_of_lading')
        .values(
          heldBills.map(({ record, shipmentId }) => ({
            shipment_id: shipmentId,
            bill_lading: record.bill_lading,
            is_master: record.is_master,
          })),
        )
        .onConflict((conflict) => conflict.columns(['shipment_id', 'bill_lading', 'is_master']).doNothing())
        .returning(['shipment_id', 'bill_lading', 'is_master'])
        .execute();
      const inserted = new Set(rows.map((row) => `${row.shipment_id}\t${row.bill_lading}\t${row.is_master}`));
      for (const entry of heldBills) {
        const key = `${entry.shipmentId}\t${entry.record.bill_lading}\t${entry.record.is_master}`;
        if (inserted.has(key)) created.push(entry);
        else left.push(entry);
      }
    }
    left.sort((one, other) => one.index - other.index);
    return { created, left };
  }
}

async function upsertRequiredType(
  trx: Db,
  scope: IngestionScope,
  record: Extract<IngestionRecord, { kind: 'required_document_type' }>,
): Promise<Upserted> {
  const shipmentId = await shipmentIdOf(trx, scope, record.file_number);
  const current = await trx
    .selectFrom('document_types')
    .select(['id', 'required'])
    .where('shipment_id', '=', shipmentId)
    .where('type', '=', record.type)
    .forUpdate()
    .executeTakeFirst();
  if (!current) {
    await trx
      .insertInto('document_types')
      .values({ shipment_id: shipmentId, type: record.type, required: record.required })
      .execute();
    return 'created';
  }
  if (current.required === record.required) return 'unchanged';
  await trx.updateTable('document_types').set({ required: record.required }).where('id', '=', current.id).execute();
  return 'updated';
}

async function approve(trx: Db, record: Extract<IngestionRecord, { kind: 'delivery_order_approval' }>) {
  const result = await approveDeliveryOrder({ db: trx }, BROKER, {
    orderId: record.delivery_order_id,
    tellsDeliveryList: true,
  });
  if (result === 'notFound') {
    throw new RecordRefusal(
      'unknown_delivery_order',
      'delivery_order_id',
      `There is no delivery order ${record.delivery_order_id}.`,
    );
  }
  return result === 'approved' ? 'updated' : 'unchanged';
}

async function upsertPrimaryUser(
  context: IngestionContext,
  trx: Db,
  record: Extract<IngestionRecord, { kind: 'primary_user' }>,
): Promise<Upserted> {
  const companyId = await companyIdOf(trx, record.company_id);
  const current = await trx
    .selectFrom('users')
    .select(['id', 'company_id', 'name', 'role'])
    .where(sql`lower(email)`, '=', record.email.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
  if (current && (current.company_id !== companyId || current.role !== ROLES.primary)) {
    throw new RecordRefusal(
      'user_conflict',
      'email',
      `${record.email} is already a user of the portal, not this company's primary user.`,
    );
  }
  const deps = { db: trx, mailer: context.mailer, log: context.log, publicUrl: context.publicUrl };
  if (current) {
    if (record.name === undefined || current.name === record.name) return 'unchanged';
    const renamed = await updateUser(deps, BROKER, { companyId, userId: current.id, changes: { name: record.name } });
    if (isRefused(renamed)) throw new RecordRefusal('user_conflict', 'email', renamed.refusal.message);
    return 'updated';
  }
  const created = await createUser(deps, BROKER, {
    companyId,
    name: neededToCreate(record.name, 'name', 'primary user'),
    email: record.email,
    role: ROLES.primary,
    linkedAccounts: [],
    sendPasswordLink: record.send_password_link,
  });
  if (isRefused(created)) throw new RecordRefusal('user_conflict', 'email', created.refusal.message);
  return 'created';
}

async function upsertEntrySummary(
  files: FileStage,
  trx: Db,
  record: Extract<IngestionRecord, { kind: 'entry_summary' }>,
  pdf: StagedFile,
): Promise<Upserted> {
  const shipment = await trx
    .selectFrom('shipments')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .select(['shipments.id', 'shipments.path_to_7501', 'accounts.company_id'])
    .where('shipments.file_number', '=', record.file_number)
    .forUpdate()
    .executeTakeFirst();
  if (!shipment) throw parentMissing('unknown_shipment', 'file_number', `shipment ${record.file_number}`);
  if (await files.isSame(shipment.path_to_7501, pdf.bytes)) return 'unchanged';
  // A new 7501 asks for a new review.
  await trx
    .updateTable('shipments')
    .set({ path_to_7501: pdf.key, reviewed_7501: false, updated_at: new Date() })
    .where('id', '=', shipment.id)
    .execute();
  await recordMailEvent(trx, shipment.company_id, {
    kind: 'entrySummaryPosted',
    shipmentId: shipment.id,
    entryNo: record.file_number,
  });
  files.take(pdf, shipment.path_to_7501);
  return shipment.path_to_7501 === null ? 'created' : 'updated';
}

/** The companies of the account a shipment moves from and the one it moves to. */
async function companiesOfMove(trx: Db, fromAccount: number, toAccount: number): Promise<{ from: number; to: number }> {
  const rows = await trx
    .selectFrom('accounts')
    .select(['id', 'company_id'])
    .where('id', 'in', [fromAccount, toAccount])
    .execute();
  const companyOf = (accountId: number) => rows.find((row) => row.id === accountId)!.company_id;
  return { from: companyOf(fromAccount), to: companyOf(toAccount) };
}

/**
 * A shipment or an account that changes company takes its documents' bytes along: the upload quota
 * reads them from `companies.document_bytes`, which migration 0010's triggers keep only as
 * documents are added and deleted. The two companies' rows are changed in id order, as those
 * triggers change them.
 */
async function moveDocumentBytes(
  trx: Db,
  moved: { shipmentId: number } | { accountId: number },
  { from, to }: { from: number; to: number },
): Promise<void> {
  if (from === to) return;
  const shipments =
    'shipmentId' in moved
      ? sql`SELECT ${moved.shipmentId}::int AS id`
      : sql`SELECT id FROM shipments WHERE account_id = ${moved.accountId}`;
  await sql`
    UPDATE companies SET document_bytes = companies.document_bytes + moved.bytes
    FROM (
      SELECT company.id, CASE WHEN company.id = ${to} THEN total.bytes ELSE -total.bytes END AS bytes
      FROM (SELECT coalesce(sum(documents.size), 0)::bigint AS bytes
            FROM documents WHERE documents.shipment_id IN (${shipments})) AS total,
           (SELECT id FROM companies WHERE id IN (${from}, ${to}) ORDER BY id FOR NO KEY UPDATE) AS company
    ) AS moved
    WHERE companies.id = moved.id`.execute(trx);
}

/**
 * A shipment moved back to an account it has invoices of: they show its present reference, master
 * bills and containers again, which they stopped following while it was of another account
 * (migration 0063).
 */
async function invoicesFollowAgain(trx: Db, shipmentId: number): Promise<void> {
  await sql`
    UPDATE invoices SET customer_reference_no = s.customer_reference_no, master_bills = s.master_bills,
      container_nos = s.container_nos
    FROM shipments s
    WHERE s.id = ${shipmentId} AND invoices.shipment_id = s.id AND invoices.account_id = s.account_id`.execute(trx);
}

async function upsertInvoice(
  files: FileStage,
  trx: Db,
  record: Extract<IngestionRecord, { kind: 'invoice' }>,
  pdf: StagedFile | undefined,
  backup: StagedFile | null | undefined,
): Promise<Upserted> {
  const account = await trx
    .selectFrom('accounts')
    .select(['id', 'company_id'])
    .where('account_no', '=', record.account_no)
    .executeTakeFirst();
  if (!account) throw parentMissing('unknown_account', 'account_no', `account ${record.account_no}`);
  let shipmentId: number | null | undefined = record.file_number === undefined ? undefined : null;
  if (record.file_number !== undefined && record.file_number !== '') {
    const shipment = await trx
      .selectFrom('shipments')
      .select('id')
      .where('file_number', '=', record.file_number)
      .where('account_id', '=', account.id)
      .executeTakeFirst();
    if (!shipment) {
      const elsewhere = await trx
        .selectFrom('shipments')
        .select('id')
        .where('file_number', '=', record.file_number)
        .executeTakeFirst();
      // Sending the shipment record first would move a shipment of another account (of another
      // company, maybe) to this one: the refusal says so rather than advise it.
      if (elsewhere) {
        throw new RecordRefusal(
          'unknown_shipment',
          'file_number',
          `Shipment ${record.file_number} is of another account than ${record.account_no}: an invoice names a shipment of its own account.`,
        );
      }
      throw parentMissing(
        'unknown_shipment',
        'file_number',
        `shipment ${record.file_number} of account ${record.account_no}`,
      );
    }
    shipmentId = shipment.id;
  }
  const wanted = {
    shipment_id: shipmentId,
    file_number: record.file_number,
    proper_name: record.proper_name,
    amount_cents: record.amount == null ? record.amount : amountToCents(record.amount),
    due_date: record.due_date,
    is_paid: record.is_paid,
  };
  const current = await trx
    .selectFrom('invoices')
    .select([
      'id',
      'shipment_id',
      'file_number',
      'proper_name',
      'amount_cents',
      'due_date',
      'is_paid',
      'path',
      'backup',
    ])
    .where('account_id', '=', account.id)
    .where('invoice_number', '=', record.invoice_number)
    .forUpdate()
    .executeTakeFirst();
  if (!current) {
    const newPdf = neededToCreate(pdf, 'pdf', 'invoice');
    const created = await trx
      .insertInto('invoices')
      .values({
        ...wanted,
        account_id: account.id,
        invoice_number: record.invoice_number,
        path: newPdf.key,
        backup: backup?.key ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    files.take(newPdf, null);
    if (backup) files.take(backup, null);
    await recordMailEvent(trx, account.company_id, {
      kind: 'invoicePosted',
      invoiceId: created.id,
      invoiceNo: record.invoice_number,
      ...(record.amount == null ? {} : { amount: formatUsd(record.amount) }),
      ...(record.due_date == null ? {} : { dueDate: displayDay(record.due_date) }),
    });
    return 'created';
  }
  const changes: Partial<typeof wanted & { path: string | null; backup: string | null }> = changedFields(
    current,
    wanted,
  );
  if (pdf && !(await files.isSame(current.path, pdf.bytes))) {
    changes.path = pdf.key;
    files.take(pdf, current.path);
  }
  if (backup === null && current.backup !== null) {
    changes.backup = null;
    files.replaced.push(current.backup);
  } else if (backup && !(await files.isSame(current.backup, backup.bytes))) {
    changes.backup = backup.key;
    files.take(backup, current.backup);
  }
  if (Object.keys(changes).length === 0) return 'unchanged';
  await trx.updateTable('invoices').set(changes).where('id', '=', current.id).execute();
  return 'updated';
}

async function upsertNotification(
  trx: Db,
  record: Extract<IngestionRecord, { kind: 'notification' }>,
): Promise<Upserted> {
  const companyId = record.company_id === null ? null : await companyIdOf(trx, record.company_id);
  const current = await trx
    .selectFrom('notifications')
    .select(['id', 'active'])
    .where((eb) => (companyId === null ? eb('company_id', 'is', null) : eb('company_id', '=', companyId)))
    .where('message', '=', record.message)
    .orderBy('id')
    .forUpdate()
    .executeTakeFirst();
  if (!current) {
    await trx
      .insertInto('notifications')
      .values({ company_id: companyId, message: record.message, active: record.active })
      .execute();
    return 'created';
  }
  if (current.active === record.active) return 'unchanged';
  await trx.updateTable('notifications').set({ active: record.active }).where('id', '=', current.id).execute();
  return 'updated';
}

async function upsertNotificationList(
  trx: Db,
  record: Extract<IngestionRecord, { kind: 'notification_list' }>,
): Promise<Upserted> {
  const list = NOTIFICATION_LISTS.find((candidate) => candidate.name === record.list)!;
  return setNotificationList(trx, {
    companyId: await companyIdOf(trx, record.company_id),
    tableNumber: list.table_number,
    email: record.email === null ? '' : record.email,
    ccEmails: record.cc_emails,
  });
}

async function upsertDemurrageAlerts(
  trx: Db,
  record: Extract<IngestionRecord, { kind: 'demurrage_alerts' }>,
): Promise<Upserted> {
  return setDemurrageAlertsAsBroker(trx, {
    companyId: await companyIdOf(trx, record.company_id),
    email: record.email === null ? '' : record.email,
    ccEmails: record.cc_emails,
    reminderDays: record.reminder_days,
  });
}

export const ingestionRepository = {
  /**
   * Writes one record inside the caller's transaction (ingestRecords gives it a savepoint where
   * its kind may refuse after writing).
   * A record's files are checked and stored first, before any of its queries; `files` tells,
   * once the transaction has ended, which to keep and which it replaced.
   */
  async upsert(
    context: IngestionContext,
    trx: Db,
    scope: IngestionScope,
    files: FileStage,
    record: IngestionRecord,
  ): Promise<Upserted> {
    switch (record.kind) {
      case 'company':
        return upsertCompany(trx, record);
      case 'account':
        return upsertAccount(trx, record);
      case 'shipment':
        return upsertShipment(trx, scope, record);
      case 'container':
        return upsertContainer(trx, scope, record);
      case 'container_free_days':
        return upsertContainerFreeDays(trx, record);
      case 'bill_of_lading':
        return upsertBill(trx, scope, record);
      case 'required_document_type':
        return upsertRequiredType(trx, scope, record);
      case 'delivery_order_approval':
        return approve(trx, record);
      case 'primary_user':
        return upsertPrimaryUser(context, trx, record);
      case 'notification':
        return upsertNotification(trx, record);
      case 'notification_list':
        return upsertNotificationList(trx, record);
      case 'demurrage_alerts':
        return upsertDemurrageAlerts(trx, record);
      case 'entry':
        return upsertEntry(trx, record);
      case 'entry_line':
        return upsertEntryLine(trx, record);
      case 'agency_disposition':
        return upsertAgencyDisposition(trx, record);
      case 'entry_summary': {
        const pdf = await files.add('file', record.file, 'entry-summaries');
        return upsertEntrySummary(files, trx, record, pdf);
      }
      case 'invoice': {
        const pdf = record.pdf && (await files.add('pdf', record.pdf, 'invoices'));
        const backup = record.backup && (await files.add('backup', record.backup, 'invoices'));
        return upsertInvoice(files, trx, record, pdf, backup);
      }
    }
  },
};
