import { addDays, endOfMonth, format, isValid, startOfMonth, startOfYear, subDays, subMonths } from 'date-fns';
import { z } from 'zod';
import { Instant, readWallClockText } from './calendar.ts';
import { BROKER_KEY_MAX_LENGTH, SHIPMENTS_PAGE_SIZE, UNKNOWN_DATE_TIME } from './constants.ts';
import { EntityId, fromDigits, Pagination, SortDirection, wholeNumber } from './http.ts';
import { SHIPMENT_STATUSES, type DateFilterCode } from './statuses.ts';
import { ENTRY_TYPE_CODES } from './customs-entry.ts';
import { FREE_DAYS_DUE_SOON } from './free-days.ts';
import { CURSOR_MESSAGE, isTimestampText, readListCursor, type ListCursor } from './list-cursor.ts';

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

/**
 * An instant (when something was done, such as the ISF submit date) as DateTimeText in UTC, so
 * that each reader shows it in their own zone. Days and the broker's wall-clock times (ETA,
 * discharge) travel as they are, through formatDateTimeText.
 */
export function formatInstantText(date: Date | null): string {
  return date && isValid(date) ? date.toISOString().slice(0, 19).replace('T', ' ') : UNKNOWN_DATE_TIME;
}

const INSTANT_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The instant formatInstantText wrote; null for UNKNOWN_DATE_TIME and anything unreadable. */
export function parseInstantText(text: string): Date | null {
  if (!INSTANT_TEXT.test(text) || text.startsWith('0000-00-00')) return null;
  const date = new Date(`${text.replace(' ', 'T')}Z`);
  return isValid(date) ? date : null;
}

