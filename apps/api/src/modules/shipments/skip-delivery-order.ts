import { toFlag } from '@clearport/contract/http';
import type { SkipDeliveryOrderResponse } from '@clearport/contract/shipment-detail';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { isNamedRefusal } from '../../lib/refusal.ts';
import { changeShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { shipmentDetailRepository } from './shipment-detail.repository.ts';
import { refusalOf } from './shipments.rules.ts';

/** toggle-ignore: sets the WithoutDeliveryOrder flag to the value sent. */
export async function skipDeliveryOrder(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  input: { shipmentId: number; isIgnored: boolean },
): Promise<SkipDeliveryOrderResponse | Refused> {
  const { isIgnored } = input;
  const result = await changeShipment(deps.db, actor, input.shipmentId, async (trx, shipment, record) => {
    if (shipment.ignored_shipment !== isIgnored) {
      await shipmentDetailRepository.setIgnored(trx, shipment.id, isIgnored);
      record(SHIPMENT_ACTIVITY.ignoreChanged, { from: shipment.ignored_shipment, to: isIgnored });
    }
    return { shipment_id: shipment.id, ignored_shipment: toFlag(isIgnored) };
  });
  return isNamedRefusal(result) ? refused(refusalOf(result)) : result;
}
