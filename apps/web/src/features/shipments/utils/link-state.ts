import { ShipmentsListQuery, type ShipmentListItem } from '@clearport/contract/shipments';
import type { PageCursors, ShipmentFilterParams } from './shipments-query.ts';

/** The list page a shipment was opened from: its query, how far the whole list goes, and its places. */
export type ListPage = {
  query: ShipmentsListQuery;
  total: number;
  lastPage: number;
  cursors?: PageCursors;
};

/**
 * What an Entry Number link hands the shipment page (router state): the ids of the rows shown,
 * in the order shown, for its previous and next buttons, and the filters they were found with.
 * From the paged list it also carries the page, so the buttons go on across pages; Home's rows
 * are its whole list.
 */
export type ShipmentLinkState = {
  ids: number[];
  filters: ShipmentFilterParams;
  list?: ListPage;
};

/** The ids of the rows, in the order the table shows them. */
export function idsOf(rows: readonly Pick<ShipmentListItem, 'id'>[]): number[] {
  return rows.map((row) => row.id);
}

function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}

const cursorOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

function cursorsOf(value: unknown): PageCursors | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { before, after } = value as Record<string, unknown>;
  return { before: cursorOrNull(before), after: cursorOrNull(after) };
}

function listPageOf(value: unknown): ListPage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { query, total, lastPage, cursors } = value as Record<string, unknown>;
  const parsed = ShipmentsListQuery.safeParse(query);
  if (!parsed.success || !isCount(total) || !isCount(lastPage) || lastPage < 1) return undefined;
  return { query: parsed.data, total, lastPage, cursors: cursorsOf(cursors) };
}

function isIdList(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((id) => Number.isInteger(id) && id > 0);
}

/**
 * The link state a shipment page was opened with, or null: history keeps it across reloads and
 * it may come from an older version of the page, so nothing in it is taken on trust.
 */
export function readLinkState(state: unknown): ShipmentLinkState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { ids, filters, list } = state as Record<string, unknown>;
  if (!isIdList(ids)) return null;
  const listPage = listPageOf(list);
  return {
    ids,
    filters: typeof filters === 'object' && filters !== null ? (filters as ShipmentFilterParams) : {},
    ...(listPage ? { list: listPage } : {}),
  };
}

/** Where a previous or next button goes: a row of the page at hand, or one end of another page. */
export type ShipmentStep = { id: number } | { page: number; end: 'first' | 'last' };

export type AdjacentShipments = {
  previous: ShipmentStep;
  next: ShipmentStep;
  /** 1-based place of the shipment in the whole list. */
  position: number;
  count: number;
};

/**
 * The steps before and after `id` in the list it was opened from, in the order the list shows,
 * across its pages and wrapping around at both ends (spec section 2). Null when there is no
 * other shipment to go to, or `id` is not on the page.
 */
export function adjacentShipments(state: ShipmentLinkState, id: number): AdjacentShipments | null {
  const ids = [...new Set(state.ids)];
  const index = ids.indexOf(id);
  if (index === -1) return null;
  const page = state.list?.query.page ?? 1;
  const lastPage = state.list?.lastPage ?? 1;
  const offset = state.list ? (page - 1) * state.list.query.per_page : 0;
  const count = Math.max(state.list?.total ?? 0, offset + ids.length);
  if (count < 2) return null;
  const isOnePage = lastPage === 1;
  const previous: ShipmentStep =
    index > 0
      ? { id: ids[index - 1]! }
      : isOnePage
        ? { id: ids.at(-1)! }
        : { page: page > 1 ? page - 1 : lastPage, end: 'last' };
  const next: ShipmentStep =
    index < ids.length - 1
      ? { id: ids[index + 1]! }
      : isOnePage
        ? { id: ids[0]! }
        : { page: page < lastPage ? page + 1 : 1, end: 'first' };
  return { previous, next, position: offset + index + 1, count };
}
