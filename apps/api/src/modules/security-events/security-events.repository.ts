import { sql, type SqlBool, type Expression } from 'kysely';
import type { ListCursor } from '@clearport/contract/list-cursor';
import type { SecurityEventKind, SecurityEventRow } from '@clearport/contract/security-events';
import type { Db } from '../../db/connect.ts';

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
  const order = sql.raw(isBefore ? 'ASC' : 'DESC');
  const { rows } = await sql<Row>`
    SELECT id::text AS id,
      to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at,
      to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS cursor_key,
      user_id, email, actor, ip, user_agent, kind, outcome, detail
    FROM security_events
    WHERE ${sql.join(conditions, sql` AND `)}
    -- The table's columns, which the indexes hold, not the texts the list names alike.
    ORDER BY security_events.occurred_at ${order}, security_events.id ${order}
    LIMIT ${limit}::int`.execute(db);
  return isBefore ? rows.reverse() : rows;
}

const cursorOf = (row: Row) => JSON.stringify([row.cursor_key, Number(row.id)]);

const withoutKey = ({ cursor_key: _key, ...row }: Row): SecurityEventRow => row;

export const securityEventsRepository = {
  /** One page of the company's events, and the places of its first and last. */
  async page(db: Db, criteria: SecurityEventCriteria, place: SecurityEventsPlace, perPage: number) {
    const rows = await read(db, criteria, place, perPage);
    const first = rows[0];
    const last = rows.at(-1);
    return {
      rows: rows.map(withoutKey),
      cursors: { before: first ? cursorOf(first) : null, after: last ? cursorOf(last) : null },
    } satisfies SecurityEventsPage;
  },

  /**
   * How many events the criteria select: without a user or days, the company's kept counts
   * (migration 0044); with them, counted on the same index as the page.
   */
  async count(db: Db, criteria: SecurityEventCriteria): Promise<number> {
    const isWholeCompany = criteria.userId === undefined && criteria.from === undefined && criteria.to === undefined;
    const { rows } = isWholeCompany
      ? await sql<{ total: string }>`
          SELECT coalesce(sum(events), 0)::text AS total FROM security_event_counts
          WHERE company_id = ${criteria.companyId}::int
            ${criteria.kind === undefined ? sql`` : sql`AND kind = ${criteria.kind}`}`.execute(db)
      : await sql<{ total: string }>`
          SELECT count(*)::text AS total FROM security_events
          WHERE ${sql.join(conditionsOf(criteria), sql` AND `)}`.execute(db);
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
