import { STDERR_LOG } from '../lib/action.ts';
import { sql, type ControlledTransaction, type Insertable } from 'kysely';
import { ACTIVE_STATUS } from '@clearport/contract/constants';
import { sortedIds } from '@clearport/contract/delivery-orders';
import type { IngestionRecordInput } from '@clearport/contract/ingestion';
import { ISF_FILED_BY_CLIENT } from '@clearport/contract/shipment-detail';
import { formatInstantText } from '@clearport/contract/shipments';
import { SHIPMENT_STATUSES } from '@clearport/contract/statuses';
import type { Db } from '../db/connect.ts';
import type { Database, ShipmentActivityTable, TrackingEvent } from '../db/schema.ts';
import type { Mailer } from '../lib/mail.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { Storage } from '../lib/storage.ts';
import { SHIPMENT_ACTIVITY, type ShipmentActivityAction } from '../modules/activity/shipment-activity.repository.ts';
import { approveDeliveryOrder } from '../modules/delivery-orders/approve-delivery-order.ts';
import { deliveryOrdersRepository } from '../modules/delivery-orders/delivery-orders.repository.ts';
import { BROKER } from '../modules/access/session-user.ts';
import { writeRecords } from '../modules/ingestion/ingest.ts';
import { newWarehouseValues } from '../modules/settings/warehouses.repository.ts';
import { NOTIFICATIONS, primaryOf } from './demo-companies.ts';
import { DAY_MS } from './demo-numbers.ts';
import type { DemoPlan, PlannedCompany, PlannedFile, PlannedInvoice, PlannedShipment } from './demo-shipments.ts';

/** An invoice's row: its charges make its amount later (demo-billing.ts). */
const invoiceRow = ({ charges: _charges, ...row }: PlannedInvoice) => row;

/**
 * Writes a demo plan: its files through the storage the product uploads to, then its rows. What
 * the brokerage's system knows (companies, accounts, shipments with their containers, bills and
 * required document types, Home banner messages) goes through the ingestion module as the broker
 * API's records; the broker's approvals through the approval the API calls. What the customers
 * did (their people, truckers, warehouses and lists, uploads, notes, delivery orders, ISF filings
 * and reviews) and the dates it all happened on are bulk inserts and updates here, since the
 * repositories write one client request at a time, in their own transaction and now. Their acts
 * under the shipments are recorded as the actions record them, so the broker's change feed tells
 * them, dated when they happened. The 7501s and invoices are rows too: their files are drawn
 * before any id exists and a 7501 is also one of the shipment's documents under the same key
 * (demo-billing.ts numbers the invoices).
 */

/**
 * Writes the files first, then every row in one transaction: a failure leaves no half-made
 * brokerage behind (only unreferenced files).
 */
export async function writeDemoPlan(db: Db, storage: Storage, plan: DemoPlan, password: string): Promise<void> {
  // scrypt runs on libuv's thread pool, alongside the PDFs rendered here.
  const [passwordHash, sizes] = await Promise.all([hashOnce(password), writeFiles(storage, plan.files)]);
  const trx = await db.startTransaction().execute();
  try {
    await writeBrokerRecords(trx, storage, plan);
    const directory = await insertCompanies(trx, plan, passwordHash);
    await insertShipments(trx, plan, directory, sizes);
    await trx.commit().execute();
  } catch (error) {
    await trx
      .rollback()
      .execute()
      .catch(() => undefined);
    throw error;
  }
}

/** scrypt takes about half a second, so every demo user of the process shares one hash. */
const passwordHashes = new Map<string, Promise<string>>();

function hashOnce(password: string): Promise<string> {
  const known = passwordHashes.get(password);
  if (known) return known;
  const hash = hashPassword(password).catch((error: unknown) => {
    passwordHashes.delete(password);
    throw error;
  });
  passwordHashes.set(password, hash);
  return hash;
}

