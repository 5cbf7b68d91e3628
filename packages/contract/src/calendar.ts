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

const WALL_CLOCK_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/**
 * A `YYYY-MM-DD HH:MM:SS` text (the wire's wall-clock times, a list cursor's time) as the local
 * time it writes; null when no calendar or clock has it, for year 0 and for any other form. Of
 * the texts of that form it takes what date-fns' `parse` takes with the pattern, as the same
 * instant (calendar.test.ts holds the two together), without the parsers of every other pattern
 * (6.5 KiB of brotli), which every signed-in screen loaded for it. date-fns also reads fewer digits
 * (`2026-1-7 9:05:00`), which no text on the wire has.
 */
export function readWallClockText(text: string): Date | null {
  const parts = WALL_CLOCK_TEXT.exec(text);
  if (!parts) return null;
  const [year, month, day, hours, minutes, seconds] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1];
  if (year < 1 || daysInMonth === undefined || day < 1 || day > daysInMonth) return null;
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  // setFullYear, not the constructor, which reads the years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setFullYear(year, month - 1, day);
  date.setHours(hours, minutes, seconds, 0);
  return date;
}

/** The last day a CalendarDate takes: a date field's `max`, so that it offers no five-digit year. */
export const LAST_CALENDAR_DAY = '9999-12-31';

const INSTANT_MESSAGE = 'must be a date and time with its offset, as 2027-06-30T17:00:00Z';

export const CALENDAR_DATE_MESSAGE = 'must be a day of the calendar, as 2027-06-30';

/** A calendar day, YYYY-MM-DD, of the years 0001-9999. */
export const CalendarDate = z.iso
  .date({ error: CALENDAR_DATE_MESSAGE, abort: true })
  .refine(isWithinYears, YEARS_MESSAGE);

/**
 * The days a record of the brokerage's business may carry (docs/decisions/0055-a-records-years.md):
 * an ETA, a tracking event, a last free day, an entry's dates, an invoice's due date, a pick-up
 * date. A day beyond them is a slip of the keys (0226 for 2026), which the shipment, the reports and a
 * trucker's delivery order would otherwise carry. Filters, cursors and key expiries keep the years
 * 0001-9999.
 */
export const FIRST_RECORD_DAY = '2000-01-01';
export const LAST_RECORD_DAY = '2099-12-31';
/** "2000 to 2099", as the texts name the record years. */
export const RECORD_YEARS = `${FIRST_RECORD_DAY.slice(0, 4)} to ${LAST_RECORD_DAY.slice(0, 4)}`;
export const RECORD_YEARS_MESSAGE = `must lie within the years ${RECORD_YEARS}`;

const FIRST_RECORD_MS = Date.parse(FIRST_RECORD_DAY);
const AFTER_LAST_RECORD_MS = Date.parse(LAST_RECORD_DAY) + 86_400_000;

/** A YYYY-MM-DD day, or the UTC day of an ISO instant, within the record years. */
export function isRecordDay(text: string): boolean {
  const at = Date.parse(text);
  return at >= FIRST_RECORD_MS && at < AFTER_LAST_RECORD_MS;
}

/** A calendar day, YYYY-MM-DD, within the record years. */
export const RecordDate = z.iso
  .date({ error: CALENDAR_DATE_MESSAGE, abort: true })
  .refine(isRecordDay, RECORD_YEARS_MESSAGE)
  .describe(`A day, YYYY-MM-DD, of the years ${RECORD_YEARS}.`);

/**
 * An ISO instant with its offset, within the years 0001-9999 both in UTC and as written: a list's
 * dates are compared as the wall clock the caller wrote (`0000-12-31T23:00:00-14:00` is in year 1 in
 * UTC and year 0 on its own clock).
 */
export const Instant = z.iso
  .datetime({ offset: true, error: INSTANT_MESSAGE, abort: true })
  .refine((text) => isWithinYears(text) && isWithinYears(text.slice(0, 10)), YEARS_MESSAGE);

/** An ISO instant with its offset whose UTC day lies within the record years. */
export const RecordInstant = z.iso
  .datetime({ offset: true, error: INSTANT_MESSAGE, abort: true })
  .refine(isRecordDay, RECORD_YEARS_MESSAGE)
  .describe(`An instant, ISO 8601 with its offset, in the years ${RECORD_YEARS} (UTC).`);
