import { z } from 'zod';
import { readWallClockText } from './calendar.ts';
import { EntityId } from './http.ts';
import { isStorableText } from './storable-text.ts';

/**
 * A row's place in a list's order, from which the list reads the next or the previous page
 * (keyset paging): the row's sort key as text (a time as `YYYY-MM-DD HH:MM:SS.ffffff`, null when
 * unknown; a text column lower-cased; the account number) and its id. A list reply gives the
 * places of its first and last rows, as JSON text, in `pagination.cursors` (the shipments list,
 * the billing list).
 */
export type ListCursor = { key: string | null; id: number };

export const CURSOR_MESSAGE = 'is not a place in this list';
const CursorTuple = z.tuple([z.string().max(1_000).refine(isStorableText).nullable(), EntityId]);

/** The place a cursor names (the JSON text a reply gave), or undefined when it names none. */
export function readListCursor(text: string): ListCursor | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const tuple = CursorTuple.safeParse(value);
  return tuple.success ? { key: tuple.data[0], id: tuple.data[1] } : undefined;
}

const TIMESTAMP_TEXT = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?:\.\d{1,6})?$/;

/** A `timestamp` as PostgreSQL reads it back: a real day and time of year 1 or later. */
export function isTimestampText(text: string): boolean {
  const seconds = TIMESTAMP_TEXT.exec(text)?.[1];
  const date = seconds === undefined ? null : readWallClockText(seconds);
  return date !== null && date.getFullYear() >= 1;
}
