import { afterEach, describe, expect, it } from 'vitest';
import { HomeShipmentsQuery, ShipmentsListQuery } from '@clearport/contract/shipments';
import type { PageCursor } from '../../../components/ui/list-state.ts';
import { NO_FILTERS, type ShipmentFilters } from './saved-filters.ts';
import { DEFAULT_SORT, readSavedPage, resetSavedPage, savePage } from './saved-list-position.ts';
import {
  filterParamsOf,
  homeFilterParamsOf,
  homeFilterOf,
  homeQueryOf,
  listQueryOf,
  pageOf,
  stepQueryOf,
} from './shipments-query.ts';

const RANGE = { from: '2026-11-01T00:00:00-05:00', to: '2026-11-30T23:59:59-05:00' };
const filters = (changes: Partial<ShipmentFilters>): ShipmentFilters => ({ ...NO_FILTERS, ...changes });

describe('filterParamsOf', () => {
  it('sends nothing without filters', () => {
    expect(filterParamsOf(NO_FILTERS)).toEqual({
      filter: undefined,
      status: undefined,
      search: undefined,
      account_no: undefined,
      date_from: undefined,
      date_to: undefined,
      port: undefined,
      entry_type: undefined,
      agency_hold: undefined,
    });
  });

  it('sends the entry filters to the list, never to Home', () => {
    const chosen = filters({ port: '4601', entryType: '21', isAgencyHold: true, status: 'released' });
    expect(filterParamsOf(chosen)).toMatchObject({ port: '4601', entry_type: '21', agency_hold: '1' });
    expect(homeFilterParamsOf(chosen)).not.toHaveProperty('port');
    expect(homeFilterParamsOf(chosen)).not.toHaveProperty('agency_hold');
    const home = homeQueryOf(chosen);
    expect(home).toEqual({
      source: 'home',
      status: 'released',
      search: undefined,
      account_no: undefined,
      date_from: undefined,
      date_to: undefined,
    });
    expect(HomeShipmentsQuery.parse(home)).toEqual({ source: 'home', status: 'released' });
    const list = listQueryOf({ filters: chosen, filter: undefined, page: 1, sort: DEFAULT_SORT });
    expect(ShipmentsListQuery.parse(list)).toMatchObject({ port: '4601', entry_type: '21', agency_hold: '1' });
  });

  it('sends the search text in search, trimmed', () => {
    expect(filterParamsOf(filters({ search: '  mscu123 ' }))).toMatchObject({ search: 'mscu123', status: undefined });
    expect(filterParamsOf(filters({ search: '   ' })).search).toBeUndefined();
  });

  it('sends a chosen status and the search text together', () => {
    expect(filterParamsOf(filters({ search: 'mscu', status: 'released' }))).toMatchObject({
      status: 'released',
      search: 'mscu',
    });
  });

  it('sends the account, the date range and the Home filter', () => {
    expect(filterParamsOf(filters({ account: '40002', dateOption: 2, dateRange: RANGE }), 'without-do')).toEqual({
      filter: 'without-do',
      status: undefined,
      search: undefined,
      account_no: '40002',
      date_from: RANGE.from,
      date_to: RANGE.to,
      port: undefined,
      entry_type: undefined,
      agency_hold: undefined,
    });
  });
});

describe('the approval box', () => {
  it('asks the list for the 7501s awaiting approval, not for a Home filter', () => {
    const list = listQueryOf({ filters: NO_FILTERS, filter: 'awaiting-approval', page: 1, sort: DEFAULT_SORT });
    expect(ShipmentsListQuery.parse(list)).toMatchObject({ approval: 'awaiting' });
    expect(list.filter).toBeUndefined();
    expect(filterParamsOf(NO_FILTERS, 'under-fda-exam').approval).toBeUndefined();
  });
});

