import {
  BILLING_SESSION_STORAGE_KEYS as KEYS,
  InvoiceSortField,
  PaymentStatus,
  type InvoicesQuery,
} from '@clearport/contract/invoices';
import {
  readListPage,
  readListSort,
  saveListPage,
  saveListSort,
  type ListSort,
  type ListState,
  type ListStore,
} from '../../../components/ui/list-state.ts';
import { readTabItem, writeTabItem } from '../../../lib/tab-storage.ts';

export type InvoiceSort = ListSort<InvoiceSortField>;
export type BillingFilters = { search: string; account: string; paymentStatus: PaymentStatus | '' };
export type BillingListState = ListState<BillingFilters, InvoiceSort>;

export const DEFAULT_INVOICE_SORT: InvoiceSort = { field: 'created_at', direction: 'desc' };

const PAGE_KEYS = { page: KEYS.page };

/** The list as it was left in this tab; anything unreadable is its default. */
export function readBillingList(): BillingListState {
  return {
    filters: {
      search: readTabItem(KEYS.search) ?? '',
      account: readTabItem(KEYS.account) ?? '',
      paymentStatus: PaymentStatus.safeParse(readTabItem(KEYS.paymentStatus)).data ?? '',
    },
    sort: readListSort(KEYS.sort, InvoiceSortField.options, DEFAULT_INVOICE_SORT),
    ...readListPage(PAGE_KEYS),
  };
}

export function saveBillingList({ filters, sort, page }: BillingListState): void {
  writeTabItem(KEYS.search, filters.search);
  writeTabItem(KEYS.account, filters.account);
  writeTabItem(KEYS.paymentStatus, filters.paymentStatus);
  saveListSort(KEYS.sort, sort, DEFAULT_INVOICE_SORT);
  saveListPage(PAGE_KEYS, { page });
}

/**
 * The billing list's filters, order and page, kept in session storage like the shipments list's,
 * so returning from an invoice finds the same page.
 */
export const BILLING_LIST: ListStore<BillingFilters, InvoiceSort> = { read: readBillingList, save: saveBillingList };

/** The filters and order as the API's query (the CSV takes the same, without the page). */
export function filterQueryOf({ filters, sort }: Pick<BillingListState, 'filters' | 'sort'>) {
  return {
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.account ? { account_no: filters.account } : {}),
    ...(filters.paymentStatus ? { payment_status: filters.paymentStatus } : {}),
    sort: sort.field,
    direction: sort.direction,
  } satisfies Partial<InvoicesQuery>;
}

/** The filters an address asks for (`?account=` and `?payment_status=`), if it asks for any. */
export function billingFiltersOf(searchParams: URLSearchParams): Partial<BillingFilters> | undefined {
  const account = searchParams.get('account') ?? undefined;
  const status = PaymentStatus.safeParse(searchParams.get('payment_status')).data;
  if (account === undefined && status === undefined) return undefined;
  return { ...(account === undefined ? {} : { account }), ...(status === undefined ? {} : { paymentStatus: status }) };
}
