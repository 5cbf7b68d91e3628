import { z } from 'zod';
import {
  NOTE_MAX_LENGTH,
  REFERENCE_MAX_LENGTH,
  SHIPMENT_DOCUMENTS_MAX,
  SHIPMENT_NOTES_MAX,
  SHIPMENTS_PAGE_SIZE,
} from './constants.ts';
import { DeliveryOrder } from './delivery-orders.ts';
import { EntityId, Flag, MessageResponse } from './http.ts';
import { Invoice } from './invoices.ts';
import { oneLineText, plainText } from './plain-text.ts';
import { DocumentTypeEntry, ShipmentDocument } from './shipment-documents.ts';
import { DateTimeText } from './shipments.ts';
import { SHIPMENT_STATUSES } from './statuses.ts';
import { TEXTS } from './texts.ts';

/*
 * A shipment's page (spec section 4): what it shows, and the calls that change the shipment
 * itself (ISF, notes, reference number, the WithoutDeliveryOrder and 7501 reviewed flags).
 * Its documents are in shipment-documents.ts.
 */

const S = SHIPMENT_STATUSES;

export const TrackingEvent = z.object({
  location: z.string(),
  type: z.string(),
  date: z.string(),
});
export type TrackingEvent = z.infer<typeof TrackingEvent>;

/** `tracking_info` is JSON text of a TrackingEvent list (read it with trackingEvents). */
export const Container = z.object({
  id: EntityId,
  container_no: z.string(),
  tracking_info: z.string(),
});
export type Container = z.infer<typeof Container>;

