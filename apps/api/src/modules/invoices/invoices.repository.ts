import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { SortDirection } from '@clearport/contract/http';
import { PaymentInstructions, type Invoice, type InvoiceSortField } from '@clearport/contract/invoices';
import type { Db } from '../../db/connect.ts';
import { executePrepared } from '../../db/prepared-statements.ts';
import { visibleAccountIds } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';
import {
  criteriaConditions,
  nullsFirstFor,
  overdueCondition,
  SORT_KEYS,
  type InvoiceCondition,
  type InvoiceCriteria,
} from './invoices.rules.ts';

/*
 * The list is the shipments list's design (docs/decisions/0005-shipment-list-queries.md) on
 * the invoices table: one prepared statement per call, bounded by the caller's accounts; per
 * account the first offset+limit invoices in the sort index's order, merged; the reply body
 * written by PostgreSQL. See docs/decisions/0010-billing.md.
 */

export type InvoicesPageRequest = {
  criteria: InvoiceCriteria;
  sort: InvoiceSortField;
  direction: SortDirection;
  page: number;
  perPage: number;
};

type BodyRow = { body: string };
type InvoiceRow = { invoice: Invoice };
export type InvoiceFiles = { invoiceNumber: string; fileNumber: string; path: string | null; backup: string | null };

const and = (conditions: readonly InvoiceCondition[]) =>
  conditions.length === 0
    ? sql`true`
    : sql.join(
        conditions.map((condition) => sql`(${condition})`),
        sql` AND `,
      );

function orderOf(sort: InvoiceSortField, direction: SortDirection): RawBuilder<unknown> {
  const sortKey = SORT_KEYS[sort];
  const nullsFirst = sortKey !== 'account' && nullsFirstFor(sortKey.nullsFirst, direction);
  return sql.raw(`${direction.toUpperCase()} NULLS ${nullsFirst ? 'FIRST' : 'LAST'}`);
}

/**
 * One invoice as the contract's Invoice, from `invoices`, its account `account_no` and its
 * shipment `shipments` (left-joined). Amounts go from cents to text through numeric, exactly.
 */
function invoiceJson(today: string) {
  return sql`json_build_object(
    'id', invoices.id,
    'invoice_number', invoices.invoice_number,
    'proper_name', invoices.proper_name,
    'file_number', invoices.file_number,
    'account_no', account_no,
    'master_bill_lading', array_to_string(invoices.master_bills, ', '),
    'containers', invoices.container_nos,
    'customer_reference_no', invoices.customer_reference_no,
    'created_at', to_char(invoices.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'amount', (invoices.amount_cents::numeric / 100)::numeric(20, 2)::text,
    'due_date', to_char(invoices.due_date, 'YYYY-MM-DD'),
    'is_paid', CASE WHEN invoices.is_paid THEN 1 ELSE 0 END,
    'is_overdue', CASE WHEN ${overdueCondition(today)} THEN 1 ELSE 0 END,
    'path', invoices.path,
    'backup', invoices.backup,
    'shipment', CASE WHEN shipments.id IS NULL THEN NULL
      ELSE json_build_object('id', shipments.id, 'file_number', shipments.file_number) END
  )`;
}

/** `visible`: the caller's accounts (the access check); `a`: those the criteria ask for. */
function withAccounts(db: Db, user: SessionUser, criteria: InvoiceCriteria) {
  const narrowed = criteria.accountNo === undefined ? sql`true` : sql`visible.account_no = ${criteria.accountNo}`;
  return sql`
    WITH visible AS MATERIALIZED (
      SELECT accounts.id, accounts.account_no FROM accounts
      WHERE accounts.id IN (${visibleAccountIds(db, user)})
    ),
    a AS MATERIALIZED (SELECT * FROM visible WHERE ${narrowed})`;
}

/** Per account its first `limit` (id, sort key) in index order, then merged: `page`. */
function pageOf(request: InvoicesPageRequest, limit: number | null, offset: number) {
  const { criteria, sort, direction } = request;
  const sortKey = SORT_KEYS[sort];
  const order = orderOf(sort, direction);
  const byId = sql.raw(direction.toUpperCase());
  const limitClause = limit === null ? sql`` : sql`LIMIT ${limit}`;
  const top =
    sortKey === 'account'
      ? sql`SELECT invoices.id, NULL AS sort_key FROM invoices
            WHERE invoices.account_id = a.id AND ${and(criteriaConditions(criteria))}
            ORDER BY invoices.id ${byId} ${limitClause}`
      : sql`SELECT invoices.id, ${sortKey.key} AS sort_key FROM invoices
            WHERE invoices.account_id = a.id AND ${and(criteriaConditions(criteria))}
            ORDER BY ${sortKey.key} ${order}, invoices.id ${byId} ${limitClause}`;
  const pageKey = sortKey === 'account' ? sql`a.account_no COLLATE "C"` : sql`top.sort_key`;
  const pageLimit = limit === null ? sql`` : sql`LIMIT ${request.perPage} OFFSET ${offset}`;
  return sql`page AS (
      SELECT top.id, ${pageKey} AS sort_key, a.account_no
      FROM a CROSS JOIN LATERAL (${top}) AS top
      ORDER BY sort_key ${order}, top.id ${byId}
      ${pageLimit}
    )`;
}

/** The page's invoices joined for their JSON. */
const pageRows = sql`page JOIN invoices ON invoices.id = page.id
  LEFT JOIN shipments ON shipments.id = invoices.shipment_id`;

/**
 * How many invoices of the asked accounts meet the criteria, and their amount not paid yet;
 * without criteria, the accounts' kept totals (migration 0006).
 */
