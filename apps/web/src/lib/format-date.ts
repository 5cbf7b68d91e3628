import { format, isValid, parseISO } from 'date-fns';
import { timeTextIn } from '@clearport/contract/calendar';
import { DATE_DISPLAY_FORMAT } from '@clearport/contract/constants';
import { parseDateTimeText, parseInstantText } from '@clearport/contract/shipments';
import { TEXTS } from '@clearport/contract/texts';

/** A date the API sends: a wall-clock text or ISO 8601; null when unknown (0000-00-00) or unreadable. */
export function parseApiDate(text: string): Date | null {
  if (text.trim() === '' || text.startsWith('0000-00-00')) return null;
  const date = parseDateTimeText(text) ?? parseISO(text);
  return isValid(date) ? date : null;
}

/** MM/dd/yyyy, the one way the portal shows a day; blank when unknown or unreadable. */
export function formatDate(text: string): string {
  const date = parseApiDate(text);
  return date ? format(date, DATE_DISPLAY_FORMAT) : '';
}

/** The detail page's dates: NOT AVAILABLE for 0000-00-00 and invalid dates (spec section 2). */
export function formatDetailDate(text: string): string {
  return formatDate(text) || TEXTS.notAvailable;
}

/**
 * When something was done (the API's instants are UTC, see formatInstantText, or ISO 8601), as the day and
 * the time in the user's own zone: 11/20/2026 5:30 AM. NOT AVAILABLE when unknown.
 */
export function formatInstant(text: string): string {
  const date = parseInstantText(text) ?? parseIsoInstant(text);
  return date ? format(date, `${DATE_DISPLAY_FORMAT} h:mm a`) : TEXTS.notAvailable;
}

/**
 * An instant as formatInstant shows it, in `timeZone` (an IANA name) instead of the user's, with
 * the zone's short name, as a screen whose days are the company's shows it: 12/05/2026 10:51 PM EST.
 * NOT AVAILABLE when unknown.
 */
export function formatInstantIn(text: string, timeZone: string): string {
  const date = parseInstantText(text) ?? parseIsoInstant(text);
  return date ? timeTextIn(date, timeZone) : TEXTS.notAvailable;
}

/**
 * When a container's tracking event happened. The broker sends an instant with its zone (shown as
 * formatInstant shows it, in the user's zone) or the port's day and time as written: shown as
 * written, with the time when it has one. NOT AVAILABLE when unknown or unreadable.
 */
export function formatEventDate(text: string): string {
  if (parseIsoInstant(text)) return formatInstant(text);
  const written = WALL_CLOCK_TEXT.exec(text);
  if (!written || !parseApiDate(written[1]!)) return TEXTS.notAvailable;
  // From its digits, not through a Date: in the viewer's zone the port's 02:30 may not exist (a
  // change to summer time), and would read 03:30.
  const [year, month, day] = written[1]!.split('-');
  const dayText = `${month}/${day}/${year}`;
  if (!written[2]) return dayText;
  const [hours, minutes] = written[2].split(':').map(Number) as [number, number];
  if (hours > 23 || minutes > 59) return TEXTS.notAvailable;
  return `${dayText} ${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A day, and maybe its time to the minute (seconds are read and not shown), without a zone. */
const WALL_CLOCK_TEXT = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/** ISO 8601 with its zone (Z or an offset, +01:00 or +0100), as the newer screens' calls send instants; null otherwise. */
function parseIsoInstant(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) return null;
  const date = parseISO(text);
  return isValid(date) ? date : null;
}
