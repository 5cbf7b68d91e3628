import type { Transaction } from 'kysely';
import { ACTIVE_STATUS } from '@clearport/contract/constants';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { Storage } from '../lib/storage.ts';
import { approveDeliveryOrder } from '../modules/delivery-orders/delivery-order-approval.ts';
import { newWarehouseValues } from '../modules/warehouses/warehouses.repository.ts';
import { NOTIFICATIONS, primaryOf } from './demo-companies.ts';
import { DAY_MS } from './demo-numbers.ts';
import type { DemoPlan, PlannedCompany, PlannedFile, PlannedShipment } from './demo-shipments.ts';

/**
 * Writes a demo plan: its files through the storage the product uploads to, then its rows. The
 * product's own functions write where they can take the seed's transaction and its dates (the
 * password hash, a new warehouse's fields, the broker's approval); the rest is bulk inserts here,
 * since the repositories write one client request at a time, in their own transaction and now.
 */

/**
 * Writes the files first, then inserts every row in one transaction: a failure leaves no
 * half-made brokerage behind (only unreferenced files).
 */
export async function writeDemoPlan(db: Db, storage: Storage, plan: DemoPlan, password: string): Promise<void> {
  // scrypt runs on libuv's thread pool, alongside the PDFs rendered here.
  const [passwordHash, sizes] = await Promise.all([hashOnce(password), writeFiles(storage, plan.files)]);
  await db.transaction().execute(async (trx) => insertPlan(trx, plan, passwordHash, sizes));
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

async function insertPlan(
  trx: Transaction<Database>,
  plan: DemoPlan,
  passwordHash: string,
  sizes: ReadonlyMap<string, number>,
): Promise<void> {
  const directory = await insertCompanies(trx, plan, passwordHash);
  await insertShipments(trx, plan, directory, sizes);
}

type Directory = {
  accountIdOf: (accountNo: string) => number;
  userIdOf: (email: string) => number;
  /** Per company, in the order of its profile. */
  truckerIds: number[][];
  warehouseIds: number[][];
};

/** Companies with their accounts, users, truckers, warehouses and notification lists. */
async function insertCompanies(trx: Transaction<Database>, plan: DemoPlan, passwordHash: string): Promise<Directory> {
  const ago = (days: number) => new Date(plan.now.getTime() - days * DAY_MS).toISOString();
  const { companies } = plan;

  const companyIds = (
    await trx
      .insertInto('companies')
      .values(
        companies.map(({ profile, logins }) => ({
          name: profile.name,
          primary_contact: primaryOf(logins).name,
          created_at: ago(900),
        })),
      )
      .returning('id')
      .execute()
  ).map((row) => row.id);
  const perCompany = <Row>(rows: (company: PlannedCompany, companyId: number) => readonly Row[]) =>
    companies.flatMap((company, index) => rows(company, companyIds[index]!));

  const accounts = await trx
    .insertInto('accounts')
    .values(
      perCompany(({ profile }, companyId) =>
        profile.accounts.map((account) => ({
          company_id: companyId,
          account_no: account.accountNo,
          name: account.name,
          document_tracking: account.documentTracking,
        })),
      ),
    )
    .returning(['id', 'account_no'])
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
  await trx
    .insertInto('notifications')
    .values([
      { company_id: null, message: NOTIFICATIONS.old, active: false, created_at: ago(330) },
      { company_id: null, message: NOTIFICATIONS.current, active: true, created_at: ago(2) },
    ])
    .execute();

  return {
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

/** Shipments and everything hanging off them, each table in a few multi-row inserts. */
async function insertShipments(
  trx: Transaction<Database>,
  plan: DemoPlan,
  { accountIdOf, userIdOf, truckerIds, warehouseIds }: Directory,
  sizes: ReadonlyMap<string, number>,
): Promise<void> {
  const sizeOf = lookup(sizes, 'file');
  const shipments = plan.companies.flatMap((company, companyIndex) =>
    company.shipments.map((shipment) => ({ shipment, companyIndex })),
  );
  const shipmentIds = (
    await insertBatches(
      shipments.map(({ shipment }) => ({ ...shipment.row, account_id: accountIdOf(shipment.accountNo) })),
      (batch) => trx.insertInto('shipments').values(batch).returning('id').execute(),
    )
  ).map((row) => row.id);
  const perShipment = <Row>(rows: (shipment: PlannedShipment, shipmentId: number) => Row[]) =>
    shipments.flatMap(({ shipment }, index) => rows(shipment, shipmentIds[index]!));

  const containerIds = await insertBatches(
    perShipment((shipment, shipmentId) => shipment.containers.map((row) => ({ ...row, shipment_id: shipmentId }))),
    (batch) => trx.insertInto('containers').values(batch).returning('id').execute(),
  );
  const billIds = await insertBatches(
    perShipment((shipment, shipmentId) => shipment.bills.map((row) => ({ ...row, shipment_id: shipmentId }))),
    (batch) => trx.insertInto('bills_of_lading').values(batch).returning('id').execute(),
  );
  const containerIdsOf = regroup(
    containerIds.map((row) => row.id),
    shipments.map(({ shipment }) => shipment.containers.length),
  );
  const billIdsOf = regroup(
    billIds.map((row) => row.id),
    shipments.map(({ shipment }) => shipment.bills.length),
  );

  await insertBatches(
    perShipment((shipment, shipmentId) => shipment.documentTypes.map((row) => ({ ...row, shipment_id: shipmentId }))),
    (batch) => trx.insertInto('document_types').values(batch).execute(),
  );
  await insertBatches(
    perShipment((shipment, shipmentId) =>
      shipment.documents.map(({ uploadedBy, ...document }) => ({
        ...document,
        shipment_id: shipmentId,
        size: sizeOf(document.path),
        uploaded_by: uploadedBy === null ? null : userIdOf(uploadedBy),
      })),
    ),
    (batch) => trx.insertInto('documents').values(batch).execute(),
  );
  await insertBatches(
    perShipment((shipment, shipmentId) =>
      shipment.notes.map((note) => ({
        shipment_id: shipmentId,
        user_id: userIdOf(note.author.email),
        role: note.author.role,
        comments: note.comments,
        created_at: note.created_at,
      })),
    ),
    (batch) => trx.insertInto('shipment_notes').values(batch).execute(),
  );
  await insertBatches(
    perShipment((shipment, shipmentId) =>
      shipment.invoice
        ? [{ ...shipment.invoice, account_id: accountIdOf(shipment.accountNo), shipment_id: shipmentId }]
        : [],
    ),
    (batch) => trx.insertInto('invoices').values(batch).execute(),
  );

  // An order names its containers, bills, trucker and warehouse by their place in the plan.
  const orders = shipments.flatMap(({ shipment, companyIndex }, index) =>
    shipment.orders.map(({ trucker, warehouse, containers, bills, createdBy, approvedAt, ...order }) => ({
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
  // Approval is the broker's act, made the way the broker makes it.
  for (const [index, order] of orders.entries()) {
    if (order.approvedAt !== null) await approveDeliveryOrder(trx, orderIds[index]!, new Date(order.approvedAt));
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