async function writeFiles(storage: Storage, files: readonly PlannedFile[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  let next = 0;
  // Rendering is synchronous work; a few writers in flight overlap it with the disk.
  const writer = async () => {
    for (let file = files[next++]; file; file = files[next++]) {
      const bytes = await file.render();
      const { size } = await storage.put(file.key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      sizes.set(file.key, size);
    }
  };
  await Promise.all(Array.from({ length: 8 }, writer));
  return sizes;
}

const BATCH_ROWS = 1_000;

/** Inserts in batches; PostgreSQL returns the rows of a multi-row INSERT in the order given. */
async function insertBatches<Row, Result>(
  rows: readonly Row[],
  insert: (batch: Row[]) => Promise<Result[]>,
): Promise<Result[]> {
  const results: Result[] = [];
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    results.push(...(await insert(rows.slice(start, start + BATCH_ROWS))));
  }
  return results;
}

/** The seed's records carry no primary user, the one kind that sends mail through the mailer. */
const NO_MAIL: Mailer = {
  send: () => Promise.reject(new Error('The demo seed sends no mail.')),
};

/** A stored status outside the contract's list, which no record may carry (the demo's one from before the list). */
const isListedStatus = (status: string) => (Object.values(SHIPMENT_STATUSES) as string[]).includes(status);

/** The demo brokerage's own records, in the order its system would send them. */
export function brokerRecords({ companies }: DemoPlan, { withMovedLastFreeDays = false } = {}): IngestionRecordInput[] {
  const records: IngestionRecordInput[] = [];
  for (const { profile, logins } of companies) {
    const company_id = profile.brokerId;
    records.push({ kind: 'company', company_id, name: profile.name, primary_contact: primaryOf(logins).name });
    for (const account of profile.accounts) {
      const { accountNo: account_no, name, documentTracking: document_tracking } = account;
      records.push({ kind: 'account', account_no, company_id, name, document_tracking });
    }
  }
  records.push(
    { kind: 'notification', company_id: null, message: NOTIFICATIONS.old, active: false },
    { kind: 'notification', company_id: null, message: NOTIFICATIONS.current, active: true },
  );
  const shipments = companies.flatMap((company) => company.shipments);
  for (const { accountNo, row } of shipments) {
    records.push({
      kind: 'shipment',
      file_number: row.file_number,
      account_no: accountNo,
      status: isListedStatus(row.status) ? row.status : SHIPMENT_STATUSES.submitted,
      ...(row.isf_transaction_no && row.isf_transaction_no !== ISF_FILED_BY_CLIENT
        ? { isf_transaction_no: row.isf_transaction_no }
        : {}),
      customer_reference_no: row.customer_reference_no,
      est_time_arrive: row.est_time_arrive,
      shipment_discharge_date: row.shipment_discharge_date,
      fda_review: row.fda_review,
      origin: row.origin,
      destination_terminal: row.destination_terminal,
      steamship_line: row.steamship_line,
      vessel_name: row.vessel_name,
      unlading_code: row.unlading_code,
      unlading_name: row.unlading_name,
      transport_mode: row.transport_mode,
      transport_mode_description: row.transport_mode_description,
      document_note: row.document_note,
      comment: row.comment,
    });
  }
  // Each kind after the shipments, in plan order, so that ids follow the plan.
  for (const { row, containers } of shipments) {
    for (const container of containers) {
      records.push({
        kind: 'container',
        file_number: row.file_number,
        container_no: container.container_no,
        tracking_events: JSON.parse(container.tracking_info ?? '[]') as TrackingEvent[],
      });
    }
  }
  for (const { row, bills } of shipments) {
    for (const bill of bills) {
      records.push({ kind: 'bill_of_lading', file_number: row.file_number, ...bill });
    }
  }
  for (const { row, documentTypes } of shipments) {
    for (const { type, required } of documentTypes) {
      records.push({ kind: 'required_document_type', file_number: row.file_number, type, required });
    }
  }
  for (const { entry } of shipments) records.push(...entry);
  // The last free days a terminal moved from come first, so that their changes are kept.
  if (withMovedLastFreeDays) for (const { freeDays } of shipments) records.push(...freeDays.moved);
  for (const { freeDays } of shipments) records.push(...freeDays.records);
  return records;
}

async function writeBrokerRecords(trx: ControlledTransaction<Database>, storage: Storage, plan: DemoPlan) {
  const context = { db: trx, log: STDERR_LOG, storage, mailer: NO_MAIL, publicUrl: '' };
  const records = brokerRecords(plan, { withMovedLastFreeDays: true });
  const written = await writeRecords(context, trx, records, { tellsDocumentsLists: false });
  // The records carry no files and send no mail, so there is nothing to keep, remove or send.
  await written.settle(true);
  const refused = written.results.find((result) => result.outcome === 'refused');
  if (refused) throw new Error(`The demo's record ${refused.key ?? refused.index} was refused: ${refused.reason}`);
  // The containers' last free days changed before the demo began: nobody is mailed of them now.
  await trx
    .updateTable('container_lfd_changes')
    .set({ mail_queued_at: sql`changed_at` })
    .execute();
}

type Directory = {
  companyIdOf: (brokerId: string) => number;
  accountIdOf: (accountNo: string) => number;
  userIdOf: (email: string) => number;
  /** Per company, in the order of its profile. */
  truckerIds: number[][];
  warehouseIds: number[][];
};

/** The companies' people, truckers, warehouses and notification lists, and when the companies and banners began. */
async function insertCompanies(
  trx: ControlledTransaction<Database>,
  plan: DemoPlan,
  passwordHash: string,
): Promise<Directory> {
  const ago = (days: number) => new Date(plan.now.getTime() - days * DAY_MS).toISOString();
  const { companies } = plan;

  const companyRows = await trx
    .selectFrom('companies')
    .select(['id', 'broker_id'])
    .where(
      'broker_id',
      'in',
      companies.map(({ profile }) => profile.brokerId),
    )
    .execute();
  const companyIdOf = lookup(new Map(companyRows.map((row) => [row.broker_id, row.id])), 'company');
  const companyIds = companies.map(({ profile }) => companyIdOf(profile.brokerId));
  await trx
    .updateTable('companies')
    .set({ created_at: ago(900) })
    .where('id', 'in', companyIds)
    .execute();
  await trx
    .updateTable('notifications')
    .set({ created_at: ago(330) })
    .where('message', '=', NOTIFICATIONS.old)
    .execute();
  await trx
    .updateTable('notifications')
    .set({ created_at: ago(2) })
    .where('message', '=', NOTIFICATIONS.current)
    .execute();
  const perCompany = <Row>(rows: (company: PlannedCompany, companyId: number) => readonly Row[]) =>
    companies.flatMap((company, index) => rows(company, companyIds[index]!));

  const accounts = await trx
    .selectFrom('accounts')
    .select(['id', 'account_no'])
    .where('company_id', 'in', companyIds)
    .execute();
  const accountIdOf = lookup(new Map(accounts.map((account) => [account.account_no, account.id])), 'account');

  const users = await trx
    .insertInto('users')
    .values(
      perCompany(({ logins }, companyId) =>
        logins.map((login) => ({
          company_id: companyId,
          name: login.name,
          email: login.email,
          password_hash: passwordHash,
          role: login.role,
          created_at: ago(800),
          updated_at: ago(800),
        })),
      ),
    )
    .returning(['id', 'email'])
    .execute();
  const userIdOf = lookup(new Map(users.map((user) => [user.email, user.id])), 'user');
  await trx
    .insertInto('user_accounts')
    .values(
      companies.flatMap(({ logins }) =>
        logins.flatMap((login) =>
          login.accounts.map((accountNo) => ({ user_id: userIdOf(login.email), account_id: accountIdOf(accountNo) })),
        ),
      ),
    )
    .execute();

  const truckerIds = (
    await trx
      .insertInto('truckers')
      .values(
        perCompany(({ profile }, companyId) =>
          profile.truckers.map((trucker) => ({
            company_id: companyId,
            name: trucker.name,
            phone: trucker.phone,
            status: trucker.inactive ? 0 : ACTIVE_STATUS,
            deleted_at: trucker.deleted ? ago(60) : null,
            created_at: ago(700),
          })),
        ),
      )
      .returning('id')
      .execute()
  ).map((row) => row.id);
  const truckers = perCompany(({ profile }) => profile.truckers);
  await trx
    .insertInto('trucker_emails')
    .values(
      truckers.map((trucker, index) => ({
        trucker_id: truckerIds[index]!,
        email: trucker.email,
        cc_emails: trucker.cc,
      })),
    )
    .execute();

  const warehouseIds = (
    await trx
      .insertInto('warehouses')
      .values(
        perCompany(({ profile, logins }, companyId) =>
          profile.warehouses.map((warehouse) => ({
            company_id: companyId,
            user_id: userIdOf(primaryOf(logins).email),
            ...newWarehouseValues(warehouse),
            status: warehouse.inactive ? 0 : ACTIVE_STATUS,
            deleted_at: warehouse.deleted ? ago(45) : null,
            created_at: ago(700),
          })),
        ),
      )
      .returning('id')
      .execute()
  ).map((row) => row.id);
  const warehouses = perCompany(({ profile }) => profile.warehouses);
  await trx
    .insertInto('warehouse_emails')
    .values(
      warehouses.map((warehouse, index) => ({
        warehouse_id: warehouseIds[index]!,
        name: warehouse.contact,
        email: warehouse.email,
      })),
    )
    .execute();

  await trx
    .insertInto('notification_emails')
    .values(
      perCompany(({ profile }, companyId) =>
        profile.notificationEmails.map((list, tableNumber) => ({
          company_id: companyId,
          table_number: tableNumber,
          email: list.email,
          cc_emails: list.cc,
        })),
      ),
    )
    .execute();

  return {
    companyIdOf,
    accountIdOf,
    userIdOf,
    truckerIds: regroup(
      truckerIds,
      companies.map(({ profile }) => profile.truckers.length),
    ),
    warehouseIds: regroup(
      warehouseIds,
      companies.map(({ profile }) => profile.warehouses.length),
    ),
  };
}

/**
 * What hangs off the shipments the records made, each table in a few multi-row inserts, and what
 * the customers did to the shipments themselves.
 */
async function insertShipments(
  trx: ControlledTransaction<Database>,
  plan: DemoPlan,
  { accountIdOf, userIdOf, truckerIds, warehouseIds }: Directory,
  sizes: ReadonlyMap<string, number>,
): Promise<void> {
  const sizeOf = lookup(sizes, 'file');
  const shipments = plan.companies.flatMap((company, companyIndex) =>
    company.shipments.map((shipment) => ({ shipment, companyIndex })),
  );
  const accountIds = [...new Set(shipments.map(({ shipment }) => accountIdOf(shipment.accountNo)))];
  const stored = await trx
    .selectFrom('shipments')
    .select(['id', 'file_number'])
    .where('account_id', 'in', accountIds)
    .execute();
  const shipmentIdOf = lookup(new Map(stored.map((row) => [row.file_number, row.id])), 'shipment');
  const shipmentIds = shipments.map(({ shipment }) => shipmentIdOf(shipment.row.file_number));
  const perShipment = <Row>(rows: (shipment: PlannedShipment, shipmentId: number) => Row[]) =>
    shipments.flatMap(({ shipment }, index) => rows(shipment, shipmentIds[index]!));

  await insertBatches(
    perShipment(({ row }, shipmentId) => {
      const clientIsf = row.isf_transaction_no === ISF_FILED_BY_CLIENT ? ISF_FILED_BY_CLIENT : null;
      return [
        sql`(${shipmentId}::int, ${row.status}::text, ${clientIsf}::text, ${row.isf_submit_date ?? null}::timestamptz,
          ${row.path_to_7501 ?? null}::text, ${row.reviewed_7501 ?? false}::boolean, ${row.ignored_shipment ?? false}::boolean,
          ${row.created_at ?? null}::timestamptz, ${row.updated_at ?? null}::timestamptz)`,
      ];
    }),
    async (batch) => {
      await sql`
        UPDATE shipments SET status = v.status, isf_transaction_no = coalesce(v.client_isf, isf_transaction_no),
          isf_submit_date = v.isf_submit_date, path_to_7501 = v.path_to_7501, reviewed_7501 = v.reviewed_7501,
          ignored_shipment = v.ignored_shipment, created_at = v.created_at, updated_at = v.updated_at
        FROM (VALUES ${sql.join(batch)})
          AS v(id, status, client_isf, isf_submit_date, path_to_7501, reviewed_7501, ignored_shipment, created_at, updated_at)
        WHERE shipments.id = v.id`.execute(trx);
      return [];
    },
  );
  await insertBatches(
    perShipment((shipment, shipmentId) =>
      shipment.documentTypes
        .filter((type) => type.submitted)
        .map((type) => sql`(${shipmentId}::int, ${type.type}::text)`),
    ),
    async (batch) => {
      await sql`
        UPDATE document_types SET submitted = true FROM (VALUES ${sql.join(batch)}) AS v(shipment_id, type)
        WHERE document_types.shipment_id = v.shipment_id AND document_types.type = v.type`.execute(trx);
      return [];
    },
  );

  // Containers and bills by their place in their shipment's plan.
  const containerRows = await trx
    .selectFrom('containers')
    .select(['id', 'shipment_id', 'container_no'])
    .where('shipment_id', 'in', shipmentIds)
    .execute();
  const containerIdOf = lookup(
    new Map(containerRows.map((row) => [`${row.shipment_id}/${row.container_no}`, row.id])),
    'container',
  );
  const billRows = await trx
    .selectFrom('bills_of_lading')
    .select(['id', 'shipment_id', 'bill_lading', 'is_master'])
    .where('shipment_id', 'in', shipmentIds)
    .execute();
  const billIdOf = lookup(
    new Map(billRows.map((row) => [`${row.shipment_id}/${row.is_master}/${row.bill_lading}`, row.id])),
    'bill of lading',
  );
  const containerIdsOf = shipments.map(({ shipment }, index) =>
    shipment.containers.map((container) => containerIdOf(`${shipmentIds[index]}/${container.container_no}`)),
  );
  const billIdsOf = shipments.map(({ shipment }, index) =>
    shipment.bills.map((bill) => billIdOf(`${shipmentIds[index]}/${bill.is_master}/${bill.bill_lading}`)),
  );

  // What the customers did, as their actions record it for the broker's change feed (SHIPMENT_ACTIVITY).
  const acts: Insertable<ShipmentActivityTable>[] = [];
  const act = (shipmentId: number, email: string, at: string | Date, action: ShipmentActivityAction, detail: object) =>
    acts.push({
      shipment_id: shipmentId,
      user_id: userIdOf(email),
      action,
      detail: JSON.stringify(detail),
      created_at: at,
    });

  const documents = perShipment((shipment, shipmentId) =>
    shipment.documents.map(({ uploadedBy, ...document }) => ({
      uploadedBy,
      row: {
        ...document,
        shipment_id: shipmentId,
        size: sizeOf(document.path),
        uploaded_by: uploadedBy === null ? null : userIdOf(uploadedBy),
      },
    })),
  );
  const documentIds = await insertBatches(
    documents.map((document) => document.row),
    (batch) => trx.insertInto('documents').values(batch).returning('id').execute(),
  );
  for (const [index, { uploadedBy, row }] of documents.entries()) {
    if (uploadedBy === null) continue;
    act(row.shipment_id, uploadedBy, row.created_at!, SHIPMENT_ACTIVITY.documentUploaded, {
      document_id: documentIds[index]!.id,
      path: row.path,
      name: row.original_name,
      size: row.size,
    });
  }
  const notes = perShipment((shipment, shipmentId) => shipment.notes.map((note) => ({ note, shipmentId })));
  const noteIds = await insertBatches(
    notes.map(({ note, shipmentId }) => ({
      shipment_id: shipmentId,
      user_id: userIdOf(note.author.email),
      role: note.author.role,
      comments: note.comments,
      created_at: note.created_at,
    })),
    (batch) => trx.insertInto('shipment_notes').values(batch).returning('id').execute(),
  );
  for (const [index, { note, shipmentId }] of notes.entries()) {
    act(shipmentId, note.author.email, note.created_at, SHIPMENT_ACTIVITY.noteAdded, {
      note_id: noteIds[index]!.id,
      text: note.comments,
      author: note.author.name,
      role: note.author.role,
    });
  }
  for (const [index, { shipment }] of shipments.entries()) {
    const { isfFiler, reviewer } = shipment.acts;
    if (isfFiler !== null) {
      act(shipmentIds[index]!, isfFiler, shipment.row.isf_submit_date!, SHIPMENT_ACTIVITY.isfFiled, {
        isf_transaction_no: ISF_FILED_BY_CLIENT,
        isf_submit_date: formatInstantText(new Date(shipment.row.isf_submit_date!)),
      });
    }
    if (reviewer !== null) {
      act(shipmentIds[index]!, reviewer.email, reviewer.at, SHIPMENT_ACTIVITY.reviewedChanged, {
        from: false,
        to: true,
      });
    }
  }
  await insertBatches(
    perShipment((shipment, shipmentId) =>
      shipment.invoice
        ? [{ ...invoiceRow(shipment.invoice), account_id: accountIdOf(shipment.accountNo), shipment_id: shipmentId }]
        : [],
    ),
    (batch) => trx.insertInto('invoices').values(batch).execute(),
  );

  // An order names its containers, bills, trucker and warehouse by their place in the plan.
  const orders = shipments.flatMap(({ shipment, companyIndex }, index) =>
    shipment.orders.map(({ trucker, warehouse, containers, bills, createdBy, approvedAt, ...order }) => ({
      createdBy,
      row: {
        ...order,
        shipment_id: shipmentIds[index]!,
        trucker_id: truckerIds[companyIndex]![trucker]!,
        warehouse_id: warehouseIds[companyIndex]![warehouse]!,
        created_by: userIdOf(createdBy),
      },
      containerIds: containers.map((container) => containerIdsOf[index]![container]!),
      billIds: bills.map((bill) => billIdsOf[index]![bill]!),
      approvedAt,
    })),
  );
  const orderIds = (
    await insertBatches(
      orders.map((order) => order.row),
      (batch) => trx.insertInto('delivery_orders').values(batch).returning('id').execute(),
    )
  ).map((row) => row.id);
  await insertBatches(
    orders.flatMap((order, index) =>
      order.containerIds.map((containerId) => ({ delivery_order_id: orderIds[index]!, container_id: containerId })),
    ),
    (batch) => trx.insertInto('delivery_order_containers').values(batch).execute(),
  );
  await insertBatches(
    orders.flatMap((order, index) =>
      order.billIds.map((billId) => ({ delivery_order_id: orderIds[index]!, bill_of_lading_id: billId })),
    ),
    (batch) => trx.insertInto('delivery_order_bills').values(batch).execute(),
  );
  for (const [index, order] of orders.entries()) {
    act(order.row.shipment_id, order.createdBy, order.row.created_at!, SHIPMENT_ACTIVITY.deliveryOrderCreated, {
      delivery_order_id: orderIds[index]!,
      trucker_id: order.row.trucker_id,
      warehouse_id: order.row.warehouse_id,
      reference_number: order.row.reference_number,
      note: order.row.note,
      pickup_date: order.row.pickup_date ?? null,
      containers: sortedIds(order.containerIds),
      bill_ladings: sortedIds(order.billIds),
      reused_containers: false,
      ...(await deliveryOrdersRepository.namesOf(trx, orderIds[index]!)),
    });
  }
  // In the order they happened, as the feed tells them.
  acts.sort((a, b) => new Date(a.created_at!).getTime() - new Date(b.created_at!).getTime());
  await insertBatches(acts, (batch) => trx.insertInto('shipment_activity').values(batch).execute());
  // Approval is the broker's act, made the way the broker makes it.
  for (const [index, order] of orders.entries()) {
    if (order.approvedAt !== null)
      await approveDeliveryOrder({ db: trx }, BROKER, { orderId: orderIds[index]!, at: new Date(order.approvedAt) });
  }
}

/** Splits a flat list back into consecutive groups of the given lengths. */
function regroup<T>(items: readonly T[], lengths: readonly number[]): T[][] {
  let start = 0;
  return lengths.map((length) => items.slice(start, (start += length)));
}

function lookup<Key, Value>(map: ReadonlyMap<Key, Value>, what: string): (key: Key) => Value {
  return (key) => {
    const value = map.get(key);
    if (value === undefined) throw new Error(`Demo data names an unknown ${what}: ${String(key)}`);
    return value;
  };
}
