import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Db } from '../src/db/connect.ts';

/** Helpers of the delivery order tests: demo shipments to order from, and what a call changed. */

export type OrderableShipment = {
  id: number;
  fileNumber: string;
  containers: Array<{ id: number; container_no: string }>;
  bills: Array<{ id: number; bill_lading: string; is_master: boolean }>;
};

/**
 * Shipments of the account with at least `minContainers` containers, a bill of lading and no
 * delivery order yet, lowest id first; `taken` ids are skipped, and the one given is added.
 */
export async function orderableShipment(
  db: Db,
  accountNo: string,
  taken: Set<number>,
  minContainers = 2,
): Promise<OrderableShipment> {
  const rows = await db
    .selectFrom('shipments')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .select(['shipments.id', 'shipments.file_number'])
    .where('accounts.account_no', '=', accountNo)
    .where('shipments.has_delivery_order', '=', false)
    .where(sql<boolean>`cardinality(shipments.container_nos) >= ${minContainers}`)
    .where(sql<boolean>`cardinality(shipments.master_bills) + cardinality(shipments.house_bills) > 0`)
    .orderBy('shipments.id')
    .execute();
  const row = rows.find((each) => !taken.has(each.id));
  if (!row) throw new Error(`no orderable shipment of account ${accountNo} is left`);
  taken.add(row.id);
  const [containers, bills] = await Promise.all([
    db
      .selectFrom('containers')
      .select(['id', 'container_no'])
      .where('shipment_id', '=', row.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('bills_of_lading')
      .select(['id', 'bill_lading', 'is_master'])
      .where('shipment_id', '=', row.id)
      .orderBy('id')
      .execute(),
  ]);
  return { id: row.id, fileNumber: row.file_number, containers, bills };
}

/** The oldest delivery order the broker has not approved yet. */
export async function waitingOrderId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('delivery_orders')
    .select('id')
    .where('approved', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A trucker or warehouse of the company by its demo name. */
export async function idByName(db: Db, table: 'truckers' | 'warehouses', name: string): Promise<number> {
  const row = await db.selectFrom(table).select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the shipment's row says it has a delivery order. */
export async function hasDeliveryOrder(db: Db, shipmentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('shipments')
    .select('has_delivery_order')
    .where('id', '=', shipmentId)
    .executeTakeFirstOrThrow();
  return row.has_delivery_order;
}

/** Everything a delivery order call could change for the shipment, to compare before and after. */
export async function orderState(db: Db, shipmentId: number) {
  const orders = await db
    .selectFrom('delivery_orders')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .orderBy('id')
    .execute();
  const ids = [0, ...orders.map((order) => order.id)];
  const [containers, bills, activity, shipment] = await Promise.all([
    db.selectFrom('delivery_order_containers').selectAll().where('delivery_order_id', 'in', ids).execute(),
    db.selectFrom('delivery_order_bills').selectAll().where('delivery_order_id', 'in', ids).execute(),
    db.selectFrom('shipment_activity').selectAll().where('shipment_id', '=', shipmentId).orderBy('id').execute(),
    db.selectFrom('shipments').selectAll().where('id', '=', shipmentId).executeTakeFirstOrThrow(),
  ]);
  const sortLinks = <T extends { delivery_order_id: number }>(rows: T[]) =>
    rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return { orders, containers: sortLinks(containers), bills: sortLinks(bills), activity, shipment };
}

/** The outbox's messages, oldest first, parsed. */
export async function outboxMessages(dataDir: string): Promise<ParsedMail[]> {
  const folder = path.join(dataDir, 'outbox');
  const files = (await readdir(folder).catch(() => [])).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(folder, file)))));
}

/** The addresses of a parsed To or Cc header. */
export function addressesOf(header: ParsedMail['to']): string[] {
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return list.flatMap((each) => each.value.map((address) => address.address ?? ''));
}
