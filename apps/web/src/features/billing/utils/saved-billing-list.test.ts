import { beforeEach, describe, expect, it } from 'vitest';
import { BILLING_SESSION_STORAGE_KEYS } from '@clearport/contract/invoices';
import { DEFAULT_INVOICE_SORT, filterQueryOf, readBillingList, saveBillingList } from './saved-billing-list.ts';

describe('the billing list kept in session storage', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('starts on page 1 of every invoice, newest first', () => {
    expect(readBillingList()).toEqual({
      filters: { search: '', account: '', paymentStatus: '' },
      sort: DEFAULT_INVOICE_SORT,
      page: 1,
    });
  });

  it('reads back what was saved', () => {
    const state = {
      filters: { search: 'mscu', account: '40001', paymentStatus: 'overdue' as const },
      sort: { field: 'amount' as const, direction: 'asc' as const },
      page: 3,
    };
    saveBillingList(state);
    expect(readBillingList()).toEqual(state);
  });

  it('takes anything unreadable for its default', () => {
    window.sessionStorage.setItem(BILLING_SESSION_STORAGE_KEYS.page, '-2');
    window.sessionStorage.setItem(BILLING_SESSION_STORAGE_KEYS.sort, '{"field":"price"}');
    window.sessionStorage.setItem(BILLING_SESSION_STORAGE_KEYS.paymentStatus, 'maybe');
    expect(readBillingList()).toMatchObject({ page: 1, sort: DEFAULT_INVOICE_SORT, filters: { paymentStatus: '' } });
  });

  it('asks the API only for the filters that are set', () => {
    expect(
      filterQueryOf({ filters: { search: '  ', account: '', paymentStatus: '' }, sort: DEFAULT_INVOICE_SORT }),
    ).toEqual({ sort: 'created_at', direction: 'desc' });
    expect(
      filterQueryOf({
        filters: { search: ' inv-26 ', account: '40002', paymentStatus: 'paid' },
        sort: { field: 'due_date', direction: 'asc' },
      }),
    ).toEqual({ search: 'inv-26', account_no: '40002', payment_status: 'paid', sort: 'due_date', direction: 'asc' });
  });
});
