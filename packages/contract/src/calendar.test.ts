import { describe, expect, it } from 'vitest';
import { calendarDayIn, CalendarDate, Instant, LAST_CALENDAR_DAY } from './calendar.ts';

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

describe('calendarDayIn', () => {
  it("gives an instant's day in the zone named, across midnight and a change to summer time", () => {
    const instant = new Date('2026-11-27T04:30:00Z');
    expect(calendarDayIn(instant, 'America/New_York')).toBe('2026-11-26');
    expect(calendarDayIn(instant, 'UTC')).toBe('2026-11-27');
    expect(calendarDayIn(instant, 'Pacific/Kiritimati')).toBe('2026-11-27');
    expect(calendarDayIn(new Date('2026-03-08T07:59:00Z'), 'America/Los_Angeles')).toBe('2026-03-07');
    expect(calendarDayIn(new Date('2026-03-08T08:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-08');
  });
});
