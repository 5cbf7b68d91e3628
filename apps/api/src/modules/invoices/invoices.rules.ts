import { calendarDayIn } from '@clearport/contract/calendar';
import { digitWindows, digitWindowsCondition, textContains, textLike } from '../../lib/search-text.ts';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SortDirection } from '@clearport/contract/http';
import type { InvoicesExportQuery, InvoiceSortField, PaymentStatus } from '@clearport/contract/invoices';

/*
 * What the billing list selects and how it orders, once each, as SQL on the `invoices` table.
 * Migration 0006 builds an index for each sort key; PostgreSQL uses them only while the
 * expressions here and there stay the same (invoices.repository.test.ts checks the plans).
 */

export type InvoiceCondition = RawBuilder<SqlBool>;

/** What the list is asked for, once the query is read. */
export type InvoiceCriteria = {
  accountNo?: string;
  search?: string;
  paymentStatus?: PaymentStatus;
  /** The day an unpaid invoice past its due date counts as overdue from, YYYY-MM-DD. */
  today: string;
};

/** Empty values are no filter. */
export function criteriaOf(query: Omit<InvoicesExportQuery, 'sort' | 'direction'>, today: string): InvoiceCriteria {
  return {
    accountNo: query.account_no || undefined,
    search: query.search || undefined,
    paymentStatus: query.payment_status || undefined,
    today,
  };
}

/** The calendar day, YYYY-MM-DD, of `now` in the company's time zone: an invoice is overdue from its next day. */
export function todayOf(now: Date, timeZone: string): string {
  return calendarDayIn(now, timeZone);
}

/** Not paid, and the due date is before today. */
export function overdueCondition(today: string): InvoiceCondition {
  return sql<SqlBool>`NOT invoices.is_paid AND invoices.due_date < cast(${today} as date)`;
}

/**
 * How search text is looked for: with `LIKE`, which the trigram index of migration 0034 answers
 * (a large account); by the windows of five digits of migration 0051's index, then the text
 * itself (a large account's search with five digits in a row: `searchByOfLarge`); or with
 * `strpos`, which no index answers, so that an account's own entries of the default order's index
 * (which carry search_text) are read instead (a small account).
 */
export type SearchBy = 'trigrams' | 'windows' | 'entries';

/** How a large account's invoices are searched for the text. */
export function searchByOfLarge(search: string): SearchBy {
  return digitWindows(search).length > 0 ? 'windows' : 'trigrams';
}

const column = sql`invoices.search_text`;

function searchCondition(search: string, searchBy: SearchBy): InvoiceCondition {
  if (searchBy === 'windows') {
    const windows = digitWindowsCondition(column, search);
    if (windows) return windows;
  }
  return searchBy === 'entries' ? textContains(column, search) : textLike(column, search);
}

/** The conditions of the criteria, the account aside (the access check's business). */
export function criteriaConditions(criteria: InvoiceCriteria, searchBy: SearchBy = 'trigrams'): InvoiceCondition[] {
  const conditions: InvoiceCondition[] = [];
  if (criteria.paymentStatus === 'paid') conditions.push(sql<SqlBool>`invoices.is_paid`);
  if (criteria.paymentStatus === 'not-paid') conditions.push(sql<SqlBool>`NOT invoices.is_paid`);
  if (criteria.paymentStatus === 'overdue') conditions.push(overdueCondition(criteria.today));
  if (criteria.search !== undefined) conditions.push(searchCondition(criteria.search, searchBy));
  return conditions;
}

/**
 * How a column sorts: its key on the `invoices` row, whether an empty key (NULL) comes first
 * ascending, and its type, which a cursor's text is read back as. Text keys are never NULL:
 * lower-cased, byte-wise, the empty text first, a list by its first value. `account` sorts by
 * the account number, then by id.
 */
export type SortKey = { key: RawBuilder<unknown>; nullsFirst: boolean; type: CursorKeyType } | 'account';
type CursorKeyType = 'text' | 'timestamptz' | 'bigint' | 'date' | 'boolean';

const textKey = (expression: RawBuilder<unknown>): SortKey => ({
  key: sql`lower(${expression}) COLLATE "C"`,
  nullsFirst: false,
  type: 'text',
});

export const SORT_KEYS: Record<InvoiceSortField, SortKey> = {
  invoice_number: textKey(sql`invoices.invoice_number`),
  file_number: textKey(sql`invoices.file_number`),
  account_no: 'account',
  master_bill_lading: textKey(sql`coalesce(invoices.master_bills[1], '')`),
  containers: textKey(sql`coalesce(invoices.container_nos[1], '')`),
  customer_reference_no: textKey(sql`invoices.customer_reference_no`),
  created_at: { key: sql`invoices.created_at`, nullsFirst: false, type: 'timestamptz' },
  amount: { key: sql`invoices.amount_cents`, nullsFirst: true, type: 'bigint' },
  due_date: { key: sql`invoices.due_date`, nullsFirst: true, type: 'date' },
  is_paid: { key: sql`invoices.is_paid`, nullsFirst: false, type: 'boolean' },
};

/** A sort key as a cursor writes it (ListCursor's key): a UTC time to the microsecond, a day, a number's text. */
export function cursorKeyOf(type: CursorKeyType, key: RawBuilder<unknown>): RawBuilder<unknown> {
  if (type === 'timestamptz') return sql`to_char(${key} AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`;
  if (type === 'date') return sql`to_char(${key}, 'YYYY-MM-DD')`;
  if (type === 'text') return key;
  return sql`${key}::text`;
}

/** A cursor's key read back as the sort key's type (the contract checked its form). */
export function cursorValueOf(type: CursorKeyType, text: string): RawBuilder<unknown> {
  if (type === 'timestamptz') return sql`(cast(${text} AS timestamp) AT TIME ZONE 'UTC')`;
  if (type === 'date') return sql`cast(${text} AS date)`;
  if (type === 'bigint') return sql`cast(${text} AS bigint)`;
  if (type === 'boolean') return sql`cast(${text} AS boolean)`;
  return sql`${text}`;
}

/** NULLS FIRST or LAST for a direction: one index, read forward or backward, serves both. */
export function nullsFirstFor(nullsFirstAscending: boolean, direction: SortDirection): boolean {
  return direction === 'asc' ? nullsFirstAscending : !nullsFirstAscending;
}

export { csvField, csvLine } from '../../lib/csv.ts';

/**
 * An invoice's PDF or backup as downloaded, from the invoice page and the shipment's files alike:
 * "Invoice INV-260342.pdf", "Invoice INV-260342 backup.pdf". By the invoice's number, which every
 * invoice has (an invoice without a shipment has no file number), or its id when the broker gave none.
 */
export function invoiceFileName(
  invoice: { id: number; invoiceNumber: string },
  file: 'path' | 'backup',
  extension: string,
): string {
  return `Invoice ${invoice.invoiceNumber || invoice.id}${file === 'backup' ? ' backup' : ''}.${extension}`;
}
