import { DOCUMENT_STATUS_TRANSITIONS } from '@clearport/contract/shipment-documents';
import { refused, type ActionDeps, type Refused } from '../../lib/action.ts';
import { isNamedRefusal } from '../../lib/refusal.ts';
import { changeShipment } from '../access/change-shipment.ts';
import type { SessionUser } from '../access/session-user.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { recordDocumentsRequired } from '../event-mail/event-mail.repository.ts';
import { documentTypesOf, shipmentDetailRepository } from './shipment-detail.repository.ts';
import { shipmentDocumentsRepository } from './shipment-documents.repository.ts';
import { changeTypes, statusAfterUnset } from './shipment-status.rules.ts';
import { refusalOf } from './shipments.rules.ts';

/**
 * unset_type: unticks the named checklist entries; unticking a required one sends the shipment
 * back to pending documents (shipment-status.rules.ts), and its client is told which are
 * missing. Unknown names refuse the whole request.
 */
export async function unsetDocumentTypes(
  deps: Pick<ActionDeps, 'db'>,
  actor: SessionUser,
  input: { shipmentId: number; types: readonly string[] },
): Promise<{ types: string[]; status: string } | Refused> {
  const types = [...new Set(input.types)];
  const result = await changeShipment(deps.db, actor, input.shipmentId, async (trx, shipment, record) => {
    const change = changeTypes(await documentTypesOf(trx, shipment.id), types, false);
    if (change.unknown.length > 0) return { refused: 'unknownTypes', types: change.unknown } as const;
    const status = statusAfterUnset(shipment.status, change.changed);
    if (change.changed.length > 0) {
      const changedTypes = change.changed.map((entry) => entry.type);
      await shipmentDocumentsRepository.markTypes(trx, shipment.id, changedTypes, false);
      record(SHIPMENT_ACTIVITY.typesUnset, { types: changedTypes });
    }
    if (status !== shipment.status) {
      await shipmentDetailRepository.setStatus(trx, shipment.id, status);
      record(SHIPMENT_ACTIVITY.statusChanged, {
        from: shipment.status,
        to: status,
        after: SHIPMENT_ACTIVITY.typesUnset,
      });
      if (status === DOCUMENT_STATUS_TRANSITIONS.documentsReopened.to) {
        const missing = change.after.filter((entry) => entry.required && !entry.submitted).map((entry) => entry.type);
        await recordDocumentsRequired(trx, shipment.id, missing);
      }
    }
    return { types, status };
  });
  return isNamedRefusal(result) ? refused(refusalOf(result)) : result;
}
