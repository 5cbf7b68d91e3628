import { afterEach, describe, expect, it } from 'vitest';
import { clearSavedFilters, dateFilterFor, NO_FILTERS, readSavedFilters, saveFilters } from './saved-filters.ts';

describe('saved filters', () => {
  afterEach(() => sessionStorage.clear());

  it('are none at first', () => {
    expect(readSavedFilters()).toEqual(NO_FILTERS);
  });

  it("are kept under the spec's session storage keys", () => {
    const range = { from: '2026-11-22T04:00:00Z', to: '2026-11-29T04:00:00Z' };
    saveFilters({
      ...NO_FILTERS,
      search: 'MSCU',
      status: 'released',
      account: '40002',
      dateOption: 1,
      dateRange: range,
    });
    expect({ ...sessionStorage }).toEqual({
      globalFilter: 'MSCU',
      statusFilter: 'released',
      accountFilter: '40002',
      dateFilterOption: '1',
      dateFilter: JSON.stringify(range),
    });
    expect(readSavedFilters()).toEqual({
      ...NO_FILTERS,
      search: 'MSCU',
      status: 'released',
      account: '40002',
      dateOption: 1,
      dateRange: range,
    });
  });

  it('keep the entry filters under keys of their own', () => {
    saveFilters({ ...NO_FILTERS, port: '4601', entryType: '01', isAgencyHold: true });
    expect({ ...sessionStorage }).toEqual({ entryPortFilter: '4601', entryTypeFilter: '01', agencyHoldFilter: '1' });
    expect(readSavedFilters()).toEqual({ ...NO_FILTERS, port: '4601', entryType: '01', isAgencyHold: true });
    expect(clearSavedFilters()).toBe(true);
    expect(sessionStorage.length).toBe(0);
  });

  it('remove a key when its filter is All or empty', () => {
    saveFilters({
      ...NO_FILTERS,
      isAgencyHold: true,
      port: '4601',
      search: 'x',
      status: 'released',
      account: '40001',
      dateOption: 5,
      dateRange: { from: 'a', to: 'b' },
    });
    saveFilters(NO_FILTERS);
    expect(sessionStorage.length).toBe(0);
  });

  it('ignore values that are not options', () => {
    sessionStorage.setItem('statusFilter', 'shipped');
    sessionStorage.setItem('dateFilterOption', '9');
    sessionStorage.setItem('dateFilter', '{"from":"a","to":"b"}');
    sessionStorage.setItem('entryPortFilter', '9999');
    sessionStorage.setItem('entryTypeFilter', '99');
    expect(readSavedFilters()).toEqual(NO_FILTERS);
  });

  it('are cleared, saying whether there was one', () => {
    expect(clearSavedFilters()).toBe(false);
    sessionStorage.setItem('accountFilter', '40001');
    sessionStorage.setItem('shipmentsScroll', '300');
    expect(clearSavedFilters()).toBe(true);
    expect({ ...sessionStorage }).toEqual({ shipmentsScroll: '300' });
  });
});

describe('dateFilterFor', () => {
  const now = new Date(2026, 10, 22, 9, 30);
  const local = (...parts: [number, number, number, number?, number?, number?, number?]) =>
    new Date(...parts).getTime();
  const times = (code: 0 | 1 | 2 | 3 | 4 | 5) => {
    const { dateRange } = dateFilterFor(code, now);
    return dateRange && [Date.parse(dateRange.from), Date.parse(dateRange.to)];
  };

  it('is no range for All', () => {
    expect(dateFilterFor(0, now)).toEqual({ dateOption: 0, dateRange: null });
  });

  it('sends the ranges of spec section 9 as ISO texts with the offset', () => {
    expect(dateFilterFor(1, now).dateRange?.from).toMatch(/^2026-11-22T09:30:00(Z|[+-]\d\d:\d\d)$/);
    expect(times(1)).toEqual([now.getTime(), local(2026, 10, 29, 9, 30)]);
    // The milliseconds of the month's last instant are not part of an ISO text.
    expect(times(2)).toEqual([local(2026, 10, 1), local(2026, 10, 30, 23, 59, 59)]);
    expect(times(3)).toEqual([local(2026, 9, 23, 9, 30), now.getTime()]);
    expect(times(4)).toEqual([local(2026, 7, 1), now.getTime()]);
    expect(times(5)).toEqual([local(2026, 0, 1), now.getTime()]);
  });
});
