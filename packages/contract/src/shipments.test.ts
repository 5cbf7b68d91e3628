import { describe, expect, it } from 'vitest';
import { SHIPMENTS_PAGE_SIZE, UNKNOWN_DATE_TIME } from './constants.ts';
import {
  HOME_FILTER_VALUES,
  HOME_FILTERS,
  HomeCounts,
  ShipmentsListQuery,
  ShipmentsQuery,
  dateRangeFor,
  formatDateTimeText,
  isFdaHold,
  parseDateTimeText,
} from './shipments.ts';
import { trackingEvents } from './shipment-detail.ts';

/** Local wall-clock time, so the tests read the same in every time zone. */
function at(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0, ms = 0): Date {
  return new Date(year, month - 1, day, hours, minutes, seconds, ms);
}

describe('dateRangeFor', () => {
  it('has no range for All', () => {
    expect(dateRangeFor(0, at(2025, 6, 15, 12))).toBeNull();
  });

  describe('This Week: now to now + 7 days', () => {
    it('keeps the time of day', () => {
      const now = at(2025, 6, 15, 9, 30);
      expect(dateRangeFor(1, now)).toEqual({ from: now, to: at(2025, 6, 22, 9, 30) });
    });

    it('crosses the end of a month and a year', () => {
      const now = at(2025, 12, 28, 23, 59, 59, 999);
      expect(dateRangeFor(1, now)).toEqual({ from: now, to: at(2026, 1, 4, 23, 59, 59, 999) });
    });
  });

  describe('This Month: first day to the end of the last day', () => {
    it('covers a leap February', () => {
      expect(dateRangeFor(2, at(2024, 2, 10, 13))).toEqual({
        from: at(2024, 2, 1),
        to: at(2024, 2, 29, 23, 59, 59, 999),
      });
    });

    it('covers a common February', () => {
      expect(dateRangeFor(2, at(2025, 2, 10))?.to).toEqual(at(2025, 2, 28, 23, 59, 59, 999));
    });

    it('includes now at the first and at the last moment of the month', () => {
      const first = at(2025, 12, 1);
      const last = at(2025, 12, 31, 23, 59, 59, 999);
      const expected = { from: first, to: last };
      expect(dateRangeFor(2, first)).toEqual(expected);
      expect(dateRangeFor(2, last)).toEqual(expected);
    });
  });

  describe('Last 30 Days: now minus 30 days to now', () => {
    it('keeps the time of day', () => {
      const now = at(2025, 3, 15, 12);
      expect(dateRangeFor(3, now)).toEqual({ from: at(2025, 2, 13, 12), to: now });
    });

    it('crosses back into the previous year', () => {
      const now = at(2025, 1, 10);
      expect(dateRangeFor(3, now)).toEqual({ from: at(2024, 12, 11), to: now });
    });
  });

  describe('Last 3 Months: first day of the month three months back to now', () => {
    it('starts at the first of the month, not three months to the day', () => {
      const now = at(2025, 5, 31, 18);
      expect(dateRangeFor(4, now)).toEqual({ from: at(2025, 2, 1), to: now });
    });

    it('crosses back into the previous year', () => {
      const now = at(2025, 1, 31, 8);
      expect(dateRangeFor(4, now)).toEqual({ from: at(2024, 10, 1), to: now });
    });

    it('counts from the first moment of the month as well', () => {
      const now = at(2025, 3, 1);
      expect(dateRangeFor(4, now)).toEqual({ from: at(2024, 12, 1), to: now });
    });
  });

  describe('Year to Date: 1 January to now', () => {
    it('starts on 1 January at midnight', () => {
      const now = at(2025, 12, 31, 23, 59, 59, 999);
      expect(dateRangeFor(5, now)).toEqual({ from: at(2025, 1, 1), to: now });
    });

    it('is a single instant at the first moment of the year', () => {
      const now = at(2026, 1, 1);
      expect(dateRangeFor(5, now)).toEqual({ from: now, to: now });
    });
  });
});

describe('date-time texts', () => {
  it('reads and writes the wire format', () => {
    const date = at(2025, 8, 1, 14, 5, 9);
    expect(formatDateTimeText(date)).toBe('2025-08-01 14:05:09');
    expect(parseDateTimeText('2025-08-01 14:05:09')).toEqual(date);
  });

  it('treats the unknown value, zero dates and garbage as no date', () => {
    expect(formatDateTimeText(null)).toBe(UNKNOWN_DATE_TIME);
    expect(parseDateTimeText(UNKNOWN_DATE_TIME)).toBeNull();
    expect(parseDateTimeText('0000-00-00')).toBeNull();
    expect(parseDateTimeText('not a date')).toBeNull();
  });
});

describe('Home filters', () => {
  it('has one box per filter value, each with its own count', () => {
    expect(HOME_FILTERS.map((box) => box.value)).toEqual([...HOME_FILTER_VALUES]);
    const countKeys = HOME_FILTERS.map((box) => box.countKey);
    expect(new Set(countKeys).size).toBe(countKeys.length);
    for (const key of countKeys) expect(Object.keys(HomeCounts.shape)).toContain(key);
  });

  it('holds for FDA when the review is set and not MAY PROCEED', () => {
    expect(isFdaHold('')).toBe(false);
    expect(isFdaHold('  ')).toBe(false);
    expect(isFdaHold('MAY PROCEED')).toBe(false);
    expect(isFdaHold(' may proceed ')).toBe(false);
    expect(isFdaHold('FDA EXAM')).toBe(true);
  });
});

describe('shipments query', () => {
  it('fills the list defaults', () => {
    expect(ShipmentsListQuery.parse({})).toEqual({
      page: 1,
      per_page: SHIPMENTS_PAGE_SIZE,
      sort: 'est_time_arrive',
      direction: 'desc',
    });
  });

  it('coerces numbers and refuses a page larger than the page size', () => {
    expect(ShipmentsListQuery.parse({ page: '3', per_page: '10' })).toMatchObject({ page: 3, per_page: 10 });
    expect(ShipmentsListQuery.safeParse({ per_page: String(SHIPMENTS_PAGE_SIZE + 1) }).success).toBe(false);
    expect(ShipmentsListQuery.safeParse({ filter: 'nonsense' }).success).toBe(false);
    expect(ShipmentsListQuery.safeParse({ sort: 'password' }).success).toBe(false);
  });

  it('tells the Home reading by source=home', () => {
    expect(ShipmentsQuery.parse({ source: 'home', status: 'abc' })).toEqual({ source: 'home', status: 'abc' });
    expect(ShipmentsQuery.parse({ filter: 'without-do' })).toMatchObject({ filter: 'without-do', page: 1 });
  });

  it('takes ISO dates only', () => {
    expect(ShipmentsListQuery.safeParse({ date_from: at(2025, 1, 1).toISOString() }).success).toBe(true);
    expect(ShipmentsListQuery.safeParse({ date_from: '01/01/2025' }).success).toBe(false);
  });
});

describe('trackingEvents', () => {
  it('reads the events and ignores what is not an event list', () => {
    const events = [{ location: 'NEWARK', type: 'Discharged', date: '2025-08-02 10:00:00' }];
    expect(trackingEvents(JSON.stringify(events))).toEqual(events);
    expect(trackingEvents('')).toEqual([]);
    expect(trackingEvents('{"a":1}')).toEqual([]);
  });
});
