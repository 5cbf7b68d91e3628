import { SHIPMENTS_PAGE_SIZE } from '@clearport/contract/constants';
import { HomeFilter, type HomeShipmentsQuery, type ShipmentsListQuery } from '@clearport/contract/shipments';
import { SHIPMENTS_FILTER_PARAM } from '../../../config/paths.ts';
import { readSavedFilters, type ShipmentFilters } from './saved-filters.ts';
import { readSavedPage, readSavedSort, type SavedPage, type ShipmentSort } from './saved-list-position.ts';

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

/** The Home box filter an address names (`?filter=`), if it names one. */
export function homeFilterOf(searchParams: URLSearchParams): HomeFilter | undefined {
  return HomeFilter.safeParse(searchParams.get(SHIPMENTS_FILTER_PARAM)).data;
}

/** The saved page belongs to the Home filter it was reached with; any other starts at page 1. */
export function pageOf(savedPage: SavedPage, filter: HomeFilter | undefined): number {
  return savedPage.filter === filter ? savedPage.page : 1;
}

/** The query the list opens with at an address: the saved filters, page and order (useShipmentsList's first state). */
export function openingListQuery(searchParams: URLSearchParams): ShipmentsListQuery {
  const filter = homeFilterOf(searchParams);
  return listQueryOf({
    filters: readSavedFilters(),
    filter,
    page: pageOf(readSavedPage(), filter),
    sort: readSavedSort(),
  });
}
