/** Business constants and limits (spec section 9). Both sides import them; none is written twice. */

/**
 * The header that names one change a user means (docs/decisions/0048-request-keys.md): a note or a
 * new delivery order sent again under the same key, because its answer was lost, answers the
 * record the first made instead of making a second. Optional.
 */
export const REQUEST_KEY_HEADER = 'idempotency-key';

/** One day: the session cookie lifetime and the server-side session expiry. */
export const SESSION_TTL_SECONDS = 86_400;
/** A password-reset link is single-use and expires after one hour. */
export const PASSWORD_RESET_TTL_SECONDS = 3_600;
/** A set-password link sent to a new user: single-use, valid for seven days. */
export const SET_PASSWORD_LINK_TTL_SECONDS = 7 * 86_400;

export const SHIPMENTS_PAGE_SIZE = 40;
export const MAX_CC_EMAILS = 10;
/** The longest shipment note or delivery order note, in characters. */
export const NOTE_MAX_LENGTH = 2_000;
/**
 * The most notes and delivery orders one shipment holds (docs/decisions/0054-a-shipments-long-lists.md):
 * enough for the longest-lived shipment, and a ceiling on what its page reads.
 */
export const SHIPMENT_NOTES_MAX = 1_000;
export const SHIPMENT_DELIVERY_ORDERS_MAX = 500;
/** The most documents a shipment's users upload to it (decision 0054); deleting one makes room. */
export const SHIPMENT_DOCUMENTS_MAX = 500;
/**
 * The most containers one shipment holds, from the broker (decision 0054): far past the largest
 * real entry, and a bound on the detail reply, which carries every container with its events.
 */
export const SHIPMENT_CONTAINERS_MAX = 1_000;
/** The most bills of lading, master and house together, one shipment holds from the broker (decision 0054). */
export const SHIPMENT_BILLS_MAX = 1_000;
/** The longest reference number of a shipment or a delivery order, in characters (the broker's too). */
export const REFERENCE_MAX_LENGTH = 100;
/**
 * The longest key the brokerage sends (company id, account number, file number…): a filter or a
 * link that names one takes as long a one.
 */
export const BROKER_KEY_MAX_LENGTH = 64;
export const PASSWORD_MIN_LENGTH = 6;
export const NARROW_LAYOUT_BREAKPOINT_PX = 600;
export const SUBUSER_ERROR_DISPLAY_MS = 5_000;
/** Per-container shipment updates are shown only for an ETA on or after this date. */
export const SHIPMENT_UPDATES_CUTOFF_DATE = '2025-08-01';

export const SEARCH_DEBOUNCE_MS = 200;
export const HOME_QUERY_DEBOUNCE_MS = 500;
export const FETCH_TIMEOUT_MS = 8_000;
export const ROW_HIGHLIGHT_MS = 3_000;

export const TOAST_AUTO_CLOSE_MS = 5_000;
export const TOAST_POSITION = 'top-right';

export const DATE_DISPLAY_FORMAT = 'MM/dd/yyyy';

/**
 * A company's time zone until the brokerage sets another (IANA name): the day its mails, PDFs
 * and due dates speak of. Most of the brokerage's importers are on the East Coast.
 */
export const DEFAULT_TIME_ZONE = 'America/New_York';
/** How the API writes an unknown date-time, as the client expects it. */
export const UNKNOWN_DATE_TIME = '0000-00-00 00:00:00';

/** A list cell's first items, with +N for the rest: the shipments' and the invoices' containers and bills (spec sections 2 and 9). */
export const LIST_CELL_VISIBLE_ITEMS = 2;

export const ACCEPTED_UPLOAD_EXTENSIONS = ['pdf', 'PDF', 'xls', 'xlsx', 'png', 'docx', 'doc'] as const;

export const ACTIVE_STATUS = 1;
/** A trucker or warehouse the dropdowns offer; a deleted one already on an order shows with (Deleted). */
export function isActive(entry: { status: number; deleted_at: string | null }): boolean {
  return entry.status === ACTIVE_STATUS && entry.deleted_at === null;
}
export const PAID_FLAG = 1;

export const DEFAULT_WAREHOUSE_CITY = 'New York';
export const DEFAULT_WAREHOUSE_ZIP = '10001';

export const SELECT_MENU_MAX_HEIGHT = 300;
export const SELECT_MENU_MIN_HEIGHT = 140;
export const SELECT_ITEMS_PER_PAGE = 5;

/** Session storage keys of the shipments list. */
export const SESSION_STORAGE_KEYS = {
  shipmentsPage: 'shipmentsPage',
  globalFilter: 'globalFilter',
  statusFilter: 'statusFilter',
  accountFilter: 'accountFilter',
  dateFilter: 'dateFilter',
  dateFilterOption: 'dateFilterOption',
  shipmentsScroll: 'shipmentsScroll',
  lastClickedShipmentId: 'lastClickedShipmentId',
} as const;

/** Cookies that hold the session in the browser (spec section 3). */
export const SESSION_COOKIES = {
  token: 'token',
  name: 'name',
  role: 'role',
  primaryContact: 'primary',
} as const;

/** The brokerage behind the portal: it heads the delivery order PDF and the demo documents. */
export const BROKERAGE_NAME = 'Clearport Customs Brokerage';
