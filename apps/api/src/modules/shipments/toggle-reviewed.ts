import { inTransaction, refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { accessRepository } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';
import { SHIPMENT_ACTIVITY, shipmentActivityRepository } from '../activity/shipment-activity.repository.ts';
import { shipmentDetailRepository } from './shipment-detail.repository.ts';
import { refusalOf } from './shipments.rules.ts';

/**
 * toggle-reviewed: all become reviewed unless all already are, then all become not reviewed.
 * Every shipment must be visible and have a 7501, or none changes. It changes many shipments
 * at once, so it takes its own locks rather than changeShipment's one.
 */
export async function toggleReviewed(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  input: { shipmentIds: readonly number[] },
): Promise<{ reviewed: boolean } | Refused> {
  const ids = [...new Set(input.shipmentIds)];
  return inTransaction(deps.db, async (trx): Promise<{ reviewed: boolean } | Refused> => {
    const shipments = await shipmentDetailRepository.lockReviewStates(trx, actor, ids);
    if (shipments.length !== ids.length || !(await accessRepository.seesAllAfterLock(trx, actor, ids)))
      return refused(refusalOf({ refused: 'shipmentNotFound' }));
    if (shipments.some((shipment) => shipment.path_to_7501 === null)) return refused(refusalOf({ refused: 'no7501' }));
    const reviewed = !shipments.every((shipment) => shipment.reviewed_7501);
    const changing = shipments.filter((shipment) => shipment.reviewed_7501 !== reviewed);
    if (changing.length > 0) {
      await shipmentDetailRepository.setReviewed(
        trx,
        changing.map((shipment) => shipment.id),
        reviewed,
      );
      await shipmentActivityRepository.record(
        trx,
        changing.map((shipment) => ({
          shipmentId: shipment.id,
          userId: actor.id,
          action: SHIPMENT_ACTIVITY.reviewedChanged,
          detail: { from: shipment.reviewed_7501, to: reviewed },
        })),
      );
    }
    return { reviewed };
  });
}
