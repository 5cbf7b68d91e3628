import {
  deliveryOrderRevision,
  sortedIds,
  type DeliveryOrder,
  type DeliveryOrderRequest,
} from '@clearport/contract/delivery-orders';
import { toFlag } from '@clearport/contract/http';
import { NOTIFICATION_LISTS, type NotificationEmails } from '@clearport/contract/settings';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { accessRepository } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';
import { settingsReads } from '../settings/settings.reads.ts';
import {
  deliveryOrderRecipients,
  deliveryOrderRefusal,
  type DeliveryOrderRefusal,
  type Recipients,
} from './delivery-orders.rules.ts';

/*
 * A shipment's delivery orders. Every call starts from the access check: the shipment through
 * accessRepository.shipments, the order by its id within that shipment, trucker and warehouse
 * through the company. The actions (create-delivery-order.ts and its siblings) make each change
 * inside changeShipment, which locks the shipment row first, so two changes of one shipment's
 * orders take turns and the container rule sees every other order as it is.
 */

/**
 * How long a send holds its order: longer than the PDF, its store and the mail can take together
 * (the mail's and the store's timeouts), short enough that a send that died midway frees it soon.
 */
const SEND_CLAIM_SECONDS = 120;

/** An order's trucker and warehouse by name, its containers and bills by number (namesOf). */
export type OrderNames = { trucker: string; warehouse: string; container_nos: string[]; bill_numbers: string[] };

const DELIVERY_LIST = NOTIFICATION_LISTS.find((list) => list.key === 'delivery_order_mails')!.table_number;

/** The shipment's order, and whether a send holds it (its claim not lapsed, by the database's clock). */
async function findOrder(db: Db, shipmentId: number, orderId: number) {
  return db
    .selectFrom('delivery_orders')
    .selectAll()
    .select(sql<boolean>`coalesce(sending_until > now(), false)`.as('is_being_sent'))
    .where('id', '=', orderId)
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirst();
}

/** Each order of the shipment with the container ids it holds. */
async function ordersWithContainers(db: Db, shipmentId: number) {
  const [orders, held] = await Promise.all([
    db.selectFrom('delivery_orders').select('id').where('shipment_id', '=', shipmentId).execute(),
    db
      .selectFrom('delivery_order_containers')
      .innerJoin('delivery_orders', 'delivery_orders.id', 'delivery_order_containers.delivery_order_id')
      .select(['delivery_order_containers.delivery_order_id', 'delivery_order_containers.container_id'])
      .where('delivery_orders.shipment_id', '=', shipmentId)
      .execute(),
  ]);
  return orders.map((order) => ({
    id: order.id,
    containers: held.filter((row) => row.delivery_order_id === order.id).map((row) => row.container_id),
  }));
}

/** The refusal of a save, or undefined; `current` is the order being updated. */
async function checkSave(
  trx: Db,
  user: SessionUser,
  shipmentId: number,
  input: DeliveryOrderRequest,
  current?: { id: number; trucker_id: number; warehouse_id: number },
): Promise<DeliveryOrderRefusal | undefined> {
  const [isTruckerUsable, isWarehouseUsable, containers, bills, orders] = await Promise.all([
    input.trucker_id === current?.trucker_id || settingsReads.isTruckerActive(trx, user, input.trucker_id),
    input.warehouse_id === current?.warehouse_id || settingsReads.isWarehouseActive(trx, user, input.warehouse_id),
    trx
      .selectFrom('containers')
      .select(['id', 'container_no'])
      .where('shipment_id', '=', shipmentId)
      .orderBy('id')
      .execute(),
    trx.selectFrom('bills_of_lading').select('id').where('shipment_id', '=', shipmentId).execute(),
    ordersWithContainers(trx, shipmentId),
  ]);
  return deliveryOrderRefusal(input, {
    isTruckerUsable,
    isWarehouseUsable,
    containers,
    billIds: bills.map((bill) => bill.id),
    orders,
    orderId: current?.id,
  });
}

