import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { isNamedRefusal } from '../../lib/refusal.ts';
import { changeShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { documentTypesOf, shipmentDetailRepository } from './shipment-detail.repository.ts';
import { shipmentDocumentsRepository } from './shipment-documents.repository.ts';
import { changeTypes, statusAfterSubmission } from './shipment-status.rules.ts';
import { refusalOf } from './shipments.rules.ts';

/**
 * set_type: ticks the named checklist entries; with the ISF on file and every required type
 * in, the shipment moves on (shipment-status.rules.ts). Unknown names refuse the whole request.
 */
export async function setDocumentTypes(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  input: { shipmentId: number; types: readonly string[] },
): Promise<{ types: string[]; status: string } | Refused> {
  const types = [...new Set(input.types)];
  const result = await changeShipment(deps.db, actor, input.shipmentId, async (trx, shipment, record) => {
    const change = changeTypes(await documentTypesOf(trx, shipment.id), types, true);
    if (change.unknown.length > 0) return { refused: 'unknownTypes', types: change.unknown } as const;
    const isfTransactionNo = shipment.isf_transaction_no;
    const status = statusAfterSubmission({ status: shipment.status, isfTransactionNo }, change.after);
    if (change.changed.length > 0) {
      const changedTypes = change.changed.map((entry) => entry.type);
      await shipmentDocumentsRepository.markTypes(trx, shipment.id, changedTypes, true);
      record(SHIPMENT_ACTIVITY.typesSet, { types: changedTypes });
    }
    if (status !== shipment.status) {
      await shipmentDetailRepository.setStatus(trx, shipment.id, status);
      record(SHIPMENT_ACTIVITY.statusChanged, { from: shipment.status, to: status, after: SHIPMENT_ACTIVITY.typesSet });
    }
    return { types, status };
  });
  return isNamedRefusal(result) ? refused(refusalOf(result)) : result;
}
