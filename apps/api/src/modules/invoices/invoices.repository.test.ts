import { describe, expect, it } from 'vitest';
import { INVOICE_SORT_FIELDS, type InvoiceSortField } from '@clearport/contract/invoices';
import { indexTestApp, planWithoutScansOrSorts } from '../../../test/query-plans.ts';
import { invoicesRepository, type InvoicesPageRequest } from './invoices.repository.ts';
import { criteriaOf } from './invoices.rules.ts';

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

  it('the Overdue total reads the index of the unpaid invoices by due date', async () => {
    const overdue = request('created_at', 'desc');
    overdue.criteria = criteriaOf({ payment_status: 'overdue' }, '2026-11-23');
    const plan = await planOf(invoicesRepository.listQuery(demo.db, demo.primary, overdue));
    expect(plan).toContain('invoices_unpaid_due_idx');
  });
});
