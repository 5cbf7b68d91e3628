import { format, isValid, parseISO } from 'date-fns';
import { DATE_DISPLAY_FORMAT } from '@clearport/contract/constants';
import { parseDateTimeText } from '@clearport/contract/shipments';
import { TEXTS } from '@clearport/contract/texts';

/** A date the detail page reads: a wall-clock text of the API or ISO 8601; null when unknown or unreadable. */
export function parseDetailDate(text: string): Date | null {
  if (text.trim() === '' || text.startsWith('0000-00-00')) return null;
  const date = parseDateTimeText(text) ?? parseISO(text);
  return isValid(date) ? date : null;
}

/** MM/dd/yyyy; NOT AVAILABLE for 0000-00-00 and invalid dates (spec section 2). */
export function formatDetailDate(text: string): string {
  const date = parseDetailDate(text);
  return date ? format(date, DATE_DISPLAY_FORMAT) : TEXTS.notAvailable;
}
