import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { isNamedRefusal } from '../../lib/refusal.ts';
import { changeShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { shipmentDetailRepository } from './shipment-detail.repository.ts';
import { refusalOf } from './shipments.rules.ts';

/** reference_no: the client's own reference of the shipment; saving the same one writes nothing. */
export async function saveReference(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  input: { shipmentId: number; referenceNo: string },
): Promise<{ reference_no: string } | Refused> {
  const { referenceNo } = input;
  const result = await changeShipment(deps.db, actor, input.shipmentId, async (trx, shipment, record) => {
    if (shipment.customer_reference_no !== referenceNo) {
      await shipmentDetailRepository.setReference(trx, shipment.id, referenceNo);
      record(SHIPMENT_ACTIVITY.referenceChanged, { from: shipment.customer_reference_no, to: referenceNo });
    }
    return { reference_no: referenceNo };
  });
  return isNamedRefusal(result) ? refused(refusalOf(result)) : result;
}