/** Null for UNKNOWN_DATE_TIME, any 0000-00-00 date and anything unreadable (shown blank or NOT AVAILABLE). */
export function parseDateTimeText(text: string): Date | null {
  if (text.startsWith('0000-00-00')) return null;
  return readWallClockText(text);
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
 * Home's box beyond the spec's five (decision 0026), shown while the company confirms 7501s:
 * "Awaiting your approval", whose list is asked for with `approval=awaiting`.
 */
export const AWAITING_APPROVAL_BOX = 'awaiting-approval';
/**
 * Home's "Possible Charges" box (decision 0030): the shipments with a container whose last free
 * day is at most FREE_DAYS_DUE_SOON days after the company's day, or already past (demurrage or
 * detention running), asked for with `charges=possible`.
 */
export const POSSIBLE_CHARGES_BOX = 'possible-charges';
export const POSSIBLE_CHARGES_LABEL = 'Possible Charges';
/** The box a shipments list was opened from (`?filter=` of the portal's address). */
export const BoxFilter = z.enum([...HOME_FILTER_VALUES, AWAITING_APPROVAL_BOX, POSSIBLE_CHARGES_BOX]);
export type BoxFilter = z.infer<typeof BoxFilter>;

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
  /**
   * The nearest last free day of its open containers (YYYY-MM-DD, a day of the company's): the
   * terminal's while a container is at the terminal, the detention one once it is gated out, none
   * once its empty is returned; null when no container has one (decision 0030).
   */
  next_free_day: z.string().nullable(),
  /** Whose last free day `next_free_day` is: the terminal's (demurrage) or the line's (detention); null with it. */
  next_free_day_kind: z.enum(['terminal', 'detention']).nullable(),
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
 * number, reference, bills and containers (spec section 7). `search` is search text only, so
 * that a search and a status filter can be asked for together; given both, a shipment must match
 * both. An empty `status`, `search` or `account_no` is no filter; an `account_no` that is not one
 * of the caller's accounts selects nothing.
 * `date_from`/`date_to` bound the ETA, inclusive, and are left out when the date filter is All.
 * ETAs are wall-clock texts, so a bound is compared by the date and time it is written with and
 * its offset is not applied: send the user's local time with its offset (date-fns formatISO).
 */
const shipmentFilters = {
  status: z.string().trim().max(200).optional(),
  search: z.string().trim().max(200).optional(),
  account_no: z.string().trim().max(BROKER_KEY_MAX_LENGTH).optional(),
  date_from: Instant.optional(),
  date_to: Instant.optional(),
};

/**
 * GET user/shipments from Home. Home has no pager: its list is the first SHIPMENTS_PAGE_SIZE
 * shipments in the list's default order.
 */
const SOURCE_DESCRIPTION =
  "`home` for Home's reading (its counts, first page and account numbers); left out for the list page.";
const SOURCE_REFUSED = 'must be home, or left out for the list page';

export const HomeShipmentsQuery = z.object({
  source: z.literal('home').describe(SOURCE_DESCRIPTION),
  ...shipmentFilters,
});
export type HomeShipmentsQuery = z.infer<typeof HomeShipmentsQuery>;

/** A cursor of the ETA order has a timestamp or null as its key; one of a text order, a text. */
function cursorFitsSort(cursor: ListCursor, sort: ShipmentSortField): boolean {
  if (sort === 'est_time_arrive') return cursor.key === null || isTimestampText(cursor.key);
  return cursor.key !== null;
}

/**
 * The list's customs entry filters, on the shipment's current entry (the latest by entry date):
 * `port` its port of entry (a Schedule D code, CBP_PORTS), `entry_type` its type (ENTRY_TYPES),
 * `agency_hold=1` any agency's current disposition of it holding (HOLDING_DISPOSITIONS), and
 * `approval=awaiting` its 7501 awaiting the company's approval (Home's "Awaiting your approval"
 * box: the 7501 is not reviewed, no decision names it, and the company's rule asks for one). A
 * shipment without an entry meets none of them.
 */
const shipmentEntryFilters = {
  port: z
    .string()
    .regex(/^\d{4}$/, 'is not a port code')
    .optional(),
  entry_type: z.enum(ENTRY_TYPE_CODES).optional(),
  agency_hold: z.literal('1').optional(),
  approval: z.literal('awaiting').optional(),
};

/**
 * `charges=possible`: Home's "Possible Charges" box, the shipments whose nearest last free day
 * (`next_free_day`) is at most FREE_DAYS_DUE_SOON days after the company's calendar day in its
 * time zone, or already past.
 */
const shipmentChargesFilter = {
  charges: z
    .literal('possible')
    .optional()
    .describe(
      `possible: a container's last free day is at most ${FREE_DAYS_DUE_SOON} days after the company's day, or past (Possible Charges)`,
    ),
};

const shipmentsListFields = {
  page: fromDigits(wholeNumber(1, 100_000).default(1)),
  per_page: fromDigits(wholeNumber(1, SHIPMENTS_PAGE_SIZE).default(SHIPMENTS_PAGE_SIZE)),
  filter: HomeFilter.optional(),
  ...shipmentFilters,
  ...shipmentEntryFilters,
  ...shipmentChargesFilter,
  sort: ShipmentSortField.default('est_time_arrive'),
  direction: SortDirection.default('desc'),
  after: z.string().max(2_000).optional(),
  before: z.string().max(2_000).optional(),
};

/** `after` and `before` name places of the asked order (readListCursor), one of them at most. */
function checkCursors(
  query: { sort: ShipmentSortField; after?: string | undefined; before?: string | undefined },
  context: z.RefinementCtx,
) {
  if (query.after !== undefined && query.before !== undefined) {
    context.addIssue({ code: 'custom', path: ['before'], message: 'cannot be sent with after' });
  }
  for (const side of ['after', 'before'] as const) {
    const text = query[side];
    if (text === undefined) continue;
    const cursor = readListCursor(text);
    if (!cursor || !cursorFitsSort(cursor, query.sort)) {
      context.addIssue({ code: 'custom', path: [side], message: CURSOR_MESSAGE });
    }
  }
}

/**
 * GET user/shipments from the list page. Without `sort` the list is by ETA, latest first, with
 * unknown ETAs last; the id breaks ties, so paging is stable. With `after` (or `before`), the
 * page is the `per_page` rows that follow (or precede) that place in the same order and filters,
 * and `page` is only the number it is shown as: a pager stepping with a reply's cursors reads no
 * more rows for page 7,000 than for page 2.
 */
export const ShipmentsListQuery = z.object(shipmentsListFields).superRefine(checkCursors);
export type ShipmentsListQuery = z.infer<typeof ShipmentsListQuery>;
export type ShipmentsListQueryInput = z.input<typeof ShipmentsListQuery>;

/**
 * The route's query: `source=home` selects the Home reading, no `source` the list page. Told
 * apart by `source` first, so a refusal names the field at fault (page, sort, ...).
 */
export const ShipmentsQuery = z.discriminatedUnion(
  'source',
  [
    HomeShipmentsQuery,
    z
      .object({
        ...shipmentsListFields,
        source: z.undefined().optional().describe(SOURCE_DESCRIPTION),
      })
      .superRefine(checkCursors),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? SOURCE_REFUSED : undefined) },
);
export type ShipmentsQuery = z.infer<typeof ShipmentsQuery>;

/** Home's reply carries the same list under both `data` and `result` (both readings occur). */
export const HomeShipmentsResponse = HomeCounts.extend({
  data: z.array(ShipmentListItem),
  result: z.array(ShipmentListItem),
  /** The user's account numbers, comma-separated (see splitAccounts). */
  accounts: z.string(),
  /**
   * The 7501s awaiting the company's approval (`approval=awaiting`) and their duty, null for the
   * roles that see no money; the whole is null while the company confirms no 7501.
   */
  awaiting_approval: z.object({ count: Count, duty_cents: z.number().int().nullable() }).nullable(),
  /** The shipments of the "Possible Charges" box (`charges=possible`). */
  possible_charges: Count,
});
export type HomeShipmentsResponse = z.infer<typeof HomeShipmentsResponse>;

export const ShipmentsListResponse = z.object({
  data: z.array(ShipmentListItem),
  pagination: Pagination.extend({
    /** The places of the page's first and last rows: `before` and `after` of the pages beside it; null when empty. */
    cursors: z.object({ before: z.string().nullable(), after: z.string().nullable() }),
  }),
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
