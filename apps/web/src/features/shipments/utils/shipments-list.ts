import { BoxFilter } from '@clearport/contract/shipments';
import type { ListStore } from '../../../components/ui/list-state.ts';
import { clearSavedFilters, readSavedFilters, saveFilters, type ShipmentFilters } from './saved-filters.ts';
import { readSavedPage, readSavedSort, savePage, saveSort, type ShipmentSort } from './saved-list-position.ts';

/**
 * The shipments list's state in the tab: the filters it shares with Home under the spec's keys,
 * the page with the Home filter it belongs to (its scope) and the place it was read from, and
 * the order.
 */
export const SHIPMENTS_LIST: ListStore<ShipmentFilters, ShipmentSort> = {
  read: () => {
    const { page, filter, cursor } = readSavedPage();
    return { filters: readSavedFilters(), sort: readSavedSort(), page, cursor, scope: filter };
  },
  save: ({ filters, sort, page, cursor, scope }) => {
    saveFilters(filters);
    saveSort(sort);
    savePage({ page, cursor, filter: BoxFilter.safeParse(scope).data });
  },
  clearFilters: clearSavedFilters,
};
