/** Shipment statuses as stored, how they are shown, and their colours (spec section 4). */
export const SHIPMENT_STATUSES = {
  released: 'released',
  submitted: 'submitted',
  pendingDocuments: 'pending documents',
  pendingRelease: 'PENDING RELEASE',
  cbpIntensiveExam: 'CBP INTENSIVE EXAM',
  cbpVacisExam: 'CBP VACIS EXAM',
  cbpDocsReviewHold: 'CBP DOCS REVIEW HOLD',
  isfHold: 'ISF HOLD',
  itShipment: 'IT SHIPMENT',
  notClearedByAfb: 'NOT CLEARED BY AFB',
  cbpVaxExam: 'CBP VAX EXAM',
  admissible: 'admissible',
  accepted: 'accepted',
  liquidated: 'liquidated',
} as const;

export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[keyof typeof SHIPMENT_STATUSES];

/**
 * Whether a shipment's status is the given one. Statuses compare exactly as stored, on both
 * sides: 'PENDING DOCUMENTS' is not 'pending documents' (docs/decisions/0016-shared-rules.md).
 */
export function isStatus(stored: string, status: string): boolean {
  return stored === status;
}

/** Whether a shipment's status is one of the given ones, compared as isStatus does. */
export function isAnyStatus(stored: string, statuses: readonly string[]): boolean {
  return statuses.some((status) => isStatus(stored, status));
}

const S = SHIPMENT_STATUSES;

const SHOWN_AS_IS: readonly string[] = [
  S.pendingRelease,
  S.cbpIntensiveExam,
  S.cbpVacisExam,
  S.cbpDocsReviewHold,
  S.isfHold,
  S.itShipment,
  S.notClearedByAfb,
  S.cbpVaxExam,
];
const OTHER: readonly string[] = [S.admissible, S.accepted, S.liquidated];

/** The four hold or exam statuses whose text step 3 of the detail page shows. */
export const HOLD_OR_EXAM_STATUSES: readonly string[] = [
  S.cbpIntensiveExam,
  S.cbpVacisExam,
  S.cbpDocsReviewHold,
  S.isfHold,
];

export function statusDisplay(stored: string): string {
  if (stored === S.released) return 'Released';
  if (stored === S.submitted) return 'Awaiting Arrival';
  if (stored === S.pendingDocuments) return 'Documents Required';
  if (SHOWN_AS_IS.includes(stored)) return stored;
  if (OTHER.includes(stored)) return 'Other';
  return stored.toLowerCase();
}

export const STATUS_COLOURS = {
  notCleared: 'red-orange',
  released: 'green',
  pendingRelease: 'yellow',
  holdOrExam: 'blue-violet',
  itShipment: 'teal',
  submitted: 'light-blue',
  pendingDocuments: 'red',
  other: 'dark-blue',
} as const;

export type StatusColour = (typeof STATUS_COLOURS)[keyof typeof STATUS_COLOURS];

export function statusColour(stored: string): StatusColour {
  switch (stored) {
    case S.notClearedByAfb:
      return STATUS_COLOURS.notCleared;
    case S.released:
      return STATUS_COLOURS.released;
    case S.pendingRelease:
      return STATUS_COLOURS.pendingRelease;
    case S.cbpIntensiveExam:
    case S.cbpVacisExam:
    case S.cbpDocsReviewHold:
    case S.cbpVaxExam:
    case S.isfHold:
      return STATUS_COLOURS.holdOrExam;
    case S.itShipment:
      return STATUS_COLOURS.itShipment;
    case S.submitted:
      return STATUS_COLOURS.submitted;
    case S.pendingDocuments:
      return STATUS_COLOURS.pendingDocuments;
    default:
      return STATUS_COLOURS.other;
  }
}

/** The list page's status filter; the value travels in the `status` query parameter. */
export const STATUS_FILTER_OPTIONS = [
  { label: 'All Shipments', value: '' },
  { label: 'Released', value: S.released },
  { label: 'Awaiting Arrival', value: S.submitted },
  { label: 'Documents Required', value: S.pendingDocuments },
  { label: 'Pending Release', value: S.pendingRelease },
  { label: 'CBP Intensive Exam', value: S.cbpIntensiveExam },
  { label: 'CBP Vacis Exam', value: S.cbpVacisExam },
  { label: 'CBP Docs Review Hold', value: S.cbpDocsReviewHold },
  { label: 'ISF Hold', value: S.isfHold },
  { label: 'IT Shipment', value: S.itShipment },
  { label: 'Not Cleared By AFB', value: S.notClearedByAfb },
] as const;

/** Date filter options; codes 1 to 5 are stored, All means no filter. */
export const DATE_FILTER_OPTIONS = [
  { label: 'All', code: 0 },
  { label: 'This Week', code: 1 },
  { label: 'This Month', code: 2 },
  { label: 'Last 30 Days', code: 3 },
  { label: 'Last 3 Months', code: 4 },
  { label: 'Year to Date', code: 5 },
] as const;

export type DateFilterCode = (typeof DATE_FILTER_OPTIONS)[number]['code'];
