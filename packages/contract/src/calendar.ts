import { z } from 'zod';

/**
 * Dates and instants a caller sends, within the years both sides can hold: PostgreSQL's `date`
 * and `timestamp` read no year 0 from text, and JavaScript writes a year past 9999 as `+010000`,
 * which no reply's schema takes. An instant is judged in UTC, as it is stored.
 */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

export const YEARS_MESSAGE = 'must lie within the years 0001 to 9999';

/** A date (YYYY-MM-DD) or an ISO instant whose moment lies within the years 0001-9999 (UTC). */
export function isWithinYears(text: string): boolean {
  const at = Date.parse(text);
  return at >= FIRST_INSTANT && at <= LAST_INSTANT;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The year, month and day of `instant` in `timeZone` (an IANA name; the runtime's own zone when undefined). */
export function dayPartsIn(instant: Date, timeZone?: string): { year: string; month: string; day: string } {
  const key = timeZone ?? '';
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day! };
}

/**
 * The calendar day of `instant` in `timeZone`, YYYY-MM-DD: a company's day is its zone's
 * (companies.time_zone), which both the server and the web count by.
 */
export function calendarDayIn(instant: Date, timeZone?: string): string {
  const { year, month, day } = dayPartsIn(instant, timeZone);
  return `${year}-${month}-${day}`;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * `instant` as the day and the time in `timeZone` (an IANA name), with the zone's short name, as the
 * portal shows a time whose days are a company's: 12/05/2026 10:51 PM EST.
 */
export function timeTextIn(instant: Date, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    });
    timeFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map(({ type, value }) => [type, value]));
  return `${part.month}/${part.day}/${part.year} ${part.hour}:${part.minute} ${part.dayPeriod} ${part.timeZoneName}`;
}

/** The last day a CalendarDate takes: a date field's `max`, so that it offers no five-digit year. */
export const LAST_CALENDAR_DAY = '9999-12-31';

export const CALENDAR_DATE_MESSAGE = 'must be a day of the calendar, as 2027-06-30';

/** A calendar day, YYYY-MM-DD, of the years 0001-9999. */
export const CalendarDate = z.iso
  .date({ error: CALENDAR_DATE_MESSAGE, abort: true })
  .refine(isWithinYears, YEARS_MESSAGE);

/**
 * An ISO instant with its offset, within the years 0001-9999 both in UTC and as written: a list's
 * dates are compared as the wall clock the caller wrote (`0000-12-31T23:00:00-14:00` is in year 1 in
 * UTC and year 0 on its own clock).
 */
export const Instant = z.iso
  .datetime({ offset: true, error: 'must be a date and time with its offset, as 2027-06-30T17:00:00Z', abort: true })
  .refine((text) => isWithinYears(text) && isWithinYears(text.slice(0, 10)), YEARS_MESSAGE);
