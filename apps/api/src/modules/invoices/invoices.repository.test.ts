import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readListCursor, type ListCursor } from '@clearport/contract/list-cursor';
import type { Database } from '../../db/schema.ts';
import { INVOICE_SORT_FIELDS, type InvoiceSortField } from '@clearport/contract/invoices';
import { indexTestApp, planWithoutScansOrSorts } from '../../../test/query-plans.ts';
import { invoicesRepository, type InvoicesPageRequest } from './invoices.repository.ts';
import { criteriaOf, searchByOfLarge } from './invoices.rules.ts';

/*
 * Migration 0006 indexes the expressions invoices.rules.ts writes; PostgreSQL uses an index only
 * while the two stay identical. These plans, with sequential scans and sorts priced out, show
 * each sort reaching its index.
 */

const demo = indexTestApp();

async function planOf(compiled: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  return demo.db.transaction().execute((trx) => planWithoutScansOrSorts(trx, compiled));
}

const SORT_INDEXES: Record<InvoiceSortField, string> = {
  invoice_number: 'invoices_sort_number_idx',
  file_number: 'invoices_sort_file_number_idx',
  account_no: 'invoices_list_id_idx',
  master_bill_lading: 'invoices_sort_master_bill_idx',
  containers: 'invoices_sort_container_idx',
  customer_reference_no: 'invoices_sort_reference_idx',
  created_at: 'invoices_list_created_idx',
  amount: 'invoices_sort_amount_idx',
  due_date: 'invoices_sort_due_date_idx',
  is_paid: 'invoices_sort_paid_idx',
};

function request(sort: InvoiceSortField, direction: 'asc' | 'desc'): InvoicesPageRequest {
  return { criteria: criteriaOf({}, '2026-11-23'), sort, direction, page: 1, perPage: 40 };
}

