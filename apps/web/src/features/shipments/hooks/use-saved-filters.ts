import { useState } from 'react';
import { clearSavedFilters, readSavedFilters, saveFilters, type ShipmentFilters } from '../utils/saved-filters.ts';
import { resetSavedPage } from '../utils/saved-list-position.ts';

type UseSavedFiltersOptions = {
  /** Start from no filters, forgetting the saved ones (Home after a push navigation). */
  isCleared?: boolean;
};

/**
 * The filters Home and the list share, saved in session storage as they change. Any change sends
 * the list back to page 1 (spec section 4).
 */
export function useSavedFilters({ isCleared = false }: UseSavedFiltersOptions = {}) {
  const [filters, setFiltersState] = useState(() => {
    if (isCleared) clearSavedFilters();
    return readSavedFilters();
  });
  const setFilters = (next: ShipmentFilters) => {
    saveFilters(next);
    resetSavedPage();
    setFiltersState(next);
  };
  return { filters, setFilters };
}