async function containerIdsOf(db: Db, orderId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('delivery_order_containers')
    .select('container_id')
    .where('delivery_order_id', '=', orderId)
    .execute();
  return rows.map((row) => row.container_id);
}

async function billIdsOf(db: Db, orderId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('delivery_order_bills')
    .select('bill_of_lading_id')
    .where('delivery_order_id', '=', orderId)
    .execute();
  return rows.map((row) => row.bill_of_lading_id);
}

/** Makes the order hold exactly these containers and bills: removes the others, adds the missing. */
async function replaceLinks(
  trx: Db,
  orderId: number,
  before: { containers: readonly number[]; bills: readonly number[] },
  after: { containers: readonly number[]; bills: readonly number[] },
): Promise<void> {
  const removed = (from: readonly number[], to: readonly number[]) => from.filter((id) => !to.includes(id));
  const goneContainers = removed(before.containers, after.containers);
  const goneBills = removed(before.bills, after.bills);
  const newContainers = removed([...new Set(after.containers)], before.containers);
  const newBills = removed([...new Set(after.bills)], before.bills);
  if (goneContainers.length > 0) {
    await trx
      .deleteFrom('delivery_order_containers')
      .where('delivery_order_id', '=', orderId)
      .where('container_id', 'in', goneContainers)
      .execute();
  }
  if (goneBills.length > 0) {
    await trx
      .deleteFrom('delivery_order_bills')
      .where('delivery_order_id', '=', orderId)
      .where('bill_of_lading_id', 'in', goneBills)
      .execute();
  }
  if (newContainers.length > 0) {
    await trx
      .insertInto('delivery_order_containers')
      .values(newContainers.map((id) => ({ delivery_order_id: orderId, container_id: id })))
      .execute();
  }
  if (newBills.length > 0) {
    await trx
      .insertInto('delivery_order_bills')
      .values(newBills.map((id) => ({ delivery_order_id: orderId, bill_of_lading_id: id })))
      .execute();
  }
}

/** Everything the PDF and the e-mail of one order say. */
export type DeliveryOrderDetails = {
  orderId: number;
  company: string;
  /** The company's: the PDF's date is its day. */
  timeZone: string;
  shipment: {
    file_number: string;
    account_no: string;
    destination_terminal: string;
    unlading_code: string;
    unlading_name: string;
    steamship_line: string;
    vessel_name: string;
    /** `YYYY-MM-DD HH:MM:SS`, or null when unknown. */
    est_time_arrive: string | null;
  };
  reference_number: string;
  note: string;
  /** YYYY-MM-DD, or null. */
  pickup_date: string | null;
  containers: string[];
  masterBills: string[];
  houseBills: string[];
  trucker: { name: string; phone: string; email: string; cc_emails: string[] };
  warehouse: {
    name: string;
    phone: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    contact: { name: string; email: string } | undefined;
  };
  deliveryList: NotificationEmails;
  recipients: Recipients;
};