function totalsOf(criteria: InvoiceCriteria) {
  const conditions = criteriaConditions(criteria);
  if (conditions.length === 0) {
    return sql`SELECT coalesce(sum(c.invoices), 0)::bigint AS total, coalesce(sum(c.open_cents), 0)::bigint AS open
      FROM a JOIN account_invoice_totals c ON c.account_id = a.id`;
  }
  return sql`SELECT count(*) AS total, coalesce(sum(invoices.amount_cents) FILTER (WHERE NOT invoices.is_paid), 0) AS open
    FROM a JOIN invoices ON invoices.account_id = a.id
    WHERE ${and(conditions)}`;
}

export const invoicesRepository = {
  /** The list page's statement (the bench times it alone). */
  listQuery(db: Db, user: SessionUser, request: InvoicesPageRequest): CompiledQuery<BodyRow> {
    const { criteria, page, perPage, sort, direction } = request;
    const offset = (page - 1) * perPage;
    const order = orderOf(sort, direction);
    const byId = sql.raw(direction.toUpperCase());
    return sql<BodyRow>`
      ${withAccounts(db, user, criteria)},
      ${pageOf(request, offset + perPage, offset)},
      t AS MATERIALIZED (${totalsOf(criteria)})
      SELECT json_build_object(
        'result', (
          SELECT coalesce(json_agg(${invoiceJson(criteria.today)} ORDER BY page.sort_key ${order}, page.id ${byId}), '[]')
          FROM ${pageRows}
        ),
        'pagination', json_build_object(
          'total', t.total,
          'last_page', greatest(1, (t.total + ${perPage}::int - 1) / ${perPage}::int),
          'current_page', ${page}::int,
          'per_page', ${perPage}::int
        ),
        'open_total', (t.open::numeric / 100)::numeric(20, 2)::text
      )::text AS body
      FROM t`.compile(db);
  },

  /** InvoicesResponse as JSON text. */
  async list(db: Db, user: SessionUser, request: InvoicesPageRequest): Promise<string> {
    const [row] = await executePrepared(db, invoicesRepository.listQuery(db, user, request));
    return row!.body;
  },

  /** Every invoice the criteria select, in the list's order (the CSV export). */
  async all(db: Db, user: SessionUser, request: Omit<InvoicesPageRequest, 'page' | 'perPage'>): Promise<Invoice[]> {
    const full = { ...request, page: 1, perPage: 1 };
    const order = orderOf(request.sort, request.direction);
    const byId = sql.raw(request.direction.toUpperCase());
    const { rows } = await sql<InvoiceRow>`
      ${withAccounts(db, user, request.criteria)},
      ${pageOf(full, null, 0)}
      SELECT ${invoiceJson(request.criteria.today)} AS invoice
      FROM ${pageRows}
      ORDER BY page.sort_key ${order}, page.id ${byId}`.execute(db);
    return rows.map((row) => row.invoice);
  },

  /** GET user/invoices/{id}: undefined when the caller may not see it. */
  async find(db: Db, user: SessionUser, id: number, today: string): Promise<Invoice | undefined> {
    const { rows } = await sql<InvoiceRow>`
      SELECT ${invoiceJson(today)} AS invoice
      FROM invoices JOIN accounts ON accounts.id = invoices.account_id
      LEFT JOIN shipments ON shipments.id = invoices.shipment_id
      WHERE invoices.id = ${id} AND invoices.account_id IN (${visibleAccountIds(db, user)})`.execute(db);
    return rows[0]?.invoice;
  },

  /** The invoices of a shipment the caller may see, oldest first (the shipment detail). */
  async ofShipment(db: Db, user: SessionUser, shipmentId: number, today: string): Promise<Invoice[]> {
    const { rows } = await sql<InvoiceRow>`
      SELECT ${invoiceJson(today)} AS invoice
      FROM invoices JOIN accounts ON accounts.id = invoices.account_id
      LEFT JOIN shipments ON shipments.id = invoices.shipment_id
      WHERE invoices.shipment_id = ${shipmentId} AND invoices.account_id IN (${visibleAccountIds(db, user)})
      ORDER BY invoices.created_at, invoices.id`.execute(db);
    return rows.map((row) => row.invoice);
  },

  /** The stored files of an invoice the caller may see, or undefined. */
  async findFiles(db: Db, user: SessionUser, id: number): Promise<InvoiceFiles | undefined> {
    const row = await db
      .selectFrom('invoices')
      .select(['invoice_number', 'file_number', 'path', 'backup'])
      .where('id', '=', id)
      .where('account_id', 'in', visibleAccountIds(db, user))
      .executeTakeFirst();
    if (!row) return undefined;
    return { invoiceNumber: row.invoice_number, fileNumber: row.file_number, path: row.path, backup: row.backup };
  },

  /** The brokerage's payment instructions, or null when none are set. */
  async paymentInstructions(db: Db): Promise<PaymentInstructions | null> {
    const row = await db.selectFrom('payment_instructions').select('instructions').executeTakeFirst();
    return row ? PaymentInstructions.parse(row.instructions) : null;
  },

  /** Replaces the payment instructions; the next call reads them (nothing is cached). */
  async setPaymentInstructions(db: Db, instructions: PaymentInstructions): Promise<void> {
    const value = JSON.stringify(instructions);
    await db
      .insertInto('payment_instructions')
      .values({ id: 1, instructions: value })
      .onConflict((oc) => oc.column('id').doUpdateSet({ instructions: value, updated_at: sql<string>`now()` }))
      .execute();
  },
};
