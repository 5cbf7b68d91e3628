import { z } from 'zod';
import { CalendarDate } from './calendar.ts';
import { BROKER_KEY_MAX_LENGTH, PAID_FLAG } from './constants.ts';
import { Email, EntityId, Flag, fromDigits, Pagination, SortDirection, wholeNumber } from './http.ts';
import { CURSOR_MESSAGE, isTimestampText, readListCursor, type ListCursor } from './list-cursor.ts';
import { oneLineText } from './plain-text.ts';
import { TEXTS } from './texts.ts';

/** The billing list's page size, as the shipments list's. */
export const INVOICES_PAGE_SIZE = 40;

/**
 * An amount in US dollars as an exact decimal text with two places ("1234.50"): amounts are
 * kept in integer cents and never pass through a float.
 */
export const Amount = z.string().regex(/^-?\d+\.\d{2}$/, 'must be dollars and cents, like 1234.56');

/** A calendar date, YYYY-MM-DD. */
export const DateText = CalendarDate;

/**
 * One billing invoice. `created_at` is ISO 8601 (the list shows it MM/dd/yyyy);
 * `master_bill_lading` is the bills' numbers joined with ", "; `path` is the invoice PDF and
 * `backup` the optional backup file (serve them with invoicePdfPath/invoiceBackupPath).
 * The spec names `shipment` without its shape: the linked shipment's id and file number, so
 * the invoice can link to it, or null when the invoice is not tied to one shipment.
 * Beyond the spec: `invoice_number`, `amount` (USD, null when not known), `due_date` (null
 * when none), `is_overdue` (1 when not paid and the due date has passed, by the company's day) and
 * `invoice_date`, the company's calendar day of `created_at` in its time zone (YYYY-MM-DD): the
 * day the invoice's PDF prints, which the list and the invoice page show for every reader.
 */
export const Invoice = z.object({
  id: EntityId,
  invoice_number: z.string(),
  proper_name: z.string(),
  file_number: z.string(),
  account_no: z.string(),
  master_bill_lading: z.string(),
  containers: z.array(z.string()),
  customer_reference_no: z.string(),
  created_at: z.string(),
  invoice_date: DateText,
  amount: Amount.nullable(),
  due_date: DateText.nullable(),
  is_paid: Flag,
  is_overdue: Flag,
  path: z.string().nullable(),
  backup: z.string().nullable(),
  shipment: z.object({ id: EntityId, file_number: z.string() }).nullable(),
});
export type Invoice = z.infer<typeof Invoice>;

