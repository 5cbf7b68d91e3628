import { DOCUMENT_STATUS_TRANSITIONS, hasAllRequiredDocuments } from '@clearport/contract/shipment-documents';
import { isIsfOnFile } from '@clearport/contract/shipment-detail';
import { isStatus } from '@clearport/contract/statuses';

/*
 * How the detail page's changes move a shipment's status, and only here
 * (the contract's DOCUMENT_STATUS_TRANSITIONS describes them for the web client).
 * Plain functions: the repositories call them inside the transaction that makes the change.
 */

export type DocumentTypeState = { type: string; required: boolean; submitted: boolean };

export type TypesChange = {
  /** Requested names that are not document types of the shipment. */
  unknown: string[];
  /** The entries whose `submitted` flips, as they were before. */
  changed: DocumentTypeState[];
  /** Every entry after the change. */
  after: DocumentTypeState[];
};

/** What ticking (submitted true) or unticking the requested types does to the checklist. */
export function changeTypes(
  types: readonly DocumentTypeState[],
  requested: readonly string[],
  submitted: boolean,
): TypesChange {
  const wanted = new Set(requested);
  const known = new Set(types.map((entry) => entry.type));
  const unknown = [...wanted].filter((type) => !known.has(type));
  const changed = types.filter((entry) => wanted.has(entry.type) && entry.submitted !== submitted);
  const after = types.map((entry) => (wanted.has(entry.type) ? { ...entry, submitted } : entry));
  return { unknown, changed, after };
}

/** The status after a tick or an ISF filing, given the shipment and its checklist as they now are. */
export function statusAfterSubmission(
  shipment: { status: string; isfTransactionNo: string | null },
  types: readonly DocumentTypeState[],
): string {
  const { from, to } = DOCUMENT_STATUS_TRANSITIONS.documentsComplete;
  const isComplete = isIsfOnFile({ isf_transaction_no: shipment.isfTransactionNo }) && hasAllRequiredDocuments(types);
  return isStatus(shipment.status, from) && isComplete ? to : shipment.status;
}

/** The status after an untick; `unset` are the entries that were submitted and no longer are. */
export function statusAfterUnset(status: string, unset: readonly DocumentTypeState[]): string {
  const { from, to } = DOCUMENT_STATUS_TRANSITIONS.documentsReopened;
  const hasReopenedRequired = unset.some((entry) => entry.required && entry.submitted);
  return isStatus(status, from) && hasReopenedRequired ? to : status;
}