describe('listQueryOf', () => {
  it('asks for the page, 40 a page, in the chosen order', () => {
    const query = listQueryOf({
      filters: filters({ search: 'PO-1', account: '40001' }),
      filter: 'documents-required',
      page: 3,
      sort: { field: 'containers', direction: 'asc' },
    });
    expect(query).toEqual({
      page: 3,
      per_page: 40,
      filter: 'documents-required',
      status: undefined,
      search: 'PO-1',
      account_no: '40001',
      date_from: undefined,
      date_to: undefined,
      port: undefined,
      entry_type: undefined,
      agency_hold: undefined,
      sort: 'containers',
      direction: 'asc',
    });
    // What the server accepts, unchanged.
    expect(ShipmentsListQuery.parse(query)).toEqual(JSON.parse(JSON.stringify(query)));
  });

  it('asks by ETA, latest first, by default', () => {
    expect(listQueryOf({ filters: NO_FILTERS, filter: undefined, page: 1, sort: DEFAULT_SORT })).toMatchObject({
      sort: 'est_time_arrive',
      direction: 'desc',
    });
  });
});

describe('homeQueryOf', () => {
  it('asks for the Home reading with the same filters and no page', () => {
    const query = homeQueryOf(filters({ status: 'ISF HOLD', search: 'MSCU', dateOption: 3, dateRange: RANGE }));
    expect(query).toEqual({
      source: 'home',
      status: 'ISF HOLD',
      search: 'MSCU',
      account_no: undefined,
      date_from: RANGE.from,
      date_to: RANGE.to,
      port: undefined,
      entry_type: undefined,
      agency_hold: undefined,
    });
    expect(HomeShipmentsQuery.parse(query)).toEqual(JSON.parse(JSON.stringify(query)));
  });
});

describe('stepping pages', () => {
  const cursors = { before: '["2026-11-02 10:00:00.000000", 9]', after: '["2026-11-01 10:00:00.000000", 4]' };
  const page = (number: number, cursor?: PageCursor) =>
    listQueryOf({ filters: NO_FILTERS, filter: undefined, page: number, cursor, sort: DEFAULT_SORT });

  it('sends the cursor the server accepts, and replaces the one the page was read with', () => {
    const third = page(3, { before: cursors.before });
    expect(ShipmentsListQuery.parse(third)).toEqual(JSON.parse(JSON.stringify(third)));
    expect(stepQueryOf(third, 4, cursors)).toEqual(page(4, { after: cursors.after }));
    expect(stepQueryOf(third, 1, cursors)).toEqual(page(1));
    expect(stepQueryOf(third, 9)).toEqual(page(9));
  });
});

describe('the saved page', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps the place it was read from, for the same rows on coming back', () => {
    savePage({ page: 4, filter: 'without-do', cursor: { after: '["x", 4]' } });
    expect(sessionStorage.getItem('shipmentsPage')).toBe('4');
    expect(readSavedPage()).toEqual({ page: 4, filter: 'without-do', cursor: { after: '["x", 4]' } });
    expect(pageOf(readSavedPage(), 'without-do')).toEqual({ page: 4, cursor: { after: '["x", 4]' } });
    expect(pageOf(readSavedPage(), undefined)).toEqual({ page: 1 });
  });

  it('counts the page when the saved place is unreadable, and forgets it with the page', () => {
    savePage({ page: 2, filter: undefined, cursor: { before: '["x", 4]' } });
    sessionStorage.setItem('shipmentsPageCursor', '{not json');
    expect(readSavedPage().cursor).toBeUndefined();
    savePage({ page: 2, filter: undefined, cursor: { before: '["x", 4]' } });
    resetSavedPage();
    expect(readSavedPage()).toEqual({ page: 1, filter: undefined, cursor: undefined });
  });
});

describe('the possible charges box', () => {
  it('asks the list for charges=possible, not for a Home filter, and Home never', () => {
    const list = listQueryOf({ filters: NO_FILTERS, filter: 'possible-charges', page: 1, sort: DEFAULT_SORT });
    expect(ShipmentsListQuery.parse(list)).toMatchObject({ charges: 'possible' });
    expect(list.filter).toBeUndefined();
    expect(filterParamsOf(NO_FILTERS, 'under-fda-exam').charges).toBeUndefined();
    expect(homeQueryOf(NO_FILTERS)).not.toHaveProperty('charges');
  });

  it('is a box an address may name', () => {
    expect(homeFilterOf(new URLSearchParams('filter=possible-charges'))).toBe('possible-charges');
  });
});
