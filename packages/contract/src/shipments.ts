import { addDays, endOfMonth, format, isValid, parse, startOfMonth, startOfYear, subDays, subMonths } from 'date-fns';
import { z } from 'zod';
import {
  ACCEPTED_UPLOAD_EXTENSIONS,
  NOTE_MAX_LENGTH,
  REFERENCE_MAX_LENGTH,
  SHIPMENTS_PAGE_SIZE,
  UNKNOWN_DATE_TIME,
} from './constants.ts';
import { DeliveryOrder } from './delivery-orders.ts';
import { EntityId, Flag, MessageResponse, Pagination, SortDirection } from './http.ts';
import { Invoice } from './invoices.ts';
import { SHIPMENT_STATUSES, type DateFilterCode } from './statuses.ts';
import { TEXTS } from './texts.ts';

/*
 * Dates on the wire: the brokerage's own dates (ETA, discharge, ISF submission) are local
 * wall-clock texts in DATE_TIME_TEXT_FORMAT, UNKNOWN_DATE_TIME when unknown; record times
 * (`created_at`) are ISO 8601. Request strings are length-bounded; replies carry stored data
 * as it is, so a long stored value never turns into a failed reply.
 */

export const DATE_TIME_TEXT_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** A date-time in DATE_TIME_TEXT_FORMAT, or UNKNOWN_DATE_TIME. */
export const DateTimeText = z.string();

export function formatDateTimeText(date: Date | null): string {
  return date && isValid(date) ? format(date, DATE_TIME_TEXT_FORMAT) : UNKNOWN_DATE_TIME;
}

/** Null for UNKNOWN_DATE_TIME, any 0000-00-00 date and anything unreadable (shown blank or NOT AVAILABLE). */
export function parseDateTimeText(text: string): Date | null {
  if (text.startsWith('0000-00-00')) return null;
  const date = parse(text, DATE_TIME_TEXT_FORMAT, new Date(0));
  return isValid(date) ? date : null;
}

// ---------------------------------------------------------------------------------------------
// Home filters and counts

const S = SHIPMENT_STATUSES;

/** The CBP hold and exam statuses the CBP Hold/Exam box counts. ISF HOLD is not a CBP exam. */
export const CBP_EXAM_STATUSES: readonly string[] = [
  S.cbpIntensiveExam,
  S.cbpVacisExam,
  S.cbpDocsReviewHold,
  S.cbpVaxExam,
];

/** The FDA review value that clears a shipment; any other non-empty value is a hold. */
export const FDA_MAY_PROCEED = 'MAY PROCEED';

/** The FDA column's fail icon and the FDA Hold/Exam box: non-empty and not MAY PROCEED (case and spaces aside). */
export function isFdaHold(fdaReview: string): boolean {
  const value = fdaReview.trim().toUpperCase();
  return value !== '' && value !== FDA_MAY_PROCEED;
}

/**
 * Statuses after which a shipment no longer waits for a delivery order: the goods have left
 * CBP custody, and counting every old shipment would make the box meaningless.
 */
export const DELIVERY_ORDER_CLOSED_STATUSES: readonly string[] = [S.released, S.liquidated];

const Count = z.number().int().nonnegative();

/**
 * The Home counts. Five feed the boxes (HOME_FILTERS). `before_summary` has no box and the spec
 * does not define it: shipments with no 7501 entry summary yet (path_to_7501 null) that are
 * not released.
 */
export const HomeCounts = z.object({
  pending_docs: Count,
  '7501_to_review': Count,
  before_summary: Count,
  under_exam: Count,
  fda_exam: Count,
  shipments_without_do: Count,
});
export type HomeCounts = z.infer<typeof HomeCounts>;
export type HomeCountKey = keyof HomeCounts;

export const HOME_FILTER_VALUES = [
  'documents-required',
  '7501-review',
  'under-cbp-exam',
  'under-fda-exam',
  'without-do',
] as const;
export const HomeFilter = z.enum(HOME_FILTER_VALUES);
export type HomeFilter = z.infer<typeof HomeFilter>;

