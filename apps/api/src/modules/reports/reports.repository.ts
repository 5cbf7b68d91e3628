import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { visibleAccountIds } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';

/*
 * The reports read the rollups of migration 0031 over the caller's accounts (or one of them), a
 * few rows a month each; only the release report's drill-down reads entries, through its index.
 */

/** The caller's accounts the report reads: all they may see, or the one asked for among them. */
export type ReportScope = { user: SessionUser; accountNo?: string | undefined };

/** A range of whole months as dates: its first day and the first day after it. */
export type DayRange = { from: string; until: string };

function accountsOf(db: Db, { user, accountNo }: ReportScope, column: RawBuilder<unknown>): RawBuilder<SqlBool> {
  const visible = visibleAccountIds(db, user);
  if (accountNo === undefined) return sql<SqlBool>`${column} IN (${visible})`;
  return sql<SqlBool>`${column} IN (
    SELECT accounts.id FROM accounts WHERE accounts.account_no = ${accountNo} AND accounts.id IN (${visible})
  )`;
}

const inRange = (column: RawBuilder<unknown>, range: DayRange) =>
  sql<SqlBool>`${column} >= cast(${range.from} as date) AND ${column} < cast(${range.until} as date)`;

export type MonthFigures = {
  month: string;
  entries: number;
  duty_cents: number;
  mpf_cents: number;
  hmf_cents: number;
  other_fees_cents: number;
};

