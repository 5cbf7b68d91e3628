import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { ListCursor } from '@clearport/contract/list-cursor';
import type { SecurityEventKind, SecurityEventRow } from '@clearport/contract/security-events';
import type { Db } from '../../db/connect.ts';
import { readFromNearerEnd } from '../../db/page-by-number.ts';

/** What the screen and the CSV select of one company's events; days are the company's, in `timeZone`. */
export type SecurityEventCriteria = {
  companyId: number;
  timeZone: string;
  userId?: number | undefined;
  kind?: SecurityEventKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** A page after (older than) or before (newer than) a place, or the newest page. */
export type SecurityEventsPlace = { side: 'after' | 'before'; at: ListCursor } | undefined;

export type SecurityEventsPage = { rows: SecurityEventRow[]; cursors: { before: string | null; after: string | null } };

type Row = SecurityEventRow & { cursor_key: string };

/** The criteria as conditions: each one a column of the (company, kind or user, time, id) indexes of 0041. */
function conditionsOf(criteria: SecurityEventCriteria): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [sql<SqlBool>`company_id = ${criteria.companyId}::int`];
  if (criteria.userId !== undefined) conditions.push(sql<SqlBool>`user_id = ${criteria.userId}::int`);
  if (criteria.kind !== undefined) conditions.push(sql<SqlBool>`kind = ${criteria.kind}`);
  if (criteria.from !== undefined) {
    conditions.push(sql<SqlBool>`occurred_at >= (${criteria.from}::date)::timestamp AT TIME ZONE ${criteria.timeZone}`);
  }
  if (criteria.to !== undefined) {
    conditions.push(
      sql<SqlBool>`occurred_at < (${criteria.to}::date + 1)::timestamp AT TIME ZONE ${criteria.timeZone}`,
    );
  }
  return conditions;
}

/**
 * Up to `limit` events in the list's order (newest first) beyond `place`: older ones after it,
 * newer ones before it (read oldest first from the place, then turned round).
 */
async function read(db: Db, criteria: SecurityEventCriteria, place: SecurityEventsPlace, limit: number) {
  const conditions = conditionsOf(criteria);
  const isBefore = place?.side === 'before';
  if (place) {
    conditions.push(
      sql<SqlBool>`(occurred_at, id) ${sql.raw(isBefore ? '>' : '<')}
        ((${place.at.key}::timestamp AT TIME ZONE 'UTC'), ${place.at.id}::bigint)`,
    );
  }
  const { rows } = await sql<Row>`${selectInOrder(conditions, isBefore, sql`${limit}::int`)}`.execute(db);
  return isBefore ? rows.reverse() : rows;
}

