import { CBP_PORTS, ENTRY_TYPE_CODES, ENTRY_TYPES, portName, type EntryType } from '@clearport/contract/customs-entry';
import { DATE_FILTER_OPTIONS, STATUS_FILTER_OPTIONS, type DateFilterCode } from '@clearport/contract/statuses';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FILTER_WIDTHS, ListFilterBar } from '../../../components/ui/list-filter-bar.tsx';
import { SelectField, type SelectOption } from '../../../components/ui/select-field.tsx';
import { WEB_TEXTS } from '../../../config/texts.ts';
import { dateFilterFor, type ShipmentFilters } from '../utils/saved-filters.ts';

type ShipmentsFiltersProps = {
  filters: ShipmentFilters;
  /** The user's account numbers. */
  accounts: readonly string[];
  onChange: (filters: ShipmentFilters) => void;
  /** The list's customs entry filters after the spec's; Home has none. */
  hasEntryFilters?: boolean;
};

const STATUS_OPTIONS: readonly SelectOption<string>[] = STATUS_FILTER_OPTIONS;
const DATE_OPTIONS: readonly SelectOption<DateFilterCode>[] = DATE_FILTER_OPTIONS.map(({ label, code }) => ({
  label,
  value: code,
}));
/** The account filter starts with the status filter's All Shipments (spec section 9). */
const ALL_ACCOUNTS: SelectOption<string> = { label: STATUS_FILTER_OPTIONS[0].label, value: '' };

const T = WEB_TEXTS.shipments;
const PORT_OPTIONS: readonly SelectOption<string>[] = [
  { label: T.allPorts, value: '' },
  ...Object.keys(CBP_PORTS)
    .sort()
    .map((code) => ({ label: portName(code), value: code })),
];
const ENTRY_TYPE_OPTIONS: readonly SelectOption<EntryType | ''>[] = [
  { label: T.allEntryTypes, value: '' },
  ...ENTRY_TYPE_CODES.map((code) => ({ label: `${code} ${ENTRY_TYPES[code]}`, value: code })),
];

/**
 * Search, status, account and date (spec section 2), and on the list the current customs entry's
 * port, type and any agency hold; each narrows what the others select.
 */
export function ShipmentsFilters({ filters, accounts, onChange, hasEntryFilters = false }: ShipmentsFiltersProps) {
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
        className={FILTER_WIDTHS.wide}
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(status) => onChange({ ...filters, status })}
      />
      <SelectField
        label={WEB_TEXTS.shipments.accountFilterLabel}
        className={FILTER_WIDTHS.normal}
        options={accountOptions}
        value={filters.account}
        onChange={(account) => onChange({ ...filters, account })}
      />
      <SelectField
        label={WEB_TEXTS.shipments.dateFilterLabel}
        className={FILTER_WIDTHS.normal}
        options={DATE_OPTIONS}
        value={filters.dateOption}
        onChange={(code) => onChange({ ...filters, ...dateFilterFor(code, new Date()) })}
      />
      {hasEntryFilters && (
        <>
          <SelectField
            label={T.portFilterLabel}
            className={FILTER_WIDTHS.wide}
            options={PORT_OPTIONS}
            value={filters.port}
            onChange={(port) => onChange({ ...filters, port })}
          />
          <SelectField
            label={T.entryTypeFilterLabel}
            className={FILTER_WIDTHS.wide}
            options={ENTRY_TYPE_OPTIONS}
            value={filters.entryType}
            onChange={(entryType) => onChange({ ...filters, entryType })}
          />
          <Checkbox
            label={T.agencyHoldFilterLabel}
            checked={filters.isAgencyHold}
            onChange={(event) => onChange({ ...filters, isAgencyHold: event.target.checked })}
          />
        </>
      )}
    </ListFilterBar>
  );
}
