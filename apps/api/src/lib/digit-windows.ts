import { sql, type RawBuilder, type SqlBool } from 'kysely';

/*
 * A search with a run of digits, through an index of the windows of digits of the texts searched
 * (migrations 0048 and 0050 for shipments, windows of six; 0051 for invoices, windows of five).
 * Every window of the searched text's runs is among the windows of a text that holds it, so the
 * index finds a superset of the matches, and the text itself is then checked on those rows. Digits
 * make no rare trigram (`000`, `027` are each in tens of thousands of a million texts), where a
 * window of five or six digits is in a few dozen.
 */

/**
 * The windows of `width` digits of each run of `width` or more digits in the text, as numbers:
 * what the database's `search_digit_windows` keeps of a search text.
 */
export function digitWindows(text: string, width: number): number[] {
  const windows = new Set<number>();
  for (const [run] of text.matchAll(new RegExp(`[0-9]{${width},}`, 'g'))) {
    for (let start = 0; start + width <= run.length; start += 1) {
      windows.add(Number(run.slice(start, start + width)));
    }
  }
  return [...windows];
}

/**
 * `windowsOfColumn` holds every window of `search`'s runs of `width` digits (an index of it answers),
 * and `column` the text itself; undefined when the search has no such run.
 */
export function digitWindowsCondition(
  windowsOfColumn: RawBuilder<unknown>,
  column: RawBuilder<unknown>,
  search: string,
  width: number,
): RawBuilder<SqlBool> | undefined {
  const windows = digitWindows(search, width);
  if (windows.length === 0) return undefined;
  // The windows as one array literal, so that the statement's text is the same for any search, in a
  // sub-select, so that the planner does not see them: seeing them, it found every search's own plan
  // cheaper than the generic one and planned the statement anew on each run (2.3 ms, where running
  // it takes 0.7), as it would with the LIKE's pattern.
  return sql<SqlBool>`${windowsOfColumn} @> (SELECT cast(${`{${windows.join(',')}}`} AS integer[]))
    AND strpos(${column}, (SELECT lower(${search}))) > 0`;
}
