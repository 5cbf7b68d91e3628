import { isValid, parse } from 'date-fns';
import { describe, expect, it } from 'vitest';
import {
  calendarDayIn,
  CalendarDate,
  FIRST_RECORD_DAY,
  Instant,
  LAST_CALENDAR_DAY,
  LAST_RECORD_DAY,
  readWallClockText,
  RecordDate,
  RecordInstant,
} from './calendar.ts';

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

describe('RecordDate and RecordInstant', () => {
  const messages = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => issue.message);

  it('take the first and the last day of the record years, and an instant on either edge in UTC', () => {
    expect(RecordDate.parse(FIRST_RECORD_DAY)).toBe('2000-01-01');
    expect(RecordDate.parse(LAST_RECORD_DAY)).toBe('2099-12-31');
    expect(RecordInstant.parse('2000-01-01T00:00:00Z')).toBe('2000-01-01T00:00:00Z');
    expect(RecordInstant.parse('2099-12-31T23:59:59.999Z')).toBe('2099-12-31T23:59:59.999Z');
    expect(RecordInstant.parse('2000-01-01T06:00:00+05:00')).toBe('2000-01-01T06:00:00+05:00');
  });

  it.each(['0226-12-07', '1999-12-31', '2100-01-01', '9999-12-31'])(
    'refuse %s, a day the calendar has outside the record years, with the years to keep to',
    (day) => {
      expect(messages(RecordDate.safeParse(day))).toEqual(['must lie within the years 2000 to 2099']);
      expect(messages(RecordInstant.safeParse(`${day}T12:00:00Z`))).toEqual(['must lie within the years 2000 to 2099']);
    },
  );

  it('judge an instant by its day in UTC', () => {
    expect(messages(RecordInstant.safeParse('2000-01-01T03:00:00+05:00'))).toEqual([
      'must lie within the years 2000 to 2099',
    ]);
    expect(messages(RecordInstant.safeParse('2099-12-31T23:00:00-05:00'))).toEqual([
      'must lie within the years 2000 to 2099',
    ]);
  });

  it('refuse a text that is no day with the format to follow, once', () => {
    expect(messages(RecordDate.safeParse('2027-02-30'))).toEqual(['must be a day of the calendar, as 2027-06-30']);
    expect(messages(RecordInstant.safeParse('2027-06-30 17:00'))).toEqual([
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

describe('readWallClockText', () => {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  /** What date-fns' parse makes of the text with the one pattern: the same instant, or null for Invalid Date. */
  const byDateFns = (text: string) => {
    const date = parse(text, 'yyyy-MM-dd HH:mm:ss', new Date(0));
    return isValid(date) ? date.getTime() : null;
  };
  const texts = [
    // Every month and day around the calendar's edges, in leap and common years, years 0-99 among them.
    ...[0, 1, 99, 100, 1900, 1999, 2000, 2024, 2026, 2100, 9999].flatMap((year) =>
      Array.from({ length: 14 }, (_, month) =>
        Array.from({ length: 33 }, (_, day) => `${pad(year, 4)}-${pad(month)}-${pad(day)} 12:30:45`),
      ).flat(),
    ),
    // Every edge of the clock, on a day of a daylight-saving change in the United States.
    ...[0, 1, 2, 3, 23, 24, 99].flatMap((hours) =>
      [0, 59, 60].flatMap((minutes) =>
        [0, 59, 60].map((seconds) => `2026-03-08 ${pad(hours)}:${pad(minutes)}:${pad(seconds)}`),
      ),
    ),
  ];

  it('reads every text of the form as date-fns parse reads it with the pattern, to the millisecond', () => {
    const disagreeing = texts.filter((text) => (readWallClockText(text)?.getTime() ?? null) !== byDateFns(text));
    expect(disagreeing).toEqual([]);
    // Both kinds are among them: the test compares readings, not only refusals.
    expect(texts.filter((text) => readWallClockText(text) !== null).length).toBeGreaterThan(3_000);
    expect(texts.filter((text) => readWallClockText(text) === null).length).toBeGreaterThan(1_000);
  });

  it.each([
    '',
    '2026-12-07',
    '2026-12-07T10:00:00',
    '2026-12-07 10:00',
    '2026-12-07 10:00:00.5',
    '2026-12-07 10:00:00 ',
    '2026-1-07 10:00:00',
    '2026-12-07 9:05:00',
    '02026-12-07 10:00:00',
    ' 2026-12-07 10:00:00',
    '2026-12-07  10:00:00',
    '+2026-12-07 10:00:00',
    '2026-12-0a 10:00:00',
    '2026-12-07 -1:00:00',
    '２０２６-12-07 10:00:00',
  ])('takes nothing but the form: not %j', (text) => {
    expect(readWallClockText(text)).toBeNull();
  });

  it('reads a day of the years 0-99 as that year, not the 1900s', () => {
    expect(readWallClockText('0001-02-03 04:05:06')?.getFullYear()).toBe(1);
    expect(readWallClockText('0099-12-31 23:59:59')?.getFullYear()).toBe(99);
  });

  it('refuses a day no calendar has, and a time no clock has', () => {
    expect(readWallClockText('2026-02-29 10:00:00')).toBeNull();
    expect(readWallClockText('2028-02-29 10:00:00')?.getDate()).toBe(29);
    expect(readWallClockText('2026-12-07 24:00:00')).toBeNull();
  });
});