/** The payment status filter (All is no value). */
export const PAYMENT_STATUSES = ['paid', 'not-paid', 'overdue'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const PAYMENT_STATUS_OPTIONS: ReadonlyArray<{ value: PaymentStatus | ''; label: string }> = [
  { value: '', label: TEXTS.paymentStatusAll },
  { value: 'paid', label: TEXTS.paid },
  { value: 'not-paid', label: TEXTS.notPaid },
  { value: 'overdue', label: TEXTS.overdue },
];

/**
 * The sortable columns. Text sorts case-insensitively, a list by its first value; an empty
 * value (no amount, no due date, empty text) is the lowest. Equal values keep their ids' order.
 */
export const INVOICE_SORT_FIELDS = [
  'invoice_number',
  'file_number',
  'account_no',
  'master_bill_lading',
  'containers',
  'customer_reference_no',
  'created_at',
  'amount',
  'due_date',
  'is_paid',
] as const;
export const InvoiceSortField = z.enum(INVOICE_SORT_FIELDS);
export type InvoiceSortField = z.infer<typeof InvoiceSortField>;

/**
 * What the list and the CSV export select: `search` looks for a fragment of the invoice
 * number, file number, customer reference, a bill of lading or a container, case aside; an
 * empty value is no filter; an `account_no` that is not one of the caller's selects nothing.
 */
const invoiceFilters = {
  search: z.string().trim().max(200).optional(),
  account_no: z.string().trim().max(BROKER_KEY_MAX_LENGTH).optional(),
  payment_status: z.union([PaymentStatus, z.literal('')]).optional(),
  sort: InvoiceSortField.default('created_at'),
  direction: SortDirection.default('desc'),
};

/** The CSV export's query: the list's filters and order, every page. */
export const InvoicesExportQuery = z.object(invoiceFilters);
export type InvoicesExportQuery = z.infer<typeof InvoicesExportQuery>;
export type InvoicesExportQueryInput = z.input<typeof InvoicesExportQuery>;

/**
 * Whether a cursor's key can be a key of the order: `created_at` a UTC timestamp to the
 * microsecond, `amount` whole cents or null, `due_date` a day or null, `is_paid` `true` or
 * `false`, a text column its lower-cased text, `account_no` the account number.
 */
function cursorFitsSort(cursor: ListCursor, sort: InvoiceSortField): boolean {
  const { key } = cursor;
  if (sort === 'amount') return key === null || /^-?\d{1,18}$/.test(key);
  if (sort === 'due_date') return key === null || DateText.safeParse(key).success;
  if (key === null) return false;
  if (sort === 'created_at') return isTimestampText(key);
  if (sort === 'is_paid') return key === 'true' || key === 'false';
  return true;
}

/**
 * GET user/invoices. Without `sort` the newest invoice comes first. With `after` (or `before`),
 * a place a reply's `pagination.cursors` gave, the page is the `per_page` invoices that follow
 * (or precede) it in the same order and filters, and `page` is only the number it is shown as
 * (keyset paging, as the shipments list's).
 */
export const InvoicesQuery = z
  .object({
    page: fromDigits(wholeNumber(1, 100_000).default(1)),
    per_page: fromDigits(wholeNumber(1, INVOICES_PAGE_SIZE).default(INVOICES_PAGE_SIZE)),
    ...invoiceFilters,
    after: z.string().max(2_000).optional(),
    before: z.string().max(2_000).optional(),
  })
  .superRefine((query, context) => {
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
  });
export type InvoicesQuery = z.infer<typeof InvoicesQuery>;
export type InvoicesQueryInput = z.input<typeof InvoicesQuery>;

/**
 * GET user/invoices: a page of what is filtered under the spec's name `result`, the paging,
 * and `open_total`, the amount of the filtered invoices not paid yet.
 */
export const InvoicesResponse = z.object({
  result: z.array(Invoice),
  pagination: Pagination.extend({
    /** The places of the page's first and last invoices: `before` and `after` of the pages beside it; null when empty. */
    cursors: z.object({ before: z.string().nullable(), after: z.string().nullable() }),
  }),
  open_total: Amount,
});
export type InvoicesResponse = z.infer<typeof InvoicesResponse>;

/** GET user/invoices/{id}. */
export const InvoiceResponse = z.object({ invoice: Invoice });
export type InvoiceResponse = z.infer<typeof InvoiceResponse>;

/**
 * The brokerage's payment instructions (spec: fixed text, its wording not shown) as they are read
 * back: kept in the database, set with `npm run broker -- payment-instructions set FILE.json` or the
 * admin API, both of which check them with PaymentInstructionsInput.
 */
export const PaymentInstructions = z.object({
  bank_transfer: z.object({
    bank_name: z.string().trim().min(1).max(200),
    account_name: z.string().trim().min(1).max(200),
    account_number: z.string().trim().min(1).max(50),
    ach_routing_number: z.string().trim().min(1).max(50),
    wire_routing_number: z.string().trim().min(1).max(50),
    swift_code: z.string().trim().max(50).default(''),
  }),
  quick_pay: z.object({
    recipient: z.string().trim().min(1).max(200),
    email: z.string().trim().min(1).max(254),
  }),
  check_image_emails: z.tuple([
    z.string().trim().min(1).max(254),
    z.string().trim().min(1).max(254),
    z.string().trim().min(1).max(254),
  ]),
  mailing_address: z.object({
    payee: z.string().trim().min(1).max(200),
    lines: z.array(z.string().trim().min(1).max(200)).min(1).max(5),
  }),
  /** The memo asked for with each payment, e.g. "the invoice number". */
  reference_note: z.string().trim().max(500).default(''),
});
export type PaymentInstructions = z.infer<typeof PaymentInstructions>;

/** A one-line text of the instructions, 1 to `max` characters. */
const instructionLine = (max: number, min = 1) => oneLineText(z.string().trim().min(min).max(max));

/**
 * Payment instructions as the brokerage sets them: every text one line of plain text (no control
 * character, line break or tab, which the invoice page and its PDF would show or break on) and the
 * addresses e-mail addresses, each refused with 400 naming its field. A field they do not have (a
 * misspelt one) is refused too, rather than left unread.
 */
export const PaymentInstructionsInput = z.strictObject({
  bank_transfer: z.strictObject({
    bank_name: instructionLine(200),
    account_name: instructionLine(200),
    account_number: instructionLine(50),
    ach_routing_number: instructionLine(50),
    wire_routing_number: instructionLine(50),
    swift_code: instructionLine(50, 0).default(''),
  }),
  quick_pay: z.strictObject({ recipient: instructionLine(200), email: Email }),
  check_image_emails: z.tuple([Email, Email, Email], {
    error: 'must be a list of three e-mail addresses, as ["ar@broker.example", "…", "…"]',
  }),
  mailing_address: z.strictObject({
    payee: instructionLine(200),
    lines: z.array(instructionLine(200)).min(1).max(5),
  }),
  reference_note: instructionLine(500, 0).default(''),
});

/** GET user/payment-instructions: null until the brokerage has set them. */
export const PaymentInstructionsResponse = z.object({ payment_instructions: PaymentInstructions.nullable() });
export type PaymentInstructionsResponse = z.infer<typeof PaymentInstructionsResponse>;

/** The CSV export's columns, in order: the header and the invoice's value. */
export const INVOICE_CSV_COLUMNS: ReadonlyArray<{ header: string; value: (invoice: Invoice) => string }> = [
  { header: 'Invoice Number', value: (invoice) => invoice.invoice_number },
  { header: 'File Number', value: (invoice) => invoice.file_number },
  { header: 'Account', value: (invoice) => invoice.account_no },
  { header: 'Master Bill of Lading', value: (invoice) => invoice.master_bill_lading },
  { header: 'Containers', value: (invoice) => invoice.containers.join(' ') },
  { header: 'Customer Reference', value: (invoice) => invoice.customer_reference_no },
  { header: 'Date', value: (invoice) => invoice.invoice_date },
  { header: 'Amount (USD)', value: (invoice) => invoice.amount ?? '' },
  { header: 'Due Date', value: (invoice) => invoice.due_date ?? '' },
  { header: 'Status', value: (invoice) => paidLabel(invoice.is_paid) },
];

export function paidLabel(flag: number): string {
  return flag === PAID_FLAG ? TEXTS.paid : TEXTS.notPaid;
}

/**
 * Whole cents in a reply. A sum over many entries or invoices may pass 2^53 cents (about $90
 * trillion), past which JSON's numbers are not exact: it is sent as the nearest number, not refused.
 */
export const Cents = z.number().refine(Number.isInteger, 'must be whole cents').meta({ type: 'integer' });

/** Integer cents as an Amount text: 123450 gives "1234.50". */
export function centsToAmount(cents: bigint | number): string {
  const value = BigInt(cents);
  const sign = value < 0n ? '-' : '';
  const absolute = value < 0n ? -value : value;
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
}

/**
 * An amount in dollars, with or without its cents ("1234.50", "2000"), as integer cents: exact for
 * the amounts a request may carry (at most 12 digits of dollars, below 2^53 cents).
 */
export function amountToCents(amount: string): number {
  const sign = amount.startsWith('-') ? -1 : 1;
  const [whole = '0', cents = ''] = amount.replace('-', '').split('.');
  return sign * (Number(whole) * 100 + Number(cents.padEnd(2, '0')));
}

/**
 * An Amount shown in US dollars, however it was written: "1234.50" gives "$1,234.50", "0012.5"
 * "$12.50" and "2000" "$2,000.00".
 */
export function formatUsd(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', cents = ''] = amount.replace('-', '').split('.');
  const grouped = (whole.replace(/^0+(?=\d)/, '') || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${cents.padEnd(2, '0')}`;
}

/** Session storage keys of the billing list, beside the shipments list's (SESSION_STORAGE_KEYS). */
export const BILLING_SESSION_STORAGE_KEYS = {
  page: 'billingPage',
  search: 'billingSearch',
  account: 'billingAccount',
  paymentStatus: 'billingPaymentStatus',
  sort: 'billingSort',
} as const;
