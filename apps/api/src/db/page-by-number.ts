import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The rows a reading passes over, then those it keeps, in its order; `end` is the two together, how
 * many of its first rows each part of a merged reading must give.
 */
export type RowWindow = { skip: RawBuilder<unknown>; take: RawBuilder<unknown>; end: RawBuilder<unknown> };

/** The window of a page counted from the start of the reading. */
export const pageWindow = (offset: number, perPage: number): RowWindow => ({
  skip: sql`${offset}`,
  take: sql`${perPage}`,
  end: sql`${offset + perPage}`,
});

/**
 * A page of a list asked for by number (no cursor), read from the nearer end of the list's order:
 * up to the middle from the start, past it in the reversed order, passing over the rows beyond the
 * page. The last page then reads as few index entries as the first, whatever the list's size.
 *
 * `total` is an expression of how many rows the order holds, the same rows the readings read (a
 * kept count, or one counted before the page). `read` gives the list in its order (`reversed`
 * false) or the reverse, limited to the window. Both readings are in the statement, so that one plan serves every page;
 * the one not wanted keeps and passes over none, and reads nothing. The rows come back in the
 * order read: the caller orders the page.
 */
export function readFromNearerEnd(
  { offset, perPage, total }: { offset: number; perPage: number; total: RawBuilder<unknown> },
  read: (reversed: boolean, window: RowWindow) => RawBuilder<unknown>,
): RawBuilder<unknown> {
  const fromStart = sql<SqlBool>`${offset}::bigint <= ${total} / 2`;
  const onlyFromStart = (value: RawBuilder<unknown>) => sql`(CASE WHEN ${fromStart} THEN ${value} ELSE 0 END)`;
  const onlyFromEnd = (value: RawBuilder<unknown>) => sql`(CASE WHEN ${fromStart} THEN 0 ELSE ${value} END)`;
  // The rows from the page's first to the end; the page is the last perPage of them, read reversed.
  const beyond = sql`greatest(${total} - ${offset}::bigint, 0)`;
  const fromTheStart = read(false, {
    skip: onlyFromStart(sql`${offset}::bigint`),
    take: onlyFromStart(sql`${perPage}::bigint`),
    end: onlyFromStart(sql`${offset + perPage}::bigint`),
  });
  const fromTheEnd = read(true, {
    skip: onlyFromEnd(sql`greatest(${beyond} - ${perPage}::bigint, 0)`),
    take: onlyFromEnd(sql`least(${beyond}, ${perPage}::bigint)`),
    end: onlyFromEnd(beyond),
  });
  return sql`(${fromTheStart}) UNION ALL (${fromTheEnd})`;
}
