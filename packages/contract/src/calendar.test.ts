import { describe, expect, it } from 'vitest';
import { CalendarDate, Instant, LAST_CALENDAR_DAY } from './calendar.ts';

describe('CalendarDate', () => {
  it.each(['2028-02-29', '0001-01-01', LAST_CALENDAR_DAY])('takes %s', (text) => {
    expect(CalendarDate.parse(text)).toBe(text);
  });

  it.each(['2027-02-30', '2027-13-01', '20266-12-02', '12/02/2026', '2027-06-30T00:00:00Z'])(
    'refuses %s as no day of the calendar, with an example to follow',
    (text) => {
      expect(CalendarDate.safeParse(text).error?.issues.map((issue) => issue.message)).toEqual([
        'must be a day of the calendar, as 2027-06-30',
      ]);
    },
  );

  it('refuses year 0 as outside the years both sides hold', () => {
    expect(CalendarDate.safeParse('0000-01-01').error?.issues.map((issue) => issue.message)).toEqual([
      'must lie within the years 0001 to 9999',
    ]);
  });
});

describe('Instant', () => {
  it('refuses a time without its offset with one message, the example to follow', () => {
    expect(Instant.safeParse('2027-06-30 17:00').error?.issues.map((issue) => issue.message)).toEqual([
      'must be a date and time with its offset, as 2027-06-30T17:00:00Z',
    ]);
  });
});
