import { SortDirection } from '@clearport/contract/http';
import {
  BILLING_SESSION_STORAGE_KEYS as KEYS,
  InvoiceSortField,
  PaymentStatus,
  type InvoicesQuery,
} from '@clearport/contract/invoices';

export type InvoiceSort = { field: InvoiceSortField; direction: SortDirection };
export type BillingFilters = { search: string; account: string; paymentStatus: PaymentStatus | '' };
export type BillingListState = { filters: BillingFilters; sort: InvoiceSort; page: number };

export const DEFAULT_INVOICE_SORT: InvoiceSort = { field: 'created_at', direction: 'desc' };
export const NO_BILLING_FILTERS: BillingFilters = { search: '', account: '', paymentStatus: '' };

/** Session storage, or null where the browser refuses it: nothing is kept then. */
function store(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function read(key: string): string {
  try {
    return store()?.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function write(key: string, value: string): void {
  try {
    if (value === '') store()?.removeItem(key);
    else store()?.setItem(key, value);
  } catch {
    // A full or refused storage keeps nothing: the list still works, only forgets on return.
  }
}

/** The list as it was left in this tab; anything unreadable is its default. */
export function readBillingList(): BillingListState {
  const page = Number(read(KEYS.page));
  let sort = DEFAULT_INVOICE_SORT;
  try {
    const saved = JSON.parse(read(KEYS.sort) || 'null') as { field?: unknown; direction?: unknown } | null;
    const field = InvoiceSortField.safeParse(saved?.field);
    const direction = SortDirection.safeParse(saved?.direction);
    if (field.success && direction.success) sort = { field: field.data, direction: direction.data };
  } catch {
    // Not JSON: the default order.
  }
  return {
    filters: {
      search: read(KEYS.search),
      account: read(KEYS.account),
      paymentStatus: PaymentStatus.safeParse(read(KEYS.paymentStatus)).data ?? '',
    },
    sort,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function saveBillingList({ filters, sort, page }: BillingListState): void {
  write(KEYS.search, filters.search);
  write(KEYS.account, filters.account);
  write(KEYS.paymentStatus, filters.paymentStatus);
  write(KEYS.sort, sort === DEFAULT_INVOICE_SORT ? '' : JSON.stringify(sort));
  write(KEYS.page, page === 1 ? '' : String(page));
}

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
