import { useEffect, useEffectEvent, useId, useState, type ReactNode } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@clearport/contract/constants';
import { TEXTS } from '@clearport/contract/texts';
import styles from './list-filter-bar.module.css';

type ListFilterBarProps = {
  /** Names the search landmark ("Shipment filters"). */
  label: string;
  /** The search box's label, read by assistive technology ("Search shipments"); without it, no search box. */
  searchLabel?: string;
  /** The search as applied. */
  search?: string;
  /** Receives the typed search SEARCH_DEBOUNCE_MS after the last key (spec section 9). */
  onSearchChange?: (search: string) => void;
  /** The list's other filters, each applied as it is chosen. */
  children?: ReactNode;
  /** What follows the filters at the end of the bar (the users list's Add User). */
  actions?: ReactNode;
};

/**
 * The widths of a filter bar's lists (`SelectField`'s `className`): a list keeps its width whatever is
 * chosen, so that a long port or entry type does not push the filters after it; a phone gives each the
 * whole width.
 */
export const FILTER_WIDTHS = { normal: styles.filter!, wide: styles.wideFilter! } as const;

/**
 * A list's filter bar: the search box with the placeholder Search, applied once typing pauses,
 * then the list's own filters. A search changed from outside (filters cleared) shows in the box.
 */
export function ListFilterBar({
  label,
  searchLabel,
  search = '',
  onSearchChange,
  children,
  actions,
}: ListFilterBarProps) {
  const searchId = useId();
  const [searchText, setSearchText] = useState(search);
  const [appliedSearch, setAppliedSearch] = useState(search);
  if (search !== appliedSearch) {
    setAppliedSearch(search);
    setSearchText(search);
  }

  const applySearch = useEffectEvent((text: string) => onSearchChange?.(text));
  useEffect(() => {
    if (searchText === appliedSearch) return;
    const timer = window.setTimeout(() => applySearch(searchText), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, appliedSearch]);

  return (
    <div role="search" aria-label={label} className={styles.bar}>
      {searchLabel !== undefined && (
        <div className={styles.searchField}>
          <label htmlFor={searchId} className="visually-hidden">
            {searchLabel}
          </label>
          <input
            id={searchId}
            type="search"
            className={styles.search}
            placeholder={TEXTS.searchPlaceholder}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      )}
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