describe('the invoice list statement uses the indexes of migration 0006', () => {
  it.each(INVOICE_SORT_FIELDS.flatMap((sort) => [[sort, 'asc'] as const, [sort, 'desc'] as const]))(
    'sort %s %s',
    async (sort, direction) => {
      const plan = await planOf(invoicesRepository.listQuery(demo.db, demo.primary, request(sort, direction)));
      expect(plan).toContain(SORT_INDEXES[sort]);
    },
  );

  it.each([
    ['paid', /invoices_(list_created|sort_paid)_idx/],
    ['overdue', /invoices_unpaid_due_idx/],
  ] as const)('a search with payment status %s and its totals read %s, not the table', async (status, index) => {
    const searched = request('created_at', 'desc');
    searched.criteria = criteriaOf({ search: 'mscu', payment_status: status }, '2026-11-23');
    const plan = await planOf(invoicesRepository.listQuery(demo.db, demo.primary, searched));
    expect(plan).toMatch(index);
    expect(plan).not.toMatch(/Seq Scan on invoices/);
  });

  it('the Overdue total sums the days before today of the accounts’ unpaid invoices (migration 0047)', async () => {
    const overdue = request('created_at', 'desc');
    overdue.criteria = criteriaOf({ payment_status: 'overdue' }, '2026-11-23');
    const plan = await planOf(invoicesRepository.listQuery(demo.db, demo.primary, overdue));
    expect(plan).toMatch(
      /Index Scan (using|on) invoice_unpaid_days_pkey[^\n]*\n\s*Index Cond: \(\(account_id = a(_\d+)?\.id\) AND \(due_date < /,
    );
    expect(plan).not.toMatch(/Seq Scan on invoices/);
  });

  it('a large account’s search of five digits in a row reads the digit windows’ index (0051), of fewer LIKE’s', async () => {
    const searched = (search: string) => {
      const asked = request('due_date', 'asc');
      asked.criteria = criteriaOf({ search }, '2026-11-23');
      return planOf(invoicesRepository.listQuery(demo.db, demo.primary, asked));
    };
    const windows =
      /Bitmap Index Scan on invoices_search_digits_idx[^\n]*\n\s*Index Cond: \(search_digit_windows\(search_text, 5\) @> (\(InitPlan \d+\)\.col1|\$\d+)\)/;
    const like = /search_text ~~/;
    const digits = await searched('inv-00001');
    expect(digits).toMatch(windows);
    expect(digits).not.toMatch(like);
    const fewer = await searched('inv-0001');
    expect(fewer).toMatch(like);
    expect(fewer).not.toMatch(/invoices_search_digits_idx/);
  });
});

describe('a large account’s search', () => {
  type Body = {
    result: Array<{ id: number }>;
    pagination: { total: number; cursors: { before: string | null; after: string | null } };
    open_total: string;
  };
  type SearchRead = { pages: number[][]; total: number; openTotal: string; back: number[] | null };
  /** A reply's cursor, read as the list route reads it. */
  const placeOf = (text: string): ListCursor => readListCursor(text)!;

  const PER_PAGE = 7;

  /** Each page of the search, stepped by keyset forward, then the page before the last one back. */
  async function read(db: Kysely<Database>, search: string, paymentStatus?: 'not-paid'): Promise<SearchRead> {
    const run = async (compiled: CompiledQuery<{ body: string }>) =>
      JSON.parse((await db.executeQuery(compiled)).rows[0]!.body) as Body;
    const listOf = (cursor?: InvoicesPageRequest['cursor']) =>
      invoicesRepository.listQuery(demo.db, demo.primary, {
        ...request('due_date', 'asc'),
        perPage: PER_PAGE,
        criteria: criteriaOf({ search, ...(paymentStatus ? { payment_status: paymentStatus } : {}) }, '2026-11-23'),
        ...(cursor ? { cursor } : {}),
      });
    const pages = [await run(listOf())];
    while (pages.at(-1)!.result.length === PER_PAGE && pages.at(-1)!.pagination.cursors.after) {
      pages.push(await run(listOf({ side: 'after', at: placeOf(pages.at(-1)!.pagination.cursors.after!) })));
    }
    const lastWithRows = [...pages].reverse().find((page) => page.result.length > 0);
    const before = lastWithRows?.pagination.cursors.before;
    const back = before ? await run(listOf({ side: 'before', at: placeOf(before) })) : null;
    return {
      pages: pages.map((page) => page.result.map((invoice) => invoice.id)),
      total: pages[0]!.pagination.total,
      openTotal: pages[0]!.open_total,
      back: back?.result.map((invoice) => invoice.id) ?? null,
    };
  }

  class Read extends Error {
    constructor(readonly read: SearchRead) {
      super('read');
    }
  }

  /** The same, once the demo primary's accounts count more than 10,000 invoices each (rolled back). */
  async function readAsLarge(search: string, paymentStatus?: 'not-paid') {
    return demo.db
      .transaction()
      .execute(async (trx) => {
        await sql`UPDATE account_invoice_totals SET invoices = invoices + 20000
          WHERE account_id IN (SELECT id FROM accounts WHERE company_id = ${demo.primary.companyId}::int)`.execute(trx);
        throw new Read(await read(trx, search, paymentStatus));
      })
      .catch((error: unknown) => {
        if (error instanceof Read) return error.read;
        throw error;
      });
  }

  it.each([
    ['oneu', undefined],
    ['inv', undefined],
    ['0', 'not-paid'],
    ['no-such-text', undefined],
  ] as const)(
    'for %s (%s) finds through the trigram index what a small account’s reading finds, page by page both ways',
    async (search, paymentStatus) => {
      const small = await read(demo.db, search, paymentStatus);
      if (search !== 'no-such-text') expect(small.total).toBeGreaterThan(PER_PAGE);
      expect(await readAsLarge(search, paymentStatus)).toEqual(small);
    },
  );

  it('for five digits in a row finds through the digit windows’ index what a small account’s reading finds', async () => {
    // The five digits most of the account's invoices share, an invoice number and a part of it.
    const { rows } = await sql<{ digits: string; invoiceNumber: string }>`
      SELECT (SELECT lpad(w::text, 5, '0') FROM invoices i, unnest(search_digit_windows(i.search_text, 5)) AS w
          WHERE i.account_id = a.id GROUP BY w ORDER BY count(*) DESC, w LIMIT 1) AS digits,
        (SELECT min(i.invoice_number) FROM invoices i WHERE i.account_id = a.id) AS "invoiceNumber"
      FROM accounts a WHERE a.account_no = '40001'`.execute(demo.db);
    const { digits, invoiceNumber } = rows[0]!;
    for (const search of [digits, invoiceNumber, invoiceNumber.toLowerCase().slice(1, -1)]) {
      expect(searchByOfLarge(search)).toBe('windows');
      const small = await read(demo.db, search);
      expect(small.total).toBeGreaterThan(0);
      expect(await readAsLarge(search)).toEqual(small);
      expect(await readAsLarge(search, 'not-paid')).toEqual(await read(demo.db, search, 'not-paid'));
    }
    expect((await read(demo.db, digits)).total).toBeGreaterThan(PER_PAGE);
  });
});
