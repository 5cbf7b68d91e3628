import { SHIPMENTS_PAGE_SIZE } from '@clearport/contract/constants';
import type { HomeFilter, HomeShipmentsQuery, ShipmentsListQuery } from '@clearport/contract/shipments';
import type { ShipmentFilters } from './saved-filters.ts';
import type { ShipmentSort } from './saved-list-position.ts';

/** The filters as the list's query carries them; a shipment opened from the list receives them too. */
export type ShipmentFilterParams = Pick<
  ShipmentsListQuery,
  'filter' | 'status' | 'search' | 'account_no' | 'date_from' | 'date_to'
>;

/**
 * The chosen status travels in `status` and the search text in `search`, so the two combine (the
 * server also reads search text in `status`, as the spec sends it). Empty filters are left out.
 */
export function filterParamsOf(filters: ShipmentFilters, filter?: HomeFilter): ShipmentFilterParams {
  return {
    filter,
    status: filters.status || undefined,
    search: filters.search.trim() || undefined,
    account_no: filters.account || undefined,
    date_from: filters.dateRange?.from,
    date_to: filters.dateRange?.to,
  };
}

export function homeQueryOf(filters: ShipmentFilters): HomeShipmentsQuery {
  const { filter: _none, ...params } = filterParamsOf(filters);
  return { source: 'home', ...params };
}

type ListState = {
  filters: ShipmentFilters;
  filter: HomeFilter | undefined;
  page: number;
  sort: ShipmentSort;
};

export function listQueryOf({ filters, filter, page, sort }: ListState): ShipmentsListQuery {
  return {
    page,
    per_page: SHIPMENTS_PAGE_SIZE,
    ...filterParamsOf(filters, filter),
    sort: sort.field,
    direction: sort.direction,
  };
}
