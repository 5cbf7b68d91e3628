import { parseDateTimeText, type ShipmentListItem } from '@clearport/contract/shipments';
import type { ShipmentFilterParams } from './shipments-query.ts';

/**
 * What an Entry Number link hands the shipment page (router state): the ids of the rows shown,
 * sorted by ETA, for its previous and next buttons, and the filters they were found with.
 */
export type ShipmentLinkState = {
  ids: number[];
  filters: ShipmentFilterParams;
};

/** The ids by ETA, earliest first; unknown ETAs last; equal ETAs by id. */
export function idsByEta(rows: readonly ShipmentListItem[]): number[] {
  const time = (row: ShipmentListItem) => parseDateTimeText(row.est_time_arrive)?.getTime() ?? Infinity;
  return rows
    .map((row) => ({ id: row.id, time: time(row) }))
    .sort((a, b) => (a.time === b.time ? a.id - b.id : a.time < b.time ? -1 : 1))
    .map((row) => row.id);
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
  const { ids, filters } = state as Record<string, unknown>;
  if (!isIdList(ids)) return null;
  return { ids, filters: typeof filters === 'object' && filters !== null ? (filters as ShipmentFilterParams) : {} };
}

export type AdjacentShipments = {
  previousId: number;
  nextId: number;
  /** 1-based place of the shipment among `ids`. */
  position: number;
  count: number;
};

/**
 * The shipments before and after `id` in the list it was opened from, wrapping around at both
 * ends (spec section 2). Null when there is no other shipment to go to, or `id` is not in the list.
 */
export function adjacentShipments(ids: readonly number[], id: number): AdjacentShipments | null {
  const unique = [...new Set(ids)];
  const index = unique.indexOf(id);
  if (index === -1 || unique.length < 2) return null;
  const count = unique.length;
  return {
    previousId: unique[(index - 1 + count) % count]!,
    nextId: unique[(index + 1) % count]!,
    position: index + 1,
    count,
  };
}
