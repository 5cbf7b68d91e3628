import { useMemo, useState } from 'react';
import {
  readBillingList,
  saveBillingList,
  filterQueryOf,
  type BillingFilters,
  type BillingListState,
  type InvoiceSort,
} from '../utils/saved-billing-list.ts';

/**
 * The billing list's filters, order and page, kept in session storage like the shipments list's,
 * so returning from an invoice finds the same page. Any change of a filter or of the order
 * starts again at page 1 (spec section 4).
 */
export function useBillingList() {
  const [state, setState] = useState<BillingListState>(readBillingList);
  const update = (next: BillingListState) => {
    saveBillingList(next);
    setState(next);
  };
  const setFilters = (filters: BillingFilters) => update({ ...state, filters, page: 1 });
  const setSort = (sort: InvoiceSort) => update({ ...state, sort, page: 1 });
  const setPage = (page: number) => update({ ...state, page });

  const filterQuery = useMemo(() => filterQueryOf(state), [state]);
  const query = useMemo(() => ({ ...filterQuery, page: state.page }), [filterQuery, state.page]);
  return { ...state, setFilters, setSort, setPage, filterQuery, query };
}