/**
 * The five Home boxes in order: the list filter each links to, its label, the count it shows,
 * and what it selects. A box's count and its filtered list select the same shipments.
 */
export const HOME_FILTERS = [
  {
    value: 'documents-required',
    label: 'Documents Required',
    countKey: 'pending_docs',
    definition: "status is 'pending documents'",
  },
  {
    value: '7501-review',
    label: '7501 Forms to Review',
    countKey: '7501_to_review',
    definition: 'a 7501 exists (path_to_7501 not null) and it is not reviewed (reviewed_7501 false)',
  },
  {
    value: 'under-cbp-exam',
    label: 'CBP Hold/Exam',
    countKey: 'under_exam',
    definition:
      'status is one of CBP_EXAM_STATUSES: CBP INTENSIVE EXAM, CBP VACIS EXAM, CBP DOCS REVIEW HOLD, CBP VAX EXAM',
  },
  {
    value: 'under-fda-exam',
    label: 'FDA Hold/Exam',
    countKey: 'fda_exam',
    definition: 'fda_review is non-empty and not MAY PROCEED (isFdaHold)',
  },
  {
    value: 'without-do',
    label: 'Without Delivery Order',
    countKey: 'shipments_without_do',
    definition:
      'no delivery order, not ignored (ignored_shipment false) and status not in DELIVERY_ORDER_CLOSED_STATUSES (released, liquidated)',
  },
] as const satisfies ReadonlyArray<{ value: HomeFilter; label: string; countKey: HomeCountKey; definition: string }>;

// ---------------------------------------------------------------------------------------------
// The list

/**
 * One table row. Bill and container lists are numbers as text, in the order they were added;
 * `documents_submitted` lists the shipment's required document types with whether each was
 * submitted, for every account: the entry tooltip reads it, and the document-tracking account's
 * status ticks too. Empty when the shipment has no required types.
 */
export const ShipmentListItem = z.object({
  id: EntityId,
  file_number: z.string(),
  account_no: z.string(),
  master_bill_lading: z.array(z.string()),
  house_bill_lading: z.array(z.string()),
  containers: z.array(z.string()),
  customer_reference_no: z.string(),
  est_time_arrive: DateTimeText,
  fda_review: z.string(),
  status: z.string(),
  documents_submitted: z.array(z.object({ type: z.string(), submitted: z.boolean() })),
});
export type ShipmentListItem = z.infer<typeof ShipmentListItem>;

/**
 * The sortable table columns. A list column sorts by its first value. Text sorts
 * case-insensitively; an empty value (unknown ETA, empty text, empty list) is the lowest, so it
 * comes first ascending and last descending. Equal values keep the order of their ids.
 */
export const SHIPMENT_SORT_FIELDS = [
  'file_number',
  'account_no',
  'master_bill_lading',
  'house_bill_lading',
  'containers',
  'customer_reference_no',
  'est_time_arrive',
  'fda_review',
  'status',
] as const;
export const ShipmentSortField = z.enum(SHIPMENT_SORT_FIELDS);
export type ShipmentSortField = z.infer<typeof ShipmentSortField>;

/**
 * The filters both readings share. `status` is a stored status (STATUS_FILTER_OPTIONS) or search
 * text: a value equal to a stored status filters by it, anything else is searched for in entry
 * number, reference, bills and containers. An empty `status` or `account_no` is no filter; an
 * `account_no` that is not one of the caller's accounts selects nothing.
 * `date_from`/`date_to` bound the ETA, inclusive, and are left out when the date filter is All.
 * ETAs are wall-clock texts, so a bound is compared by the date and time it is written with and
 * its offset is not applied: send the user's local time with its offset (date-fns formatISO).
 */
