import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';
import { documentTypesAction } from './change-document-types.ts';
import { statusAfterSubmission } from './shipment-status.rules.ts';

/**
 * set_type: ticks the named checklist entries; with the ISF on file and every required type
 * in, the shipment moves on (shipment-status.rules.ts). Unknown names refuse the whole request.
 */
export const setDocumentTypes = documentTypesAction({
  submitted: true,
  action: SHIPMENT_ACTIVITY.typesSet,
  statusAfter: (shipment, change) =>
    statusAfterSubmission({ status: shipment.status, isfTransactionNo: shipment.isf_transaction_no }, change.after),
});