export const reportsRepository = {
  /** Duty and fees per month of the entry date, for the months that have entries. */
  async dutyByMonth(db: Db, scope: ReportScope, range: DayRange): Promise<MonthFigures[]> {
    const { rows } = await sql<MonthFigures>`
      SELECT to_char(r.month, 'YYYY-MM') AS month, sum(r.entries)::bigint AS entries,
        sum(r.duty_cents)::bigint AS duty_cents, sum(r.mpf_cents)::bigint AS mpf_cents,
        sum(r.hmf_cents)::bigint AS hmf_cents, sum(r.other_fees_cents)::bigint AS other_fees_cents
      FROM entry_rollups r
      WHERE ${accountsOf(db, scope, sql`r.account_id`)} AND ${inRange(sql`r.month`, range)}
      GROUP BY r.month HAVING sum(r.entries) <> 0 OR sum(r.duty_cents) <> 0
      ORDER BY r.month`.execute(db);
    return rows;
  },

  async entriesBy(db: Db, scope: ReportScope, range: DayRange, by: 'port_code' | 'mode') {
    const { rows } = await sql<{ key: string; entries: number; entered_value_cents: number }>`
      SELECT r.${sql.ref(by)} AS key, sum(r.entries)::bigint AS entries,
        sum(r.entered_value_cents)::bigint AS entered_value_cents
      FROM entry_rollups r
      WHERE ${accountsOf(db, scope, sql`r.account_id`)} AND ${inRange(sql`r.month`, range)}
      GROUP BY r.${sql.ref(by)} HAVING sum(r.entries) <> 0
      ORDER BY entries DESC, key`.execute(db);
    return rows;
  },

  /**
   * Duty by HTS number (or its chapter, the first two digits): the whole duty of its lines flagged
   * Section 301 and of those flagged AD/CVD, and the Section 301 duty the broker sent of its lines
   * with the count of flagged lines it did not send it of.
   */
  async dutyByHts(db: Db, scope: ReportScope, range: DayRange, by: 'chapter' | 'hts_number', limit?: number) {
    const key = by === 'chapter' ? sql`left(r.hts_number, 2)` : sql`r.hts_number`;
    const { rows } = await sql<{
      key: string;
      lines: number;
      entered_value_cents: number;
      duty_cents: number;
      section_301_lines_duty_cents: number;
      section_301_duty_cents: number;
      section_301_lines_without_duty: number;
      adcvd_lines_duty_cents: number;
    }>`
      SELECT ${key} AS key, sum(r.lines)::bigint AS lines, sum(r.entered_value_cents)::bigint AS entered_value_cents,
        sum(r.duty_cents)::bigint AS duty_cents,
        coalesce(sum(r.duty_cents) FILTER (WHERE r.section_301), 0)::bigint AS section_301_lines_duty_cents,
        sum(r.section_301_duty_cents)::bigint AS section_301_duty_cents,
        sum(r.section_301_lines_without_duty)::bigint AS section_301_lines_without_duty,
        coalesce(sum(r.duty_cents) FILTER (WHERE r.adcvd), 0)::bigint AS adcvd_lines_duty_cents
      FROM line_rollups r
      WHERE ${accountsOf(db, scope, sql`r.account_id`)} AND ${inRange(sql`r.month`, range)}
      GROUP BY 1 HAVING sum(r.lines) <> 0
      ORDER BY duty_cents DESC, key
      ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`.execute(db);
    return rows;
  },

  /** Entries released in the range by week of release (its Monday) and days from arrival to release. */
  async releaseDays(db: Db, scope: ReportScope, range: DayRange) {
    const { rows } = await sql<{ week: string; days: number; entries: number }>`
      SELECT to_char(date_trunc('week', r.release_date), 'YYYY-MM-DD') AS week, r.days, sum(r.entries)::bigint AS entries
      FROM release_rollups r
      WHERE ${accountsOf(db, scope, sql`r.account_id`)} AND ${inRange(sql`r.release_date`, range)}
      GROUP BY 1, 2 HAVING sum(r.entries) <> 0
      ORDER BY 1, 2`.execute(db);
    return rows;
  },

  /**
   * A page of the entries released more than `over` days after arrival, latest release first,
   * from a place (`after`: release date and entry id) on.
   */
  async releaseEntries(
    db: Db,
    scope: ReportScope,
    range: DayRange,
    input: { over: number; after?: { releaseDate: string; id: number } | undefined; limit: number },
  ) {
    const after = input.after
      ? sql<SqlBool>`(e.release_date, e.id) < (cast(${input.after.releaseDate} as date), ${input.after.id})`
      : sql<SqlBool>`true`;
    // Each account's entries in the index's order, then merged. The accounts are written into the
    // statement, so that the planner sees each one's own size: with one account of 300,000
    // entries among small ones, a parameter made it sort the account's whole range instead.
    const accounts = await sql<{ id: number }>`
      SELECT a.id FROM accounts a WHERE ${accountsOf(db, scope, sql`a.id`)} ORDER BY a.id`.execute(db);
    if (accounts.rows.length === 0) return [];
    const parts = accounts.rows.map(
      ({ id }) => sql`(
        SELECT e.id, e.shipment_id, e.account_id, e.entry_number, e.port_code, e.arrival_date, e.release_date
        FROM customs_entries e
        WHERE e.account_id = ${sql.lit(id)} AND e.release_date IS NOT NULL
          AND ${inRange(sql`e.release_date`, range)} AND ${after}
          AND e.release_date - e.arrival_date > ${input.over}
        ORDER BY e.release_date DESC, e.id DESC
        LIMIT ${input.limit}
      )`,
    );
    const { rows } = await sql<{
      id: number;
      shipment_id: number;
      file_number: string;
      entry_number: string;
      account_no: string;
      port_code: string | null;
      arrival_date: string;
      release_date: string;
      days: number;
    }>`
      SELECT e.id, e.shipment_id, s.file_number, e.entry_number, a.account_no, e.port_code,
        to_char(e.arrival_date, 'YYYY-MM-DD') AS arrival_date, to_char(e.release_date, 'YYYY-MM-DD') AS release_date,
        greatest(e.release_date - e.arrival_date, 0) AS days
      FROM (${sql.join(parts, sql` UNION ALL `)}) e
      JOIN shipments s ON s.id = e.shipment_id
      JOIN accounts a ON a.id = e.account_id
      ORDER BY e.release_date DESC, e.id DESC
      LIMIT ${input.limit}`.execute(db);
    return rows;
  },

  /** Open invoices per account and due date (`infinity` when none), with the account's number. */
  async openInvoices(db: Db, scope: ReportScope) {
    const { rows } = await sql<{ account_no: string; due_date: string; invoices: number; amount_cents: number }>`
      SELECT a.account_no, r.due_date::text AS due_date, r.invoices, r.amount_cents
      FROM invoice_rollups r JOIN accounts a ON a.id = r.account_id
      WHERE ${accountsOf(db, scope, sql`r.account_id`)} AND (r.invoices <> 0 OR r.amount_cents <> 0)
      ORDER BY a.account_no, r.due_date`.execute(db);
    return rows;
  },
};
