import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { escapeLike } from './escape-like.ts';

/*
 * How the lists find a search text in a lower-cased `search_text` column, ignoring case: the
 * database lower-cases the text with the same rules as the column's, once a statement (a
 * sub-select, not once a row, and a value the planner does not see, so that a prepared statement
 * keeps one generic plan).
 */

/** The text anywhere in `column`, as `LIKE`, which a trigram index answers. */
export function textLike(column: RawBuilder<unknown>, search: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${column} LIKE (SELECT '%' || lower(${escapeLike(search)}) || '%')`;
}

/** The text anywhere in `column`, as `strpos`, which no index answers (the rows are found otherwise). */
export function textContains(column: RawBuilder<unknown>, search: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`strpos(${column}, (SELECT lower(${search}))) > 0`;
}

/*
 * A search with five digits in a row, through an index of the windows of five digits of the texts
 * searched (migration 0051 for invoices, 0052 for shipments' search texts). Every window of the
 * searched text's runs is among the windows of a text that holds it, so the index finds a superset
 * of the matches, and the text itself is then checked on those rows. Digits make no rare trigram
 * (`000`, `027` are each in tens of thousands of a million texts), where a window of five digits is
 * in a few hundred, and a longer number's windows together in a few dozen.
 */

/** The length of the windows the indexes keep, and the shortest run of digits they answer. */
export const DIGIT_WINDOW = 5;

/**
 * The windows of `width` digits of each run of `width` or more digits in the text, as numbers:
 * what the database's `search_digit_windows` keeps of a search text.
 */
export function digitWindows(text: string, width = DIGIT_WINDOW): number[] {
  const windows = new Set<number>();
  for (const [run] of text.matchAll(new RegExp(`[0-9]{${width},}`, 'g'))) {
    for (let start = 0; start + width <= run.length; start += 1) {
      windows.add(Number(run.slice(start, start + width)));
    }
  }
  return [...windows];
}

/**
 * The search text in `column` through the index of its windows, then the text itself; undefined
 * when the search has no run of five digits.
 */
export function digitWindowsCondition(column: RawBuilder<unknown>, search: string): RawBuilder<SqlBool> | undefined {
  const windows = digitWindows(search);
  if (windows.length === 0) return undefined;
  // The width a literal, as the indexes' expressions have it. The windows as one array literal, so
  // that the statement's text is the same for any search, in a sub-select, so that the planner does
  // not see them: seeing them, it found every search's own plan cheaper than the generic one and
  // planned the statement anew on each run (2.3 ms, where running it takes 0.7), as it would with
  // the LIKE's pattern.
  return sql<SqlBool>`search_digit_windows(${column}, ${sql.lit(DIGIT_WINDOW)})
      @> (SELECT cast(${`{${windows.join(',')}}`} AS integer[]))
    AND ${textContains(column, search)}`;
}
