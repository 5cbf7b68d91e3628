import { SHIPMENTS_PAGE_SIZE } from '@clearport/contract/constants';
import {
  AWAITING_APPROVAL_BOX,
  BoxFilter,
  POSSIBLE_CHARGES_BOX,
  type HomeShipmentsQuery,
  type ShipmentsListQuery,
  type ShipmentsListResponse,
} from '@clearport/contract/shipments';
import { cursorForStep, type PageCursor } from '../../../components/ui/list-state.ts';
import { SHIPMENTS_FILTER_PARAM } from '../../../config/paths.ts';
import { readSavedFilters, type ShipmentFilters } from './saved-filters.ts';
import { readSavedPage, readSavedSort, type SavedPage, type ShipmentSort } from './saved-list-position.ts';

/** The filters as the list's query carries them; a shipment opened from the list receives them too. */
export type ShipmentFilterParams = Pick<
  ShipmentsListQuery,
  | 'filter'
  | 'status'
  | 'search'
  | 'account_no'
  | 'date_from'
  | 'date_to'
  | 'port'
  | 'entry_type'
  | 'agency_hold'
  | 'approval'
  | 'charges'
>;

/**
 * The chosen status travels in `status` and the search text in `search`, so the two combine (the
 * server also reads search text in `status`, as the spec sends it). Empty filters are left out.
 */
export function filterParamsOf(filters: ShipmentFilters, filter?: BoxFilter): ShipmentFilterParams {
  const isApprovalBox = filter === AWAITING_APPROVAL_BOX;
  const isChargesBox = filter === POSSIBLE_CHARGES_BOX;
  return {
    filter: isApprovalBox || isChargesBox ? undefined : filter,
    status: filters.status || undefined,
    search: filters.search.trim() || undefined,
    account_no: filters.account || undefined,
    date_from: filters.dateRange?.from,
    date_to: filters.dateRange?.to,
    port: filters.port || undefined,
    entry_type: filters.entryType || undefined,
    agency_hold: filters.isAgencyHold ? '1' : undefined,
    approval: isApprovalBox ? 'awaiting' : undefined,
    charges: isChargesBox ? 'possible' : undefined,
  };
}

/** Home has no entry filters: it reads, and hands its rows' links, the filters the spec gives it. */
export function homeFilterParamsOf(filters: ShipmentFilters): ShipmentFilterParams {
  const {
    port: _port,
    entry_type: _type,
    agency_hold: _hold,
    approval: _approval,
    charges: _charges,
    ...params
  } = filterParamsOf(filters);
  return params;
}

export function homeQueryOf(filters: ShipmentFilters): HomeShipmentsQuery {
  const { filter: _none, ...params } = homeFilterParamsOf(filters);
  return { source: 'home', ...params };
}

type ListState = {
  filters: ShipmentFilters;
  filter: BoxFilter | undefined;
  page: number;
  cursor?: PageCursor | undefined;
  sort: ShipmentSort;
};

export function listQueryOf({ filters, filter, page, cursor, sort }: ListState): ShipmentsListQuery {
  return {
    page,
    per_page: SHIPMENTS_PAGE_SIZE,
    ...filterParamsOf(filters, filter),
    sort: sort.field,
    direction: sort.direction,
    ...cursor,
  };
}

/** The page's first and last places, as a list reply gives them (`pagination.cursors`). */
export type PageCursors = ShipmentsListResponse['pagination']['cursors'];

/** The query of page `page` of the same list, stepping from the cursors of the page `query` read. */
export function stepQueryOf(query: ShipmentsListQuery, page: number, cursors?: PageCursors): ShipmentsListQuery {
  const { after: _after, before: _before, ...rest } = query;
  return { ...rest, page, ...cursorForStep(query.page, page, cursors) };
}

/** The Home box filter an address names (`?filter=`), if it names one. */
export function homeFilterOf(searchParams: URLSearchParams): BoxFilter | undefined {
  return BoxFilter.safeParse(searchParams.get(SHIPMENTS_FILTER_PARAM)).data;
}

/** The saved page belongs to the Home filter it was reached with; any other starts at page 1. */
export function pageOf(savedPage: SavedPage, filter: BoxFilter | undefined): Pick<SavedPage, 'page' | 'cursor'> {
  return savedPage.filter === filter ? { page: savedPage.page, cursor: savedPage.cursor } : { page: 1 };
}

/** The query the list opens with at an address: the saved filters, page and order (useShipmentsList's first state). */
export function openingListQuery(searchParams: URLSearchParams): ShipmentsListQuery {
  const filter = homeFilterOf(searchParams);
  return listQueryOf({
    filters: readSavedFilters(),
    filter,
    ...pageOf(readSavedPage(), filter),
    sort: readSavedSort(),
  });
}