const shipmentFilters = {
  status: z.string().trim().max(200).optional(),
  account_no: z.string().trim().max(50).optional(),
  date_from: z.iso.datetime({ offset: true }).optional(),
  date_to: z.iso.datetime({ offset: true }).optional(),
};

/**
 * GET user/shipments from Home. Home has no pager: its list is the first SHIPMENTS_PAGE_SIZE
 * shipments in the list's default order.
 */
export const HomeShipmentsQuery = z.object({
  source: z.literal('home'),
  ...shipmentFilters,
});
export type HomeShipmentsQuery = z.infer<typeof HomeShipmentsQuery>;

/**
 * GET user/shipments from the list page. Without `sort` the list is by ETA, latest first, with
 * unknown ETAs last; the id breaks ties, so paging is stable.
 */
export const ShipmentsListQuery = z.object({
  page: z.coerce.number().int().positive().max(100_000).default(1),
  per_page: z.coerce.number().int().positive().max(SHIPMENTS_PAGE_SIZE).default(SHIPMENTS_PAGE_SIZE),
  filter: HomeFilter.optional(),
  ...shipmentFilters,
  sort: ShipmentSortField.default('est_time_arrive'),
  direction: SortDirection.default('desc'),
});
export type ShipmentsListQuery = z.infer<typeof ShipmentsListQuery>;
export type ShipmentsListQueryInput = z.input<typeof ShipmentsListQuery>;

/**
 * The route's query: `source=home` selects the Home reading, no `source` the list page. Told
 * apart by `source` first, so a refusal names the field at fault (page, sort, ...).
 */
export const ShipmentsQuery = z.discriminatedUnion('source', [
  HomeShipmentsQuery,
  ShipmentsListQuery.extend({ source: z.undefined().optional() }),
]);
export type ShipmentsQuery = z.infer<typeof ShipmentsQuery>;

/** Home's reply carries the same list under both `data` and `result` (both readings occur). */
export const HomeShipmentsResponse = HomeCounts.extend({
  data: z.array(ShipmentListItem),
  result: z.array(ShipmentListItem),
  /** The user's account numbers, comma-separated (see splitAccounts). */
  accounts: z.string(),
});
export type HomeShipmentsResponse = z.infer<typeof HomeShipmentsResponse>;

export const ShipmentsListResponse = z.object({
  data: z.array(ShipmentListItem),
  pagination: Pagination,
});
export type ShipmentsListResponse = z.infer<typeof ShipmentsListResponse>;

/** The list page's reply first: it is the frequent one, and a union tries its options in order. */
export const ShipmentsResponse = z.union([ShipmentsListResponse, HomeShipmentsResponse]);
export type ShipmentsResponse = z.infer<typeof ShipmentsResponse>;

export function splitAccounts(accounts: string): string[] {
  return accounts
    .split(',')
    .map((account) => account.trim())
    .filter((account) => account !== '');
}

/**
 * The date filter's ETA range for `now` (spec section 9), in local time; null for All.
 * This Month ends at the last millisecond of its last day.
 */
export function dateRangeFor(code: DateFilterCode, now: Date): { from: Date; to: Date } | null {
  switch (code) {
    case 0:
      return null;
    case 1:
      return { from: now, to: addDays(now, 7) };
    case 2:
      return { from: startOfMonth(now), to: endOfMonth(now) };
    case 3:
      return { from: subDays(now, 30), to: now };
    case 4:
      return { from: startOfMonth(subMonths(now, 3)), to: now };
    case 5:
      return { from: startOfYear(now), to: now };
  }
}

// ---------------------------------------------------------------------------------------------
// The detail

/**
 * A stored file of the shipment. `path` is its storage key, made by the server (never from the
 * client's file name): download it from filePath(path) (API_PATHS.file) with the bearer header,
 * and delete an upload by it (delete_doc). `name` is the original file name, cleaned for
 * display (no folders, no control or bidi-override characters).
 */
