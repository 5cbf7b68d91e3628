import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { isNamedRefusal } from '../../lib/refusal.ts';
import type { Db } from '../../db/connect.ts';
import { changeShipment, type LockedShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { documentTypesOf, shipmentDetailRepository } from './shipment-detail.repository.ts';
import { shipmentDocumentsRepository } from './shipment-documents.repository.ts';
import { changeTypes, type TypesChange } from './shipment-status.rules.ts';
import { refusalOf } from './shipments.rules.ts';

/** How a tick (set_type) or an untick (unset_type) moves the shipment on. */
export type TypesDirection = {
  submitted: boolean;
  action: typeof SHIPMENT_ACTIVITY.typesSet | typeof SHIPMENT_ACTIVITY.typesUnset;
  /** The shipment's status once the change is made. */
  statusAfter(shipment: LockedShipment, change: TypesChange): string;
  /** What else a change of status does, in the same transaction. */
  onStatusChange?(trx: Db, shipment: LockedShipment, status: string, change: TypesChange): Promise<void>;
};

/**
 * What set_type and unset_type share: the named checklist entries ticked or unticked, the status
 * moved as `direction` says, both recorded. Unknown names refuse the whole request.
 */
export function documentTypesAction(direction: TypesDirection) {
  return async (
    deps: Pick<ActionDeps, 'db'>,
    actor: SessionUser,
    input: { shipmentId: number; types: readonly string[] },
  ): Promise<{ types: string[]; status: string } | Refused> => {
    const types = [...new Set(input.types)];
    const result = await changeShipment(deps.db, actor, input.shipmentId, async (trx, shipment, record) => {
      const change = changeTypes(await documentTypesOf(trx, shipment.id), types, direction.submitted);
      if (change.unknown.length > 0) return { refused: 'unknownTypes', types: change.unknown } as const;
      const status = direction.statusAfter(shipment, change);
      if (change.changed.length > 0) {
        const changedTypes = change.changed.map((entry) => entry.type);
        await shipmentDocumentsRepository.markTypes(trx, shipment.id, changedTypes, direction.submitted);
        record(direction.action, { types: changedTypes });
      }
      if (status !== shipment.status) {
        await shipmentDetailRepository.setStatus(trx, shipment.id, status);
        record(SHIPMENT_ACTIVITY.statusChanged, { from: shipment.status, to: status, after: direction.action });
        await direction.onStatusChange?.(trx, shipment, status, change);
      }
      return { types, status };
    });
    return isNamedRefusal(result) ? refused(refusalOf(result)) : result;
  };
}