/** The container's events; none when the text is not a readable event list. */
export function trackingEvents(trackingInfo: string): TrackingEvent[] {
  try {
    const parsed = z.array(TrackingEvent).safeParse(JSON.parse(trackingInfo));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export const BillOfLading = z.object({
  id: EntityId,
  bill_lading: z.string(),
  is_master_bill_lading: Flag,
});
export type BillOfLading = z.infer<typeof BillOfLading>;

/**
 * `role` is the author's role and `name` the author's name (empty when the author is gone);
 * `created_at` is ISO 8601. The detail lists notes oldest first.
 */
export const ShipmentNote = z.object({
  id: EntityId,
  role: z.number().int(),
  comments: z.string(),
  created_at: z.string(),
  name: z.string(),
});
export type ShipmentNote = z.infer<typeof ShipmentNote>;

/** Stored as the ISF transaction number when the client filed the ISF itself. */
export const ISF_FILED_BY_CLIENT = 'N\\A';
/** What the ISF-submitted tick sends for both number and date. */
export const ISF_NOT_APPLICABLE = 'N/A';

/**
 * Step 3 (Shipment Released) of the three-step progress stays locked in these statuses, and
 * while no ISF is on file: the stored values, and the three the detail page names (spec
 * section 4: PENDING DOCUMENTS, AWAITING ARRIVAL and SUBMITTED), which a broker's feed may store.
 */
export const RELEASE_STEP_LOCKED_STATUSES: readonly string[] = [
  S.pendingDocuments,
  S.submitted,
  'PENDING DOCUMENTS',
  'AWAITING ARRIVAL',
  'SUBMITTED',
];

/** An ISF is on file once its transaction number is not blank (ISF_FILED_BY_CLIENT when the client filed it). */
export function isIsfOnFile(shipment: { isf_transaction_no: string | null }): boolean {
  return (shipment.isf_transaction_no ?? '').trim() !== '';
}

/**
 * Texts the server sends with refusals of the detail's calls that the spec does not quote.
 * Upload refusals are TEXTS.uploadWrongType, or TEXTS.uploadRejected with one of
 * UPLOAD_REJECTED_REASONS, filled with the file's name.
 */
export const SHIPMENT_DETAIL_ERRORS = {
  /** 403 for role 11 (Shipments Info) on every change. */
  readOnly: 'Your role can view shipments but not change them.',
  /** 404 for a shipment the caller may not see, or that does not exist. */
  shipmentNotFound: 'Shipment not found.',
  documentNotFound: 'Document not found.',
  fileNotFound: 'File not found.',
  /** 403: supplementary files and 7501s are the broker's. */
  documentKept: 'This file comes from your broker and cannot be deleted.',
  /** 400 naming `types`; {types} lists the names that are not on the shipment. */
  unknownTypes: 'Not a document type of this shipment: {types}',
  /** 409: an ISF number is already on file (the broker filed it, or the tick was already sent). */
  isfOnFile: 'The ISF is already on file for this shipment.',
  /** 409 from toggle-reviewed: a shipment without a 7501 (path_to_7501 null). */
  no7501: 'There is no 7501 to review for this shipment yet.',
  /** 409 from add_comment: the shipment holds SHIPMENT_NOTES_MAX notes. */
  notesFull: `This shipment has reached its limit of ${SHIPMENT_NOTES_MAX.toLocaleString('en-US')} notes.`,
  /** 409 from upload_doc: the shipment holds SHIPMENT_DOCUMENTS_MAX documents. */
  documentsFull:
    `This shipment has reached its limit of ${SHIPMENT_DOCUMENTS_MAX.toLocaleString('en-US')} documents. ` +
    'Delete one to make room.',
} as const;

/**
 * `isf_transaction_no` is null until the ISF is filed (ISF_FILED_BY_CLIENT when the client
 * filed it); `isf_submit_date`, `est_time_arrive` and `shipment_discharge_date` are
 * DATE_TIME_TEXT_FORMAT or UNKNOWN_DATE_TIME. Unlading and transport mode come with their names
 * beside the codes. `master_bill_lading`/`house_bill_lading` are the bills joined with ", ".
 * `documents` are every non-supplementary file, the client's uploads and the 7501 types alike
 * (the upload list hides FORM_7501_TYPES); `supplementary_documents` are the broker's additional
 * files; `path_to_7501` is the 7501's storage key. Lists come in the order they were added
 * (notes oldest first). `invoices` are the shipment's own. `ignored_shipment` is the
 * WithoutDeliveryOrder flag.
 */
export const ShipmentDetail = z.object({
  id: EntityId,
  file_number: z.string(),
  customer_reference_no: z.string(),
  status: z.string(),
  isf_transaction_no: z.string().nullable(),
  isf_submit_date: DateTimeText,
  est_time_arrive: DateTimeText,
  shipment_discharge_date: DateTimeText,
  fda_review: z.string(),
  origin: z.string(),
  destination_terminal: z.string(),
  steamship_line: z.string(),
  vessel_name: z.string(),
  unlading_code: z.string(),
  unlading_name: z.string(),
  transport_mode: z.string(),
  transport_mode_description: z.string(),
  documents: z.array(ShipmentDocument),
  document_note: z.string(),
  types: z.array(DocumentTypeEntry),
  containers: z.array(Container),
  bill_lading: z.array(BillOfLading),
  delivery_orders: z.array(DeliveryOrder),
  shipment_notes: z.array(ShipmentNote),
  comment: z.string(),
  invoices: z.array(Invoice),
  path_to_7501: z.string().nullable(),
  supplementary_documents: z.array(ShipmentDocument),
  ignored_shipment: Flag,
  master_bill_lading: z.string(),
  house_bill_lading: z.string(),
});
export type ShipmentDetail = z.infer<typeof ShipmentDetail>;

/**
 * GET user/shipments/details/{id}. Role 11 (Shipments Info) gets what its read-only view shows:
 * `shipment_notes`, `delivery_orders` and `invoices` empty, `path_to_7501` null and no documents of
 * the 7501 types (docs/decisions/0006).
 */
export const ShipmentDetailResponse = z.object({
  shipment: ShipmentDetail,
  '7501_reviewed': Flag,
});
export type ShipmentDetailResponse = z.infer<typeof ShipmentDetailResponse>;

/** POST user/shipments/{id}/isf_no: records that the client filed the ISF. */
export const FileIsfRequest = z.object({
  isf_num: z.literal(ISF_NOT_APPLICABLE),
  date: z.literal(ISF_NOT_APPLICABLE),
});
export type FileIsfRequest = z.infer<typeof FileIsfRequest>;

/**
 * Not shown by the spec: the stored values, ISF_FILED_BY_CLIENT and the time of the tick, and
 * the status afterwards (DOCUMENT_STATUS_TRANSITIONS.documentsComplete). Sending the tick again
 * answers the stored values; a shipment whose ISF the broker filed answers 409
 * (SHIPMENT_DETAIL_ERRORS.isfOnFile) and keeps its number.
 */
export const FileIsfResponse = z.object({
  isf_transaction_no: z.string(),
  isf_submit_date: DateTimeText,
  status: z.string(),
});
export type FileIsfResponse = z.infer<typeof FileIsfResponse>;

/** POST user/shipments/{id}/add_comment. */
export const AddNoteRequest = z.object({
  note: plainText(z.string().trim().min(1, TEXTS.cannotBeEmpty).max(NOTE_MAX_LENGTH)),
});
export type AddNoteRequest = z.infer<typeof AddNoteRequest>;

/** `message` is TEXTS.noteSubmitted; `note` the stored note as the detail lists it. */
export const AddNoteResponse = MessageResponse.extend({ note: ShipmentNote });
export type AddNoteResponse = z.infer<typeof AddNoteResponse>;

/** POST user/shipments/{id}/reference_no. */
export const SaveReferenceRequest = z.object({
  reference_no: oneLineText(z.string().trim().min(1, TEXTS.cannotBeEmpty).max(REFERENCE_MAX_LENGTH)),
});
export type SaveReferenceRequest = z.infer<typeof SaveReferenceRequest>;

/** Not shown by the spec: the stored reference number. */
export const SaveReferenceResponse = z.object({ reference_no: z.string() });
export type SaveReferenceResponse = z.infer<typeof SaveReferenceResponse>;

export const IGNORE_CATEGORY = 'WithoutDeliveryOrder';

/** POST user/shipments/toggle-ignore: sets (not flips) the WithoutDeliveryOrder flag. */
export const SkipDeliveryOrderRequest = z.object({
  shipment_id: EntityId,
  ignore: z.boolean(),
  category: z.literal(IGNORE_CATEGORY),
});
export type SkipDeliveryOrderRequest = z.infer<typeof SkipDeliveryOrderRequest>;

/** Not shown by the spec beyond "error on failure": the stored flag. */
export const SkipDeliveryOrderResponse = z.object({
  shipment_id: EntityId,
  ignored_shipment: Flag,
});
export type SkipDeliveryOrderResponse = z.infer<typeof SkipDeliveryOrderResponse>;

/**
 * POST user/shipments/toggle-reviewed: flips the 7501 reviewed flag. For several shipments
 * they all become reviewed unless all already are, then all become not reviewed; `reviewed`
 * is the new value. At most one page of shipments at a time. Every shipment must be one the
 * caller sees (else 404) and have a 7501 (else 409, SHIPMENT_DETAIL_ERRORS.no7501); a refusal
 * changes none of them.
 */
export const ToggleReviewedRequest = z.object({
  shipment_ids: z.array(EntityId).min(1).max(SHIPMENTS_PAGE_SIZE),
});
export type ToggleReviewedRequest = z.infer<typeof ToggleReviewedRequest>;

export const ToggleReviewedResponse = z.object({ reviewed: z.boolean() });
export type ToggleReviewedResponse = z.infer<typeof ToggleReviewedResponse>;
