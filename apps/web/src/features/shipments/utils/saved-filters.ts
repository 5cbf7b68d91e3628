import { formatISO } from 'date-fns';
import { SESSION_STORAGE_KEYS } from '@clearport/contract/constants';
import { CBP_PORTS, ENTRY_TYPES, type EntryType } from '@clearport/contract/customs-entry';
import { dateRangeFor } from '@clearport/contract/shipments';
import { DATE_FILTER_OPTIONS, STATUS_FILTER_OPTIONS, type DateFilterCode } from '@clearport/contract/statuses';
import { readTabItem, writeTabItem } from '../../../lib/tab-storage.ts';
import { resetSavedPage } from './saved-list-position.ts';

/**
 * The search, status, account and date filters the shipments list and Home share, kept in
 * session storage under the spec's keys (section 9) so they last while the tab is open, and
 * the list's own customs entry filters beside them.
 */

/** An ETA range as ISO 8601 texts with the user's offset, as the contract asks. */
export type DateRange = { from: string; to: string };

export type ShipmentFilters = {
  /** The search box's text (globalFilter). */
  search: string;
  /** A stored status of STATUS_FILTER_OPTIONS, '' for All Shipments (statusFilter). */
  status: string;
  /** One of the user's account numbers, '' for All Shipments (accountFilter). */
  account: string;
  /** The date option's code, 0 for All (dateFilterOption). */
  dateOption: DateFilterCode;
  /** The range computed when the option was chosen, null for All (dateFilter). */
  dateRange: DateRange | null;
  /** The list's customs entry filters (not Home's): a port code of CBP_PORTS, '' for All ports. */
  port: string;
  /** An entry type code of ENTRY_TYPES, '' for All entry types. */
  entryType: EntryType | '';
  isAgencyHold: boolean;
};

export const NO_FILTERS: ShipmentFilters = {
  search: '',
  status: '',
  account: '',
  dateOption: 0,
  dateRange: null,
  port: '',
  entryType: '',
  isAgencyHold: false,
};

const KEYS = SESSION_STORAGE_KEYS;
/** The entry filters are not the spec's, so they are kept under keys of their own. */
const ENTRY_KEYS = { port: 'entryPortFilter', entryType: 'entryTypeFilter', agencyHold: 'agencyHoldFilter' } as const;
const FILTER_KEYS = [
  KEYS.globalFilter,
  KEYS.statusFilter,
  KEYS.accountFilter,
  KEYS.dateFilter,
  KEYS.dateFilterOption,
  ...Object.values(ENTRY_KEYS),
];

const isStatusOption = (value: string) => STATUS_FILTER_OPTIONS.some((option) => option.value === value);
const isPortCode = (value: string) => Object.hasOwn(CBP_PORTS, value);
const isEntryType = (value: string): value is EntryType => Object.hasOwn(ENTRY_TYPES, value);
const isDateCode = (value: number): value is DateFilterCode =>
  DATE_FILTER_OPTIONS.some((option) => option.code === value);

function readDateRange(text: string | null): DateRange | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { from, to } = parsed as Record<string, unknown>;
    return typeof from === 'string' && typeof to === 'string' ? { from, to } : null;
  } catch {
    return null;
  }
}

/** The saved filters; anything unreadable counts as no filter. */
export function readSavedFilters(): ShipmentFilters {
  const status = readTabItem(KEYS.statusFilter) ?? '';
  const dateCode = Number(readTabItem(KEYS.dateFilterOption) ?? 0);
  const dateRange = readDateRange(readTabItem(KEYS.dateFilter));
  const port = readTabItem(ENTRY_KEYS.port) ?? '';
  const entryType = readTabItem(ENTRY_KEYS.entryType) ?? '';
  const hasDate = isDateCode(dateCode) && dateCode !== 0 && dateRange !== null;
  return {
    search: readTabItem(KEYS.globalFilter) ?? '',
    status: isStatusOption(status) ? status : '',
    account: readTabItem(KEYS.accountFilter) ?? '',
    dateOption: hasDate ? dateCode : 0,
    dateRange: hasDate ? dateRange : null,
    port: isPortCode(port) ? port : '',
    entryType: isEntryType(entryType) ? entryType : '',
    isAgencyHold: readTabItem(ENTRY_KEYS.agencyHold) === '1',
  };
}

export function saveFilters(filters: ShipmentFilters): void {
  writeTabItem(KEYS.globalFilter, filters.search);
  writeTabItem(KEYS.statusFilter, filters.status);
  writeTabItem(KEYS.accountFilter, filters.account);
  writeTabItem(KEYS.dateFilterOption, filters.dateOption === 0 ? '' : String(filters.dateOption));
  writeTabItem(KEYS.dateFilter, filters.dateRange ? JSON.stringify(filters.dateRange) : '');
  writeTabItem(ENTRY_KEYS.port, filters.port);
  writeTabItem(ENTRY_KEYS.entryType, filters.entryType);
  writeTabItem(ENTRY_KEYS.agencyHold, filters.isAgencyHold ? '1' : '');
}

/**
 * Forgets the saved filters, and the list's saved page when there was a filter (the list goes
 * back to page 1 when a filter changes). True when there was one to forget.
 */
export function clearSavedFilters(): boolean {
  const hadFilter = FILTER_KEYS.some((key) => readTabItem(key) !== null);
  for (const key of FILTER_KEYS) writeTabItem(key, '');
  if (hadFilter) resetSavedPage();
  return hadFilter;
}

/** The date option with its ETA range computed for `now` (spec section 9). */
export function dateFilterFor(code: DateFilterCode, now: Date): Pick<ShipmentFilters, 'dateOption' | 'dateRange'> {
  const range = dateRangeFor(code, now);
  return {
    dateOption: code,
    dateRange: range && { from: formatISO(range.from), to: formatISO(range.to) },
  };
}
