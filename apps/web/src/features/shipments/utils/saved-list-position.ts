import { SESSION_STORAGE_KEYS } from '@clearport/contract/constants';
import type { SortDirection } from '@clearport/contract/http';
import {
  HomeFilter,
  SHIPMENT_SORT_FIELDS,
  ShipmentsListQuery,
  type ShipmentSortField,
} from '@clearport/contract/shipments';
import { sessionStore, setOrRemove } from './session-store.ts';

/**
 * Where the user is in the shipments list: the page and, beyond the spec's keys, the order and
 * the Home filter the page belongs to. Kept in session storage, so that coming back from a
 * shipment shows the same rows, scrolled where they were.
 */

export type ShipmentSort = { field: ShipmentSortField; direction: SortDirection };

const CONTRACT_DEFAULTS = ShipmentsListQuery.parse({});
/** The server's order when none is asked for: by ETA, latest first. */
export const DEFAULT_SORT: ShipmentSort = { field: CONTRACT_DEFAULTS.sort, direction: CONTRACT_DEFAULTS.direction };

/** The web client's own keys, next to the spec's SESSION_STORAGE_KEYS. */
const LIST_KEYS = {
  /** The Home filter (`?filter=`) the saved page belongs to: another filter starts at page 1. */
  pageFilter: 'shipmentsPageFilter',
  /** The place the saved page was read from (PageCursor, as JSON), so that coming back reads it the same way. */
  pageCursor: 'shipmentsPageCursor',
  sort: 'shipmentsSort',
} as const;

const KEYS = SESSION_STORAGE_KEYS;

/**
 * Where a page was read from: the place after the previous page's last row, or before the next
 * page's first one (ShipmentsListQuery's `after` and `before`). Without one, the server counts
 * the rows before the page.
 */
export type PageCursor = { after: string } | { before: string };

export type SavedPage = { page: number; filter: HomeFilter | undefined; cursor?: PageCursor };

function pageCursorOf(text: string | null | undefined): PageCursor | undefined {
  try {
    const value: unknown = JSON.parse(text ?? '');
    if (typeof value !== 'object' || value === null) return undefined;
    const { after, before } = value as Record<string, unknown>;
    if (typeof after === 'string') return { after };
    if (typeof before === 'string') return { before };
  } catch {
    // Nothing saved, or not by this version: the page is counted.
  }
  return undefined;
}

export function readSavedPage(): SavedPage {
  const store = sessionStore();
  const page = Number(store?.getItem(KEYS.shipmentsPage));
  const isPage = Number.isInteger(page) && page > 0;
  return {
    page: isPage ? page : 1,
    filter: HomeFilter.safeParse(store?.getItem(LIST_KEYS.pageFilter)).data,
    cursor: isPage ? pageCursorOf(store?.getItem(LIST_KEYS.pageCursor)) : undefined,
  };
}

export function savePage({ page, filter, cursor }: SavedPage): void {
  setOrRemove(KEYS.shipmentsPage, String(page));
  setOrRemove(LIST_KEYS.pageFilter, filter ?? '');
  setOrRemove(LIST_KEYS.pageCursor, cursor ? JSON.stringify(cursor) : '');
}

export function readSavedSort(): ShipmentSort {
  const [field, direction] = (sessionStore()?.getItem(LIST_KEYS.sort) ?? '').split(' ');
  const isField = SHIPMENT_SORT_FIELDS.some((each) => each === field);
  return isField && (direction === 'asc' || direction === 'desc')
    ? { field: field as ShipmentSortField, direction }
    : DEFAULT_SORT;
}

export function saveSort(sort: ShipmentSort): void {
  setOrRemove(LIST_KEYS.sort, `${sort.field} ${sort.direction}`);
}

/** The list's scroll position and the shipment opened from it, until the list is back. */
export type ReturnPoint = { scrollY: number; shipmentId: number };

export function readReturnPoint(): ReturnPoint | null {
  const store = sessionStore();
  const scrollY = Number(store?.getItem(KEYS.shipmentsScroll));
  const shipmentId = Number(store?.getItem(KEYS.lastClickedShipmentId));
  if (!Number.isInteger(shipmentId) || shipmentId <= 0) return null;
  return { scrollY: Number.isFinite(scrollY) && scrollY > 0 ? scrollY : 0, shipmentId };
}

export function saveReturnPoint({ scrollY, shipmentId }: ReturnPoint): void {
  setOrRemove(KEYS.shipmentsScroll, String(Math.round(scrollY)));
  setOrRemove(KEYS.lastClickedShipmentId, String(shipmentId));
}

export function clearReturnPoint(): void {
  setOrRemove(KEYS.shipmentsScroll, '');
  setOrRemove(KEYS.lastClickedShipmentId, '');
}

/** Back to page 1 of the list, as after any change of the filters. */
export function resetSavedPage(): void {
  setOrRemove(KEYS.shipmentsPage, '');
  setOrRemove(LIST_KEYS.pageCursor, '');
}