export const deliveryOrdersRepository = {
  /**
   * Delivery orders of every company with their shipment and its account (whose company the order
   * is): the broker's reads, which no access check narrows; add columns and conditions on top.
   */
  withAccount(db: Db) {
    return db
      .selectFrom('delivery_orders')
      .innerJoin('shipments', 'shipments.id', 'delivery_orders.shipment_id')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id');
  },

  /** The orders the broker has not approved yet, oldest first, with their shipment, account and trucker. */
  /** The orders waiting for approval, oldest first, a page at a time when `page` is given. */
  async waitingForApproval(db: Db, page?: { after?: number; limit: number }) {
    let query = deliveryOrdersRepository
      .withAccount(db)
      .innerJoin('truckers', 'truckers.id', 'delivery_orders.trucker_id')
      .select([
        'delivery_orders.id',
        'shipments.file_number',
        'accounts.account_no',
        'truckers.name as trucker',
        'delivery_orders.created_at',
      ])
      .where('delivery_orders.approved', '=', false)
      .orderBy('delivery_orders.id');
    if (page) query = query.where('delivery_orders.id', '>', page.after ?? 0).limit(page.limit);
    return query.execute();
  },

  /** The shipment's orders (or these of them) with their trucker, warehouse, containers and bills. */
  async listOf(db: Db, shipmentId: number, orderIds?: readonly number[]): Promise<DeliveryOrder[]> {
    let query = db.selectFrom('delivery_orders').selectAll().where('shipment_id', '=', shipmentId);
    if (orderIds) query = query.where('id', 'in', [...orderIds, 0]);
    const orders = await query.orderBy('id').execute();
    if (orders.length === 0) return [];
    const ids = orders.map((order) => order.id);
    const [containers, bills, truckers, warehouses] = await Promise.all([
      db
        .selectFrom('delivery_order_containers')
        .innerJoin('containers', 'containers.id', 'delivery_order_containers.container_id')
        .select(['delivery_order_containers.delivery_order_id', 'containers.id', 'containers.container_no'])
        .where('delivery_order_containers.delivery_order_id', 'in', ids)
        .orderBy('containers.id')
        .execute(),
      db
        .selectFrom('delivery_order_bills')
        .select(['delivery_order_id', 'bill_of_lading_id'])
        .where('delivery_order_id', 'in', ids)
        .orderBy('bill_of_lading_id')
        .execute(),
      settingsReads.truckersByIds(db, [...new Set(orders.map((order) => order.trucker_id))]),
      settingsReads.warehousesByIds(db, [...new Set(orders.map((order) => order.warehouse_id))]),
    ]);
    return orders.flatMap((order) => {
      const trucker = truckers.find((each) => each.id === order.trucker_id);
      const warehouse = warehouses.find((each) => each.id === order.warehouse_id);
      // Foreign keys make both exist; the guard is for the type checker.
      if (!trucker || !warehouse) return [];
      const held = containers.filter((each) => each.delivery_order_id === order.id);
      const content = {
        trucker_id: order.trucker_id,
        warehouse_id: order.warehouse_id,
        reference_number: order.reference_number,
        note: order.note,
        pickup_date: order.pickup_date,
        containers: held.map((each) => each.id),
        bill_ladings: bills.filter((each) => each.delivery_order_id === order.id).map((each) => each.bill_of_lading_id),
      };
      return [
        {
          id: order.id,
          ...content,
          approved: toFlag(order.approved),
          path: order.path,
          sent_at: order.sent_at ? order.sent_at.toISOString() : null,
          trucker,
          warehouse,
          delivery_order_containers: held.map((each) => ({
            container_id: each.id,
            container: { id: each.id, container_no: each.container_no },
          })),
          revision: deliveryOrderRevision(content),
        },
      ];
    });
  },

  /** Before a create's body is read: whether the shipment is visible, and whether it has a container yet. */
  async creationState(
    db: Db,
    user: SessionUser,
    shipmentId: number,
  ): Promise<'shipmentNotFound' | 'noContainers' | 'ready'> {
    const shipment = await accessRepository
      .shipments(db, user)
      .select((eb) => [
        'shipments.id',
        eb
          .exists(
            eb.selectFrom('containers').select('containers.id').whereRef('containers.shipment_id', '=', 'shipments.id'),
          )
          .as('has_containers'),
      ])
      .where('shipments.id', '=', shipmentId)
      .executeTakeFirst();
    if (!shipment) return 'shipmentNotFound';
    return shipment.has_containers ? 'ready' : 'noContainers';
  },

  /** The order of this shipment, or undefined. */
  findOrder,

  /** The refusal of a save, or undefined; `current` is the order being updated. */
  saveRefusal: checkSave,

  /** The containers and bills the order holds. */
  async linksOf(db: Db, orderId: number): Promise<{ containers: number[]; bills: number[] }> {
    const [containers, bills] = await Promise.all([containerIdsOf(db, orderId), billIdsOf(db, orderId)]);
    return { containers, bills };
  },

  /**
   * What the brokerage knows an order's parts by, which its feed events name beside their ids: the
   * trucker's and warehouse's names, the containers' and bills' numbers (in the ids' order).
   */
  async namesOf(db: Db, orderId: number): Promise<OrderNames> {
    const { rows } = await sql<OrderNames>`
      SELECT t.name AS trucker, w.name AS warehouse,
        ARRAY(SELECT c.container_no FROM delivery_order_containers l JOIN containers c ON c.id = l.container_id
              WHERE l.delivery_order_id = o.id ORDER BY c.id) AS container_nos,
        ARRAY(SELECT b.bill_lading FROM delivery_order_bills l JOIN bills_of_lading b ON b.id = l.bill_of_lading_id
              WHERE l.delivery_order_id = o.id ORDER BY b.id) AS bill_numbers
      FROM delivery_orders o JOIN truckers t ON t.id = o.trucker_id JOIN warehouses w ON w.id = o.warehouse_id
      WHERE o.id = ${orderId}`.execute(db);
    return rows[0]!;
  },

  /** A new order holding these containers and bills; gives its id. */
  async insert(trx: Db, user: SessionUser, shipmentId: number, input: DeliveryOrderRequest): Promise<number> {
    const order = await trx
      .insertInto('delivery_orders')
      .values({
        shipment_id: shipmentId,
        trucker_id: input.trucker_id,
        warehouse_id: input.warehouse_id,
        reference_number: input.reference_number,
        note: input.note,
        pickup_date: input.pickup_date ?? null,
        created_by: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceLinks(
      trx,
      order.id,
      { containers: [], bills: [] },
      { containers: sortedIds(input.containers), bills: sortedIds(input.bill_ladings) },
    );
    return order.id;
  },

  /** The order's new content; its approval is withdrawn. */
  async update(
    trx: Db,
    orderId: number,
    before: { containers: readonly number[]; bills: readonly number[] },
    input: DeliveryOrderRequest,
  ): Promise<void> {
    await trx
      .updateTable('delivery_orders')
      .set({
        trucker_id: input.trucker_id,
        warehouse_id: input.warehouse_id,
        reference_number: input.reference_number,
        note: input.note,
        // Left out, the pick-up date stays.
        ...(input.pickup_date === undefined ? {} : { pickup_date: input.pickup_date }),
        approved: false,
        approved_at: null,
        // A send whose claim lapsed before this change can no longer record it (markSent).
        sending_until: null,
        updated_at: new Date(),
      })
      .where('id', '=', orderId)
      .execute();
    await replaceLinks(trx, orderId, before, { containers: input.containers, bills: input.bill_ladings });
  },

  async delete(trx: Db, orderId: number): Promise<void> {
    await trx.deleteFrom('delivery_orders').where('id', '=', orderId).execute();
  },

  /**
   * Deletes the order and answers what the shipment's history tells of it (`delivery_order.deleted`):
   * its trucker, warehouse, containers and bills, approval and send.
   */
  async deleteTold(
    trx: Db,
    order: {
      id: number;
      trucker_id: number;
      warehouse_id: number;
      approved: boolean;
      sent_at: Date | null;
      path: string | null;
    },
  ): Promise<Record<string, unknown>> {
    const [links, names] = await Promise.all([
      deliveryOrdersRepository.linksOf(trx, order.id),
      deliveryOrdersRepository.namesOf(trx, order.id),
    ]);
    await deliveryOrdersRepository.delete(trx, order.id);
    return {
      delivery_order_id: order.id,
      trucker_id: order.trucker_id,
      warehouse_id: order.warehouse_id,
      containers: links.containers,
      bill_ladings: links.bills,
      ...names,
      approved: order.approved,
      sent_at: order.sent_at ? order.sent_at.toISOString() : null,
      path: order.path,
    };
  },

  /**
   * What a send renders and to whom it goes, read without a lock: the PDF and the mail take
   * seconds, and no change of the shipment should wait for them.
   */
  async sendingDetails(
    db: Db,
    user: SessionUser,
    shipmentId: number,
    orderId: number,
  ): Promise<DeliveryOrderDetails | DeliveryOrderRefusal> {
    const shipment = await accessRepository
      .shipments(db, user)
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .innerJoin('companies', 'companies.id', 'accounts.company_id')
      .select([
        'shipments.file_number',
        'shipments.destination_terminal',
        'shipments.unlading_code',
        'shipments.unlading_name',
        'shipments.steamship_line',
        'shipments.vessel_name',
        'shipments.est_time_arrive',
        'accounts.account_no',
        'accounts.company_id',
        'companies.name as company',
        'companies.time_zone',
      ])
      .where('shipments.id', '=', shipmentId)
      .executeTakeFirst();
    if (!shipment) return { refused: 'shipmentNotFound' };
    const [order] = await deliveryOrdersRepository.listOf(db, shipmentId, [orderId]);
    if (!order) return { refused: 'orderNotFound' };
    if (!order.approved) return { refused: 'notApproved' };
    const [bills, deliveryList] = await Promise.all([
      db
        .selectFrom('bills_of_lading')
        .select(['bill_lading', 'is_master'])
        .where('id', 'in', [...order.bill_ladings, 0])
        .orderBy('id')
        .execute(),
      settingsReads.notificationList(db, shipment.company_id, DELIVERY_LIST),
    ]);
    const truckerEmail = order.trucker.trucker_emails[0] ?? { email: '', cc_emails: [] };
    const recipients = deliveryOrderRecipients(truckerEmail, deliveryList);
    if (!recipients) return { refused: 'truckerHasNoEmail' };
    const { company, account_no, company_id: _companyId, time_zone: timeZone, ...shipmentFields } = shipment;
    return {
      orderId,
      company,
      timeZone,
      shipment: { ...shipmentFields, account_no },
      reference_number: order.reference_number,
      note: order.note,
      pickup_date: order.pickup_date,
      containers: order.delivery_order_containers.map((each) => each.container.container_no),
      masterBills: bills.filter((bill) => bill.is_master).map((bill) => bill.bill_lading),
      houseBills: bills.filter((bill) => !bill.is_master).map((bill) => bill.bill_lading),
      trucker: { name: order.trucker.name, phone: order.trucker.phone, ...truckerEmail },
      warehouse: { ...order.warehouse, contact: order.warehouse.emails[0] },
      deliveryList,
      recipients,
    };
  },

  /**
   * Claims the order for a send, for SEND_CLAIM_SECONDS (decision 0008): the claim's end, or
   * undefined when another send holds it. A send that ended midway leaves a claim that lapses.
   */
  async claimForSending(trx: Db, orderId: number): Promise<Date | undefined> {
    const row = await trx
      .updateTable('delivery_orders')
      // To the millisecond, so that the Date it comes back as names it exactly.
      .set({
        sending_until: sql<Date>`date_trunc('milliseconds', now()) + make_interval(secs => ${SEND_CLAIM_SECONDS})`,
      })
      .where('id', '=', orderId)
      .where((where) => where.or([where('sending_until', 'is', null), where('sending_until', '<=', sql<Date>`now()`)]))
      .returning('sending_until')
      .executeTakeFirst();
    return row?.sending_until ?? undefined;
  },

  /** Ends the send's claim (`until`, as claimForSending gave it) without recording a send. */
  async releaseSending(db: Db, orderId: number, until: Date): Promise<void> {
    await db
      .updateTable('delivery_orders')
      .set({ sending_until: null })
      .where('id', '=', orderId)
      .where('sending_until', '=', until)
      .execute();
  },

  /**
   * The order's `path` becomes the PDF sent, and the send's claim (`until`) ends; false, and
   * nothing written, when the claim is no longer the send's (it lapsed and a change ended it) or
   * the order is no longer approved.
   */
  async markSent(trx: Db, orderId: number, path: string, until: Date): Promise<boolean> {
    const result = await trx
      .updateTable('delivery_orders')
      .set({ path, sent_at: new Date(), sending_until: null })
      .where('id', '=', orderId)
      .where('sending_until', '=', until)
      .where('approved', '=', true)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },
};