/** The events the conditions select, newest first or (`oldestFirst`) oldest first, a window of them. */
function selectInOrder(
  conditions: Expression<SqlBool>[],
  oldestFirst: boolean,
  limit: RawBuilder<unknown>,
  offset: RawBuilder<unknown> = sql`0`,
) {
  const order = sql.raw(oldestFirst ? 'ASC' : 'DESC');
  return sql`
    SELECT id::text AS id,
      to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at,
      to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS cursor_key,
      user_id, email, actor, ip, user_agent, kind, outcome, detail
    FROM security_events
    WHERE ${sql.join(conditions, sql` AND `)}
    -- The table's columns, which the indexes hold, not the texts the list names alike.
    ORDER BY security_events.occurred_at ${order}, security_events.id ${order}
    LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * The events of a range of the company's days, of every user: the range is the instants [lo, hi)
 * (either end may be open); the whole UTC days from `first_day` (the first UTC midnight at or
 * after lo) to `end_day` (the last at or before hi, excluded) are sums of kept rows, and the
 * instants before `first_day` and from `end_day` on are counted. A range inside one UTC day has
 * no whole day: its two parts then meet, and together count [lo, hi).
 */
function countOfDays(db: Db, criteria: SecurityEventCriteria) {
  const { companyId, timeZone, kind, from, to } = criteria;
  const lo = from === undefined ? sql`NULL::timestamptz` : sql`(${from}::date)::timestamp AT TIME ZONE ${timeZone}`;
  const hi = to === undefined ? sql`NULL::timestamptz` : sql`(${to}::date + 1)::timestamp AT TIME ZONE ${timeZone}`;
  const ofKind = kind === undefined ? sql`` : sql` AND kind = ${kind}`;
  const events = (since: RawBuilder<unknown>, until: RawBuilder<unknown>) => sql`(
    SELECT count(*) FROM security_events
    WHERE company_id = ${companyId}::int${ofKind}
      AND occurred_at >= (SELECT ${since} FROM edges) AND occurred_at < (SELECT ${until} FROM edges))`;
  return sql<{ total: string }>`
    WITH bounds AS MATERIALIZED (SELECT ${lo} AS lo, ${hi} AS hi),
    days AS MATERIALIZED (
      SELECT lo, hi, (lo AT TIME ZONE 'UTC' - interval '1 microsecond')::date + 1 AS first_day,
        (hi AT TIME ZONE 'UTC')::date AS end_day
      FROM bounds
    ),
    edges AS MATERIALIZED (
      SELECT lo, hi, first_day, end_day,
        -- Where the counted part at the start ends: the first whole day, or hi before it.
        least(first_day::timestamp AT TIME ZONE 'UTC', hi) AS lo_edge,
        end_day::timestamp AT TIME ZONE 'UTC' AS hi_edge
      FROM days
    )
    SELECT (
      coalesce((
        SELECT sum(c.events) FROM security_event_day_counts c, edges
        WHERE c.company_id = ${companyId}::int${kind === undefined ? sql`` : sql` AND c.kind = ${kind}`}
          AND (edges.first_day IS NULL OR c.day >= edges.first_day)
          AND (edges.end_day IS NULL OR c.day < edges.end_day)
      ), 0)
      + CASE WHEN (SELECT lo FROM edges) IS NULL THEN 0 ELSE ${events(sql`lo`, sql`lo_edge`)} END
      + CASE WHEN (SELECT hi FROM edges) IS NULL THEN 0
          ELSE ${events(sql`CASE WHEN lo IS NULL THEN hi_edge ELSE greatest(hi_edge, lo_edge) END`, sql`hi`)} END
    )::text AS total`.execute(db);
}

const cursorOf = (row: Row) => JSON.stringify([row.cursor_key, Number(row.id)]);

const withoutKey = ({ cursor_key: _key, ...row }: Row): SecurityEventRow => row;

/** A page's rows and the places of its first and last. */
function pageOf(rows: Row[]): SecurityEventsPage {
  const first = rows[0];
  const last = rows.at(-1);
  return {
    rows: rows.map(withoutKey),
    cursors: { before: first ? cursorOf(first) : null, after: last ? cursorOf(last) : null },
  };
}

export const securityEventsRepository = {
  /** One page of the company's events, the first or the one beyond a place. */
  async page(db: Db, criteria: SecurityEventCriteria, place: SecurityEventsPlace, perPage: number) {
    return pageOf(await read(db, criteria, place, perPage));
  },

  /**
   * Page `number` of the company's events, asked for without a place: read from the nearer end of
   * the order (db/page-by-number.ts), so that the last page costs what the first does. `total` is
   * count()'s for the same criteria.
   */
  async pageByNumber(db: Db, criteria: SecurityEventCriteria, number: number, perPage: number, total: number) {
    const conditions = conditionsOf(criteria);
    const readings = readFromNearerEnd(
      { offset: (number - 1) * perPage, perPage, total: sql`${total}::bigint` },
      (oldestFirst, window) => selectInOrder(conditions, oldestFirst, window.take, window.skip),
    );
    const { rows } = await sql<Row>`
      SELECT * FROM (${readings}) AS page ORDER BY page.cursor_key DESC, page.id::bigint DESC`.execute(db);
    return pageOf(rows);
  },

  /**
   * How many events the criteria select: without a user or days, the company's kept counts
   * (migration 0044); with days and no user, the kept counts of the whole UTC days inside the
   * range (migration 0046) and a count on the index of the parts of a day at either end (the
   * company's day need not begin at UTC midnight); with a user, counted on the same index as the page.
   */
  async count(db: Db, criteria: SecurityEventCriteria): Promise<number> {
    const hasDays = criteria.from !== undefined || criteria.to !== undefined;
    const { rows } =
      criteria.userId !== undefined
        ? await sql<{ total: string }>`
          SELECT count(*)::text AS total FROM security_events
          WHERE ${sql.join(conditionsOf(criteria), sql` AND `)}`.execute(db)
        : hasDays
          ? await countOfDays(db, criteria)
          : await sql<{ total: string }>`
          SELECT coalesce(sum(events), 0)::text AS total FROM security_event_counts
          WHERE company_id = ${criteria.companyId}::int
            ${criteria.kind === undefined ? sql`` : sql`AND kind = ${criteria.kind}`}`.execute(db);
    return Number(rows[0]?.total ?? 0);
  },

  /** The newest `max` events the criteria select, read `batch` at a time by keyset (the CSV). */
  async *each(db: Db, criteria: SecurityEventCriteria, max: number, batch = 1_000): AsyncGenerator<SecurityEventRow> {
    let place: SecurityEventsPlace;
    let left = max;
    while (left > 0) {
      const rows = await read(db, criteria, place, Math.min(batch, left));
      for (const row of rows) yield withoutKey(row);
      const last = rows.at(-1);
      if (!last || rows.length < Math.min(batch, left)) return;
      left -= rows.length;
      place = { side: 'after', at: { key: last.cursor_key, id: Number(last.id) } };
    }
  },

  /** The company's users by e-mail, for the user filter. */
  users(db: Db, companyId: number) {
    return db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('company_id', '=', companyId)
      .orderBy('email')
      .orderBy('id')
      .limit(1_000)
      .execute();
  },
};
