import { calendarDay } from '../../lib/display-dates.ts';
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
  return calendarDay(now, timeZone);
}

/** Not paid, and the due date is before today. */
export function overdueCondition(today: string): InvoiceCondition {
  return sql<SqlBool>`NOT invoices.is_paid AND invoices.due_date < cast(${today} as date)`;
}

/** Escapes LIKE's wildcards, so user text matches only itself. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The conditions of the criteria, the account aside (the access check's business). */
export function criteriaConditions(criteria: InvoiceCriteria): InvoiceCondition[] {
  const conditions: InvoiceCondition[] = [];
  if (criteria.paymentStatus === 'paid') conditions.push(sql<SqlBool>`invoices.is_paid`);
  if (criteria.paymentStatus === 'not-paid') conditions.push(sql<SqlBool>`NOT invoices.is_paid`);
  if (criteria.paymentStatus === 'overdue') conditions.push(overdueCondition(criteria.today));
  if (criteria.search !== undefined) {
    conditions.push(
      sql<SqlBool>`invoices.search_text LIKE (SELECT '%' || lower(${escapeLike(criteria.search)}) || '%')`,
    );
  }
  return conditions;
}

/**
 * How a column sorts: its key on the `invoices` row, and whether an empty key (NULL) comes
 * first ascending. Text keys are never NULL: lower-cased, byte-wise, the empty text first, a
 * list by its first value. `account` sorts by the account number, then by id.
 */
export type SortKey = { key: RawBuilder<unknown>; nullsFirst: boolean } | 'account';

const textKey = (expression: RawBuilder<unknown>): SortKey => ({
  key: sql`lower(${expression}) COLLATE "C"`,
  nullsFirst: false,
});

export const SORT_KEYS: Record<InvoiceSortField, SortKey> = {
  invoice_number: textKey(sql`invoices.invoice_number`),
  file_number: textKey(sql`invoices.file_number`),
  account_no: 'account',
  master_bill_lading: textKey(sql`coalesce(invoices.master_bills[1], '')`),
  containers: textKey(sql`coalesce(invoices.container_nos[1], '')`),
  customer_reference_no: textKey(sql`invoices.customer_reference_no`),
  created_at: { key: sql`invoices.created_at`, nullsFirst: false },
  amount: { key: sql`invoices.amount_cents`, nullsFirst: true },
  due_date: { key: sql`invoices.due_date`, nullsFirst: true },
  is_paid: { key: sql`invoices.is_paid`, nullsFirst: false },
};

/** NULLS FIRST or LAST for a direction: one index, read forward or backward, serves both. */
export function nullsFirstFor(nullsFirstAscending: boolean, direction: SortDirection): boolean {
  return direction === 'asc' ? nullsFirstAscending : !nullsFirstAscending;
}

export { csvField, csvLine } from '../../lib/csv.ts';
