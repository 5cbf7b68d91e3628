import type { Db } from '../../db/connect.ts';
import {
  shipmentActivityRepository,
  type ShipmentActivityAction,
  type ShipmentActivityEntry,
} from '../activity/shipment-activity.repository.ts';
import { accessRepository } from './access.repository.ts';
import type { SessionUser } from './session-user.ts';

/** The shipment is not the caller's to see, or does not exist: the module answers 404. */
export type ShipmentNotFound = { refused: 'shipmentNotFound' };

/** Records one line of the shipment's history, written with the change when it succeeds. */
export type RecordActivity = (action: ShipmentActivityAction, detail: Record<string, unknown>) => void;

/** What a change reads of the shipment it locked. */
export type LockedShipment = NonNullable<Awaited<ReturnType<typeof lockShipment>>>;

/** The shipment, locked until the transaction ends, or undefined when the caller may not see it. */
async function lockShipment(trx: Db, user: SessionUser, shipmentId: number) {
  return accessRepository
    .shipments(trx, user)
    .select([
      'shipments.id',
      'shipments.status',
      'shipments.isf_transaction_no',
      'shipments.isf_submit_date',
      'shipments.customer_reference_no',
      'shipments.ignored_shipment',
    ])
    .where('shipments.id', '=', shipmentId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/**
 * The one way to change what is under a shipment. In one transaction (the caller's, when `db`
 * is one): the shipment row is
 * locked through the access check (shipmentNotFound when the caller may not see it), `change`
 * runs with it, and the history lines it recorded are written. Two changes of one shipment so
 * take turns, and the rules see the latest state. `change` returns its refusals before it
 * writes anything.
 */
export async function changeShipment<Result>(
  db: Db,
  user: SessionUser,
  shipmentId: number,
  change: (trx: Db, shipment: LockedShipment, record: RecordActivity) => Promise<Result>,
): Promise<Result | ShipmentNotFound> {
  const inLock = async (trx: Db): Promise<Result | ShipmentNotFound> => {
    const shipment = await lockShipment(trx, user, shipmentId);
    if (!shipment || !(await accessRepository.seesAllAfterLock(trx, user, [shipmentId])))
      return { refused: 'shipmentNotFound' } as const;
    const activity: ShipmentActivityEntry[] = [];
    const record: RecordActivity = (action, detail) =>
      activity.push({ shipmentId: shipment.id, userId: user.id, action, detail });
    const result = await change(trx, shipment, record);
    await shipmentActivityRepository.record(trx, activity);
    return result;
  };
  return db.isTransaction ? inLock(db) : db.transaction().execute(inLock);
}

/**
 * How many rows of a list under the shipment it holds. Read in a change, with the shipment locked,
 * the count stays true until the change ends: a ceiling checked with it cannot be passed by two.
 */
export async function countUnderShipment(
  trx: Db,
  table: 'shipment_notes' | 'delivery_orders' | 'documents',
  shipmentId: number,
): Promise<number> {
  const { count } = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('shipment_id', '=', shipmentId)
    .executeTakeFirstOrThrow();
  return Number(count);
}
