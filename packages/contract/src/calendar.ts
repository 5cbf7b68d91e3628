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

/**
 * A wall-clock time as a `timestamp` holds it, `YYYY-MM-DD HH:MM:SS`: a day the calendar has and a
 * time from 00:00:00 to 23:59:59 (no 24:00:00, which would be stored as the next day's midnight),
 * of the years 0001-9999.
 */
export function isWallClockTime(text: string): boolean {
  const iso = text.replace(' ', 'T');
  const at = Date.parse(`${iso}Z`);
  return at >= FIRST_INSTANT && at <= LAST_INSTANT && new Date(at).toISOString() === `${iso}.000Z`;
}

export const WALL_CLOCK_MESSAGE = 'must be a day of the calendar and a time from 00:00:00 to 23:59:59';

/** A calendar day, YYYY-MM-DD, of the years 0001-9999. */
export const CalendarDate = z.iso.date().refine(isWithinYears, YEARS_MESSAGE);

/** An ISO instant with its offset, within the years 0001-9999 in UTC. */
export const Instant = z.iso.datetime({ offset: true }).refine(isWithinYears, YEARS_MESSAGE);
