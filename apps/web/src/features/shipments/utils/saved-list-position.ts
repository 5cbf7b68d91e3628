import { SESSION_STORAGE_KEYS } from '@clearport/contract/constants';
import {
  BoxFilter,
  SHIPMENT_SORT_FIELDS,
  ShipmentsListQuery,
  type ShipmentSortField,
} from '@clearport/contract/shipments';
import {
  readListPage,
  readListSort,
  resetListPage,
  saveListPage,
  saveListSort,
  type ListSort,
  type PageCursor,
} from '../../../components/ui/list-state.ts';
import { readTabItem, writeTabItem } from '../../../lib/tab-storage.ts';

/**
 * Where the user is in the shipments list: the page and, beyond the spec's keys, the order and
 * the Home filter the page belongs to. Kept in session storage, so that coming back from a
 * shipment shows the same rows, scrolled where they were.
 */

export type ShipmentSort = ListSort<ShipmentSortField>;

const CONTRACT_DEFAULTS = ShipmentsListQuery.parse({});
/** The server's order when none is asked for: by ETA, latest first. */
export const DEFAULT_SORT: ShipmentSort = { field: CONTRACT_DEFAULTS.sort, direction: CONTRACT_DEFAULTS.direction };

const KEYS = SESSION_STORAGE_KEYS;

/** The page under the spec's key, and the web client's own keys beside it. */
const PAGE_KEYS = {
  page: KEYS.shipmentsPage,
  /** The place the saved page was read from (PageCursor, as JSON), so that coming back reads it the same way. */
  cursor: 'shipmentsPageCursor',
  /** The Home filter (`?filter=`) the saved page belongs to: another filter starts at page 1. */
  scope: 'shipmentsPageFilter',
};
const SORT_KEY = 'shipmentsSort';

export type SavedPage = { page: number; filter: BoxFilter | undefined; cursor?: PageCursor | undefined };

export function readSavedPage(): SavedPage {
  const { page, cursor, scope } = readListPage(PAGE_KEYS);
  return { page, filter: BoxFilter.safeParse(scope).data, cursor };
}

export function savePage({ page, filter, cursor }: SavedPage): void {
  saveListPage(PAGE_KEYS, { page, cursor, scope: filter });
}

/** Back to page 1 of the list, as after any change of the filters. */
export function resetSavedPage(): void {
  resetListPage(PAGE_KEYS);
}

export function readSavedSort(): ShipmentSort {
  return readListSort(SORT_KEY, SHIPMENT_SORT_FIELDS, DEFAULT_SORT);
}

export function saveSort(sort: ShipmentSort): void {
  saveListSort(SORT_KEY, sort, DEFAULT_SORT);
}

/** The list's scroll position and the shipment opened from it, until the list is back. */
export type ReturnPoint = { scrollY: number; shipmentId: number };

export function readReturnPoint(): ReturnPoint | null {
  const scrollY = Number(readTabItem(KEYS.shipmentsScroll));
  const shipmentId = Number(readTabItem(KEYS.lastClickedShipmentId));
  if (!Number.isInteger(shipmentId) || shipmentId <= 0) return null;
  return { scrollY: Number.isFinite(scrollY) && scrollY > 0 ? scrollY : 0, shipmentId };
}

export function saveReturnPoint({ scrollY, shipmentId }: ReturnPoint): void {
  writeTabItem(KEYS.shipmentsScroll, String(Math.round(scrollY)));
  writeTabItem(KEYS.lastClickedShipmentId, String(shipmentId));
}

export function clearReturnPoint(): void {
  writeTabItem(KEYS.shipmentsScroll, '');
  writeTabItem(KEYS.lastClickedShipmentId, '');
}