export const ShipmentDocument = z.object({
  id: EntityId,
  shipment_id: EntityId,
  document_type: z.string(),
  path: z.string(),
  name: z.string(),
});
export type ShipmentDocument = z.infer<typeof ShipmentDocument>;

/** A document type the shipment needs; both flags 1 or 0. */
export const DocumentTypeEntry = z.object({
  type: z.string(),
  required: Flag,
  submitted: Flag,
});
export type DocumentTypeEntry = z.infer<typeof DocumentTypeEntry>;

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
 * The status rules of the detail page; the server applies them in one place
 * (apps/api/src/modules/shipments/shipment-status.rules.ts), in the same transaction as the
 * change, and each reply carries the stored status afterwards (compare it with
 * SHIPMENT_STATUSES, never with display texts):
 * - documentsComplete, after set_type and after isf_no: a shipment in 'pending documents'
 *   whose ISF is on file (isf_transaction_no not null) and that has at least one required
 *   document type, all of them submitted, becomes 'PENDING RELEASE'.
 * - documentsReopened, after unset_type: a shipment in 'PENDING RELEASE' one of whose required
 *   types was submitted and is now unset goes back to 'pending documents'.
 * Otherwise the status stays: unticking a type that is not required, ticking without an ISF,
 * and any other status are left alone; every other move is the broker's.
 */
export const DOCUMENT_STATUS_TRANSITIONS = {
  documentsComplete: { from: S.pendingDocuments, to: S.pendingRelease },
  documentsReopened: { from: S.pendingRelease, to: S.pendingDocuments },
} as const;

/**
 * Step 3 (Shipment Released) of the three-step progress stays locked in these statuses, and
 * while no ISF is on file. The spec's AWAITING ARRIVAL is the display of 'submitted'.
 */
export const RELEASE_STEP_LOCKED_STATUSES: readonly string[] = [S.pendingDocuments, S.submitted];

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

/** GET user/shipments/details/{id}. */
export const ShipmentDetailResponse = z.object({
  shipment: ShipmentDetail,
  '7501_reviewed': Flag,
});
export type ShipmentDetailResponse = z.infer<typeof ShipmentDetailResponse>;

// ---------------------------------------------------------------------------------------------
// Actions on a shipment

/** POST user/shipments/{id}/isf_no: records that the client filed the ISF. */
export const IsfNoRequest = z.object({
  isf_num: z.literal(ISF_NOT_APPLICABLE),
  date: z.literal(ISF_NOT_APPLICABLE),
});
export type IsfNoRequest = z.infer<typeof IsfNoRequest>;

/**
 * Not shown by the spec: the stored values, ISF_FILED_BY_CLIENT and the time of the tick, and
 * the status afterwards (DOCUMENT_STATUS_TRANSITIONS.documentsComplete). Sending the tick again
 * answers the stored values; a shipment whose ISF the broker filed answers 409
 * (SHIPMENT_DETAIL_ERRORS.isfOnFile) and keeps its number.
 */
export const IsfNoResponse = z.object({
  isf_transaction_no: z.string(),
  isf_submit_date: DateTimeText,
  status: z.string(),
});
export type IsfNoResponse = z.infer<typeof IsfNoResponse>;

/**
 * Not shown by the spec: one file per request, in the multipart field UPLOAD_FIELD, at most
 * UPLOAD_MAX_BYTES. The server checks the name's extension (isAcceptedUpload) and the file's
 * content (a PDF, PNG, Excel or Word file as its extension says); either refusal answers 400
 * naming `file` and stores nothing. An upload has no document type (`document_type` '').
 */
export const UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const UPLOAD_FIELD = 'file';

/** The {reason} of TEXTS.uploadRejected for the server's other refusals. */
export const UPLOAD_REJECTED_REASONS = {
  tooLarge: 'File is larger than 20 MB.',
  empty: 'File is empty.',
  oneFile: 'Send one file per upload.',
  noFile: 'No file was sent.',
  interrupted: 'The upload did not complete. Please try again.',
} as const;

