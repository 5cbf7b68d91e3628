import { DATE_FILTER_OPTIONS, STATUS_FILTER_OPTIONS, type DateFilterCode } from '@clearport/contract/statuses';
import { ListFilterBar } from '../../../components/ui/list-filter-bar.tsx';
import { SelectField, type SelectOption } from '../../../components/ui/select-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { dateFilterFor, type ShipmentFilters } from '../utils/saved-filters.ts';

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
  const accountOptions = [ALL_ACCOUNTS, ...accounts.map((account) => ({ label: account, value: account }))];
  return (
    <ListFilterBar
      label={WEB_TEXTS.shipments.shipmentsFilters}
      searchLabel={WEB_TEXTS.shipments.searchLabel}
      search={filters.search}
      onSearchChange={(search) => onChange({ ...filters, search })}
    >
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
    </ListFilterBar>
  );
}
