import { DOCUMENT_STATUS_TRANSITIONS } from '@clearport/contract/shipment-documents';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { recordDocumentsRequired } from '../event-mail/event-mail.repository.ts';
import { documentTypesAction } from './change-document-types.ts';
import { statusAfterUnset } from './shipment-status.rules.ts';

/**
 * unset_type: unticks the named checklist entries; unticking a required one sends the shipment
 * back to pending documents (shipment-status.rules.ts), and its client is told which are
 * missing. Unknown names refuse the whole request.
 */
export const unsetDocumentTypes = documentTypesAction({
  submitted: false,
  action: SHIPMENT_ACTIVITY.typesUnset,
  statusAfter: (shipment, change) => statusAfterUnset(shipment.status, change.changed),
  onStatusChange: async (trx, shipment, status, change) => {
    if (status !== DOCUMENT_STATUS_TRANSITIONS.documentsReopened.to) return;
    const missing = change.after.filter((entry) => entry.required && !entry.submitted).map((entry) => entry.type);
    await recordDocumentsRequired(trx, shipment.id, missing);
  },
});
