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
