import { sql, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import { MAX_ID, type SortDirection } from '@clearport/contract/http';
import type { ListCursor } from '@clearport/contract/list-cursor';
import { PaymentInstructions, type Invoice, type InvoiceSortField } from '@clearport/contract/invoices';
import type { Db } from '../../db/connect.ts';
import { pageWindow, readFromNearerEnd, type RowWindow } from '../../db/page-by-number.ts';
import { executePrepared } from '../../db/prepared-statements.ts';
import { visibleAccountIds } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';
import {
  criteriaConditions,
  cursorKeyOf,
  cursorValueOf,
  nullsFirstFor,
  overdueCondition,
  searchByOfLarge,
  SORT_KEYS,
  type InvoiceCondition,
  type InvoiceCriteria,
  type SearchBy,
} from './invoices.rules.ts';

/*
 * The list is the shipments list's design (docs/decisions/0005-shipment-list-queries.md) on
 * the invoices table: one prepared statement per call, bounded by the caller's accounts; per
 * account the first invoices in the sort index's order (from the cursor on, when the pager
 * steps by keyset), merged; with a search, the matching invoices once; the reply body written
 * by PostgreSQL. See docs/decisions/0010-billing.md.
 */

export type InvoicesPageRequest = {
  criteria: InvoiceCriteria;
  sort: InvoiceSortField;
  direction: SortDirection;
  page: number;
  perPage: number;
  /** The place the page follows (`after`) or precedes (`before`); without it, the page is counted from the start. */
  cursor?: { side: 'after' | 'before'; at: ListCursor };
};

type BodyRow = { body: string };
type InvoiceRow = { invoice: Invoice };
export type InvoiceFiles = { id: number; invoiceNumber: string; path: string | null; backup: string | null };

const and = (conditions: readonly InvoiceCondition[]) =>
  conditions.length === 0
    ? sql`true`
    : sql.join(
        conditions.map((condition) => sql`(${condition})`),
        sql` AND `,
      );

const either = (conditions: readonly InvoiceCondition[]) =>
  sql<SqlBool>`(${sql.join(
    conditions.map((condition) => sql`(${condition})`),
    sql` OR `,
  )})`;

const reverse = (direction: SortDirection): SortDirection => (direction === 'asc' ? 'desc' : 'asc');

function orderOf(sort: InvoiceSortField, direction: SortDirection): RawBuilder<unknown> {
  const sortKey = SORT_KEYS[sort];
  const nullsFirst = sortKey !== 'account' && nullsFirstFor(sortKey.nullsFirst, direction);
  return sql.raw(`${direction.toUpperCase()} NULLS ${nullsFirst ? 'FIRST' : 'LAST'}`);
}

/** How a page is read: its order (reversed before a cursor) and how many rows are skipped. */
function readingOf(request: InvoicesPageRequest) {
  const { cursor, sort } = request;
  // Reading before a cursor is reading after it in the reverse order; the reply puts the rows back.
  const direction = cursor?.side === 'before' ? reverse(request.direction) : request.direction;
  return {
    direction,
    order: orderOf(sort, direction),
    byId: sql.raw(direction.toUpperCase()),
    offset: cursor ? 0 : (request.page - 1) * request.perPage,
  };
}

/**
 * The rows that come after `at` in the order `direction` (already reversed when reading before
 * it), as conditions each read in index order and appended: one range of the key and id (a row
 * comparison, so that an index reads from the cursor on), and for a key that may be empty (the
 * amount, the due date) the empty ones on their side of it.
 */
function rowsAfter(
  sort: InvoiceSortField,
  direction: SortDirection,
  at: ListCursor,
  { key, id }: { key: RawBuilder<unknown>; id: RawBuilder<unknown> },
): InvoiceCondition[] {
  const beyond = sql.raw(direction === 'asc' ? '>' : '<');
  const sortKey = SORT_KEYS[sort];
  if (sortKey === 'account') throw new Error('the account order steps by account and id');
  if (!sortKey.nullsFirst) {
    return [sql<SqlBool>`(${key}, ${id}) ${beyond} (${cursorValueOf(sortKey.type, at.key ?? '')}, ${at.id}::int)`];
  }
  const emptyFirst = nullsFirstFor(sortKey.nullsFirst, direction);
  if (at.key === null) {
    const emptyAfter = sql<SqlBool>`${key} IS NULL AND ${id} ${beyond} ${at.id}::int`;
    return emptyFirst ? [emptyAfter, sql<SqlBool>`${key} IS NOT NULL`] : [emptyAfter];
  }
  const knownAfter = sql<SqlBool>`(${key}, ${id}) ${beyond} (${cursorValueOf(sortKey.type, at.key)}, ${at.id}::int)`;
  return emptyFirst ? [knownAfter] : [knownAfter, sql<SqlBool>`${key} IS NULL`];
}

/**
 * One invoice as the contract's Invoice, from `invoices`, its account `account_no` and its
 * shipment `shipments` (left-joined). Amounts go from cents to text through numeric, exactly;
 * the invoice's date is the company's calendar day in `timeZone`, as its PDF prints it.
 */
function invoiceJson(today: string, timeZone: string) {
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
    'invoice_date', to_char(invoices.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD'),
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

const cursorColumn = (sort: InvoiceSortField, key: RawBuilder<unknown>, id: RawBuilder<unknown>) => {
  const sortKey = SORT_KEYS[sort];
  const cursorKey = sortKey === 'account' ? sql`a.account_no` : cursorKeyOf(sortKey.type, key);
  return sql`json_build_array(${cursorKey}, ${id})::text`;
};

/**
 * Without a search, per account its first offset+perPage (after the cursor) in index order, the
 * key and the id only, by id alone when the key is the account itself; then the merge: `page`.
 * `limit` 'all' reads every invoice (the CSV export). A page asked for by number past the first is
 * read from the nearer end of the order, so that the last page costs what the first does; the
 * statement's `t` (totalsOf, from kept totals) must come before it.
 */
function pageByAccount(request: InvoicesPageRequest, limit: 'page' | 'all' = 'page') {
  const { perPage, cursor } = request;
  const { direction, offset } = readingOf(request);
  if (limit === 'all') return sql`page AS MATERIALIZED (${mergedByAccount(request, direction, 'all')})`;
  if (cursor || offset === 0) {
    return sql`page AS MATERIALIZED (${mergedByAccount(request, direction, pageWindow(offset, perPage))})`;
  }
  const pageRows = readFromNearerEnd({ offset, perPage, total: sql`(SELECT t.total FROM t)` }, (reversed, window) =>
    mergedByAccount(request, reversed ? reverse(direction) : direction, window),
  );
  return sql`page AS MATERIALIZED (${pageRows})`;
}

/**
 * The merge of the asked accounts' rows in `direction` (reversed when reading before a cursor or
 * from the end): each account's first rows to the window's end in index order, then the window.
 */
function mergedByAccount(request: InvoicesPageRequest, direction: SortDirection, limits: RowWindow | 'all') {
  const { criteria, sort, cursor } = request;
  const order = orderOf(sort, direction);
  const byId = sql.raw(direction.toUpperCase());
  const sortKey = SORT_KEYS[sort];
  const conditions = criteriaConditions(criteria);
  const topLimit = limits === 'all' ? sql`` : sql`LIMIT ${limits.end}`;
  let top: RawBuilder<unknown>;
  let accountsFrom = sql``;
  if (sortKey === 'account') {
    const idBound: InvoiceCondition[] = [];
    if (cursor) {
      // The cursor's own account from the id on, the accounts beyond it whole.
      const [beyondOrAt, beyond, whole] = direction === 'asc' ? ['>=', '>', 0] : ['<=', '<', MAX_ID + 1];
      accountsFrom = sql` WHERE a.account_no COLLATE "C" ${sql.raw(beyondOrAt)} ${cursor.at.key}`;
      idBound.push(sql<SqlBool>`invoices.id ${sql.raw(beyond)}
        (CASE WHEN a.account_no = ${cursor.at.key} THEN ${cursor.at.id}::bigint ELSE ${whole}::bigint END)`);
    }
    top = sql`SELECT invoices.id, NULL AS sort_key FROM invoices
              WHERE invoices.account_id = a.id AND ${and([...conditions, ...idBound])}
              ORDER BY invoices.id ${byId} ${topLimit}`;
  } else {
    const columns = { key: sortKey.key, id: sql`invoices.id` };
    const parts = cursor ? rowsAfter(sort, direction, cursor.at, columns).map((part) => [part]) : [[]];
    const read = (part: InvoiceCondition[]) =>
      sql`SELECT invoices.id, ${sortKey.key} AS sort_key FROM invoices
          WHERE invoices.account_id = a.id AND ${and([...conditions, ...part])}
          ORDER BY ${sortKey.key} ${order}, invoices.id ${byId} ${topLimit}`;
    top =
      parts.length === 1
        ? read(parts[0]!)
        : sql.join(
            parts.map((part) => sql`(${read(part)})`),
            sql` UNION ALL `,
          );
  }
  const pageKey = sortKey === 'account' ? sql`a.account_no COLLATE "C"` : sql`top.sort_key`;
  const pageLimit = limits === 'all' ? sql`` : sql`LIMIT ${limits.take} OFFSET ${limits.skip}`;
  return sql`SELECT top.id, ${pageKey} AS sort_key, a.account_no, ${cursorColumn(sort, sql`top.sort_key`, sql`top.id`)} AS cursor
      FROM a CROSS JOIN LATERAL (${top}) AS top${accountsFrom}
      ORDER BY sort_key ${order}, top.id ${byId}
      ${pageLimit}`;
}

/**
 * Above this many invoices, an account's search is answered by the trigram index of migration
 * 0034, or with five digits in a row by the digit windows' index of 0051; up to it, by reading
 * the account's own entries of the default order's index, which is cheaper there and costs the
 * same in a table of any size (as the shipments list, 0005).
 */
const LARGE_ACCOUNT_INVOICES = 10_000;

/**
 * With a search, the matching invoices of the asked accounts once (`matches`, with what the
 * totals need), and the page and the totals from them.
 */
function pageOfMatches(request: InvoicesPageRequest) {
  const { criteria, sort, perPage, cursor } = request;
  const { direction, order, byId, offset } = readingOf(request);
  const sortKey = SORT_KEYS[sort];
  const matchKey = sortKey === 'account' ? sql`a.account_no COLLATE "C"` : sortKey.key;
  const columns = { key: sql`matches.sort_key`, id: sql`matches.id` };
  let after = sql``;
  if (cursor && sortKey === 'account') {
    after = sql` WHERE (matches.sort_key, matches.id) ${sql.raw(direction === 'asc' ? '>' : '<')}
      (${cursor.at.key} COLLATE "C", ${cursor.at.id}::int)`;
  } else if (cursor) {
    after = sql` WHERE ${either(rowsAfter(sort, direction, cursor.at, columns))}`;
  }
  const matchesOf = (accounts: RawBuilder<unknown>, searchBy: SearchBy) => {
    const conditions = and(criteriaConditions(criteria, searchBy));
    const rows =
      searchBy === 'entries'
        ? sql`a CROSS JOIN LATERAL (
            SELECT invoices.id FROM invoices WHERE invoices.account_id = a.id AND ${conditions} OFFSET 0
          ) AS found JOIN invoices ON invoices.id = found.id`
        : searchBy === 'windows'
          ? // The whole table's windows (0051) once, the accounts then checked on the few rows found.
            sql`(SELECT invoices.id, invoices.account_id FROM invoices WHERE ${conditions} OFFSET 0) AS found
              JOIN a ON a.id = found.account_id JOIN invoices ON invoices.id = found.id`
          : // The account as migration 0034's trigram index has it, so that only that index answers.
            sql`a JOIN invoices ON invoices.account_id::bigint = a.id::bigint AND ${conditions}`;
    return sql`SELECT invoices.id, ${matchKey} AS sort_key, a.account_no, invoices.is_paid, invoices.amount_cents
      FROM ${rows}
      WHERE ${accounts}`;
  };
  const invoicesOfAccount = sql`(SELECT coalesce(sum(c.invoices), 0) FROM account_invoice_totals c WHERE c.account_id = a.id)`;
  const cursorKey = sortKey === 'account' ? sql`matches.account_no` : cursorKeyOf(sortKey.type, sql`matches.sort_key`);
  return sql`matches AS MATERIALIZED (
      ${matchesOf(sql`${invoicesOfAccount} <= ${sql.lit(LARGE_ACCOUNT_INVOICES)}`, 'entries')}
      UNION ALL
      ${matchesOf(sql`${invoicesOfAccount} > ${sql.lit(LARGE_ACCOUNT_INVOICES)}`, searchByOfLarge(criteria.search!))}
    ),
    page AS MATERIALIZED (
      SELECT matches.id, matches.sort_key, matches.account_no,
        json_build_array(${cursorKey}, matches.id)::text AS cursor
      FROM matches${after}
      ORDER BY matches.sort_key ${order}, matches.id ${byId}
      LIMIT ${perPage} OFFSET ${offset}
    )`;
}

/**
 * An invoice's shipment, joined for its link while it is of the invoice's account: one the broker
 * moved to another account is no longer the invoice's to show (migration 0063).
 */
const itsShipment = sql`shipments ON shipments.id = invoices.shipment_id AND shipments.account_id = invoices.account_id`;

/** The page's invoices joined for their JSON. */
const pageRows = sql`page JOIN invoices ON invoices.id = page.id
  LEFT JOIN ${itsShipment}`;

/**
 * How many invoices of the asked accounts meet the criteria, and their amount not paid yet:
 * with a search, the matches counted; otherwise sums of the accounts' kept totals (migrations
 * 0006 and 0034), for Overdue those of the days before the company's day (0047).
 */
function totalsOf(criteria: InvoiceCriteria) {
  if (criteria.search !== undefined) {
    return sql`SELECT count(*) AS total, coalesce(sum(matches.amount_cents) FILTER (WHERE NOT matches.is_paid), 0) AS open
      FROM matches`;
  }
  if (criteria.paymentStatus === 'overdue') {
    return sql`SELECT coalesce(sum(d.invoices), 0)::bigint AS total, coalesce(sum(d.open_cents), 0)::bigint AS open
      FROM a JOIN invoice_unpaid_days d ON d.account_id = a.id AND d.due_date < cast(${criteria.today} as date)`;
  }
  const [total, open] =
    criteria.paymentStatus === 'paid'
      ? [sql`c.invoices - c.unpaid`, sql`0`]
      : criteria.paymentStatus === 'not-paid'
        ? [sql`c.unpaid`, sql`c.open_cents`]
        : [sql`c.invoices`, sql`c.open_cents`];
  return sql`SELECT coalesce(sum(${total}), 0)::bigint AS total, coalesce(sum(${open}), 0)::bigint AS open
    FROM a JOIN account_invoice_totals c ON c.account_id = a.id`;
}

export const invoicesRepository = {
  /** The list page's statement (the bench times it alone). */
  listQuery(db: Db, user: SessionUser, request: InvoicesPageRequest): CompiledQuery<BodyRow> {
    const { criteria, page, perPage, sort, direction } = request;
    const order = orderOf(sort, direction);
    const byId = sql.raw(direction.toUpperCase());
    const edge = (at: SortDirection) =>
      sql`(SELECT page.cursor FROM page
           ORDER BY page.sort_key ${orderOf(sort, at)}, page.id ${sql.raw(at.toUpperCase())} LIMIT 1)`;
    const totals = sql`t AS MATERIALIZED (${totalsOf(criteria)})`;
    // Without a search the totals are kept sums, which a page by number read from the end needs first.
    const pageAndTotals =
      criteria.search === undefined
        ? sql`${totals}, ${pageByAccount(request)}`
        : sql`${pageOfMatches(request)}, ${totals}`;
    return sql<BodyRow>`
      ${withAccounts(db, user, criteria)},
      ${pageAndTotals}
      SELECT json_build_object(
        'result', (
          SELECT coalesce(json_agg(${invoiceJson(criteria.today, user.timeZone)} ORDER BY page.sort_key ${order}, page.id ${byId}), '[]')
          FROM ${pageRows}
        ),
        'pagination', json_build_object(
          'total', t.total,
          'last_page', greatest(1, (t.total + ${perPage}::int - 1) / ${perPage}::int),
          'current_page', ${page}::int,
          'per_page', ${perPage}::int,
          'cursors', json_build_object('before', ${edge(direction)}, 'after', ${edge(reverse(direction))})
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
    const full = { ...request, page: 1, perPage: 1, cursor: undefined };
    const order = orderOf(request.sort, request.direction);
    const byId = sql.raw(request.direction.toUpperCase());
    const { rows } = await sql<InvoiceRow>`
      ${withAccounts(db, user, request.criteria)},
      ${pageByAccount(full, 'all')}
      SELECT ${invoiceJson(request.criteria.today, user.timeZone)} AS invoice
      FROM ${pageRows}
      ORDER BY page.sort_key ${order}, page.id ${byId}`.execute(db);
    return rows.map((row) => row.invoice);
  },

  /** GET user/invoices/{id}: undefined when the caller may not see it. */
  async find(db: Db, user: SessionUser, id: number, today: string): Promise<Invoice | undefined> {
    const { rows } = await sql<InvoiceRow>`
      SELECT ${invoiceJson(today, user.timeZone)} AS invoice
      FROM invoices JOIN accounts ON accounts.id = invoices.account_id
      LEFT JOIN ${itsShipment}
      WHERE invoices.id = ${id} AND invoices.account_id IN (${visibleAccountIds(db, user)})`.execute(db);
    return rows[0]?.invoice;
  },

  /**
   * The invoices of a shipment the caller may see, oldest first (the shipment detail): those of
   * its present account, not those its earlier account was billed.
   */
  async ofShipment(db: Db, user: SessionUser, shipmentId: number, today: string): Promise<Invoice[]> {
    const { rows } = await sql<InvoiceRow>`
      SELECT ${invoiceJson(today, user.timeZone)} AS invoice
      FROM invoices JOIN accounts ON accounts.id = invoices.account_id
      JOIN ${itsShipment}
      WHERE invoices.shipment_id = ${shipmentId} AND invoices.account_id IN (${visibleAccountIds(db, user)})
      ORDER BY invoices.created_at, invoices.id`.execute(db);
    return rows.map((row) => row.invoice);
  },

  /** The stored files of an invoice the caller may see, or undefined. */
  async findFiles(db: Db, user: SessionUser, id: number): Promise<InvoiceFiles | undefined> {
    const row = await db
      .selectFrom('invoices')
      .select(['id', 'invoice_number', 'path', 'backup'])
      .where('id', '=', id)
      .where('account_id', 'in', visibleAccountIds(db, user))
      .executeTakeFirst();
    if (!row) return undefined;
    return { id: row.id, invoiceNumber: row.invoice_number, path: row.path, backup: row.backup };
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
