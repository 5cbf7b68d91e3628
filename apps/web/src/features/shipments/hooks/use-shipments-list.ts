import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ShipmentFilters } from '../utils/saved-filters.ts';
import { readSavedPage, readSavedSort, savePage, saveSort, type ShipmentSort } from '../utils/saved-list-position.ts';
import { cursorForStep, homeFilterOf, listQueryOf, pageOf, type PageCursors } from '../utils/shipments-query.ts';
import { useSavedFilters } from './use-saved-filters.ts';

/**
 * The list page's state: the saved filters, the Home filter of the address (`?filter=`), the
 * page and the order, and the query they make. A page belongs to the filters it was reached with:
 * any change of a filter, the Home filter included, or of the order starts again at page 1.
 */
export function useShipmentsList() {
  const [searchParams] = useSearchParams();
  const filter = homeFilterOf(searchParams);
  const { filters, setFilters: saveFilters } = useSavedFilters();
  const [savedPage, setSavedPage] = useState(readSavedPage);
  const [sort, setSortState] = useState(readSavedSort);
  const { page, cursor } = pageOf(savedPage, filter);

  /** To page `next`; from the page at hand's cursors when they are known (a step reads no rows before it). */
  const setPage = (next: number, cursors?: PageCursors) => {
    const value = { page: next, filter, cursor: cursorForStep(page, next, cursors) };
    savePage(value);
    setSavedPage(value);
  };
  const setFilters = (next: ShipmentFilters) => {
    saveFilters(next);
    setPage(1);
  };
  const setSort = (next: ShipmentSort) => {
    saveSort(next);
    setSortState(next);
    setPage(1);
  };

  const query = useMemo(
    () => listQueryOf({ filters, filter, page, cursor, sort }),
    [filters, filter, page, cursor, sort],
  );
  return { filter, filters, setFilters, page, setPage, sort, setSort, query };
}
