import type { Db } from '../../db/connect.ts';
import { accessRepository } from './access.repository.ts';
import type { SessionUser } from './session-user.ts';

/**
 * The shipment, locked until the transaction ends, or undefined when the caller may not see it.
 * Every change under a shipment takes this lock first, so two changes of one shipment take turns
 * and the rules see the latest state.
 */
export async function lockShipment(trx: Db, user: SessionUser, shipmentId: number) {
  return accessRepository
    .shipments(trx, user)
    .select([
      'shipments.id',
      'shipments.status',
      'shipments.isf_transaction_no',
      'shipments.isf_submit_date',
      'shipments.customer_reference_no',
    ])
    .where('shipments.id', '=', shipmentId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}
