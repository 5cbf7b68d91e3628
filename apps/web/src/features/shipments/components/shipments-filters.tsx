import { useEffect, useEffectEvent, useId, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@clearport/contract/constants';
import { DATE_FILTER_OPTIONS, STATUS_FILTER_OPTIONS, type DateFilterCode } from '@clearport/contract/statuses';
import { SelectField, type SelectOption } from '../../../components/ui/select-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { dateFilterFor, type ShipmentFilters } from '../utils/saved-filters.ts';
import styles from './shipments-filters.module.css';

type ShipmentsFiltersProps = {
  filters: ShipmentFilters;
  /** The user's account numbers. */
  accounts: readonly string[];
  onChange: (filters: ShipmentFilters) => void;
};

const STATUS_OPTIONS: readonly SelectOption<string>[] = STATUS_FILTER_OPTIONS;
const DATE_OPTIONS: readonly SelectOption<DateFilterCode>[] = DATE_FILTER_OPTIONS.map(({ label, code }) => ({
  label,
  value: code,
}));
/** The account filter starts with the status filter's All Shipments (spec section 9). */
const ALL_ACCOUNTS: SelectOption<string> = { label: STATUS_FILTER_OPTIONS[0].label, value: '' };

/** Search, status, account and date (spec section 2); each narrows what the others select. */
export function ShipmentsFilters({ filters, accounts, onChange }: ShipmentsFiltersProps) {
  const searchId = useId();
  const [searchText, setSearchText] = useState(filters.search);
  const [appliedSearch, setAppliedSearch] = useState(filters.search);
  // The search was changed from outside (a status chosen, the filters cleared): show it.
  if (filters.search !== appliedSearch) {
    setAppliedSearch(filters.search);
    setSearchText(filters.search);
  }

  const applySearch = useEffectEvent((search: string) => {
    onChange({ ...filters, search });
  });
  useEffect(() => {
    if (searchText === appliedSearch) return;
    const timer = window.setTimeout(() => applySearch(searchText), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, appliedSearch]);

  const accountOptions = [ALL_ACCOUNTS, ...accounts.map((account) => ({ label: account, value: account }))];

  return (
    <div role="search" className={styles.filters} aria-label={WEB_TEXTS.shipments.shipmentsFilters}>
      <div className={styles.searchField}>
        <label htmlFor={searchId} className="visually-hidden">
          {WEB_TEXTS.shipments.searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.search}
          placeholder={WEB_TEXTS.shipments.searchPlaceholder}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <SelectField
        label={WEB_TEXTS.shipments.statusFilterLabel}
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status })}
      />
      <SelectField
        label={WEB_TEXTS.shipments.accountFilterLabel}
        options={accountOptions}
        value={filters.account}
        onChange={(account) => onChange({ ...filters, account })}
      />
      <SelectField
        label={WEB_TEXTS.shipments.dateFilterLabel}
        options={DATE_OPTIONS}
        value={filters.dateOption}
        onChange={(code) => onChange({ ...filters, ...dateFilterFor(code, new Date()) })}
      />
    </div>
  );
}