export function isAcceptedUpload(fileName: string): boolean {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1);
  return fileName.includes('.') && (ACCEPTED_UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/** POST user/shipments/{id}/upload_doc: the stored file's path, and the new document. */
export const UploadDocResponse = z.object({ path_to_file: z.string(), document: ShipmentDocument });
export type UploadDocResponse = z.infer<typeof UploadDocResponse>;

/**
 * DELETE user/shipments/{id}/delete_doc (JSON body): `path` of one of the shipment's own
 * documents (not a supplementary file or a 7501: 403). Removes the record and the file; the
 * reply's message is TEXTS.documentDeleted.
 */
export const DeleteDocRequest = z.object({ path: z.string().trim().min(1).max(500) });
export type DeleteDocRequest = z.infer<typeof DeleteDocRequest>;

export const DeleteDocResponse = MessageResponse;
export type DeleteDocResponse = z.infer<typeof DeleteDocResponse>;

/**
 * POST user/shipments/{id}/set_type and .../unset_type: document types to mark or unmark, each
 * one of the shipment's `types`; any other name answers 400 (SHIPMENT_DETAIL_ERRORS.unknownTypes)
 * and nothing changes. The status moves as DOCUMENT_STATUS_TRANSITIONS says.
 */
export const DocumentTypesRequest = z.object({
  types: z.array(z.string().trim().min(1).max(100)).min(1).max(50),
});
export type DocumentTypesRequest = z.infer<typeof DocumentTypesRequest>;

/** `type_set` lists the types now submitted; `status` is the shipment's status afterwards. */
export const SetTypeResponse = z.object({
  type_set: z.array(z.string()),
  status: z.string(),
});
export type SetTypeResponse = z.infer<typeof SetTypeResponse>;

/** `type_unset` lists the types no longer submitted; `status` is the shipment's status afterwards. */
export const UnsetTypeResponse = z.object({
  type_unset: z.array(z.string()),
  status: z.string(),
});
export type UnsetTypeResponse = z.infer<typeof UnsetTypeResponse>;

/** POST user/shipments/{id}/add_comment. */
export const AddCommentRequest = z.object({
  note: z.string().trim().min(1, TEXTS.cannotBeEmpty).max(NOTE_MAX_LENGTH),
});
export type AddCommentRequest = z.infer<typeof AddCommentRequest>;

/** `message` is TEXTS.noteSubmitted; `note` the stored note as the detail lists it. */
export const AddCommentResponse = MessageResponse.extend({ note: ShipmentNote });
export type AddCommentResponse = z.infer<typeof AddCommentResponse>;

/** POST user/shipments/{id}/reference_no. */
export const ReferenceNoRequest = z.object({
  reference_no: z.string().trim().min(1, TEXTS.cannotBeEmpty).max(REFERENCE_MAX_LENGTH),
});
export type ReferenceNoRequest = z.infer<typeof ReferenceNoRequest>;

/** Not shown by the spec: the stored reference number. */
export const ReferenceNoResponse = z.object({ reference_no: z.string() });
export type ReferenceNoResponse = z.infer<typeof ReferenceNoResponse>;

export const IGNORE_CATEGORY = 'WithoutDeliveryOrder';

/** POST user/shipments/toggle-ignore: sets (not flips) the WithoutDeliveryOrder flag. */
export const ToggleIgnoreRequest = z.object({
  shipment_id: EntityId,
  ignore: z.boolean(),
  category: z.literal(IGNORE_CATEGORY),
});
export type ToggleIgnoreRequest = z.infer<typeof ToggleIgnoreRequest>;

/** Not shown by the spec beyond "error on failure": the stored flag. */
export const ToggleIgnoreResponse = z.object({
  shipment_id: EntityId,
  ignored_shipment: Flag,
});
export type ToggleIgnoreResponse = z.infer<typeof ToggleIgnoreResponse>;

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
