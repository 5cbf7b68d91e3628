import { sql, type Kysely } from 'kysely';

/**
 * Counts of shipments by account, status and the four Home conditions that are not a status,
 * kept by statement triggers on shipments: every Home box, the list's total under a Home
 * filter, a status or an account, and the unfiltered total are sums over a few counter rows
 * of the caller's accounts instead of counts of their shipments (an importer with 300,000
 * shipments counted 40 ms for Home). Replaces account_shipment_counts (migration 0005), whose
 * number is the sum of an account's rows here.
 *
 * The conditions are those of shipments.rules.ts (HOME_FILTER_CONDITIONS and BEFORE_SUMMARY);
 * the route tests compare every count kept here with a count of the rows.
 *
 * A statement adds, per counter row, the rows it brought in and takes away those it took out:
 * an update that changes none of the counted columns changes no counter. The counter rows are
 * written in key order, so two writers never wait on each other crosswise. Under
 * `clearport.defer_derived` (migration 0015) the changes are gathered in a temporary table of the
 * transaction instead, and apply_pending_shipment_counts() adds them once before the commit, so
 * that imports into one account do not hold its counter rows from their first write.
 */

/** A counter row's column: its name, its type and its value on a shipment row `s`. */
export type CounterColumn = { name: string; type: string; of: (s: string) => string };

/**
 * The counter functions for a key: the trigger functions, apply_pending_shipment_counts() and
 * the statement that counts every shipment (also the bench's fill, which runs without triggers).
 * A later migration that changes the key replaces them from here.
 */
export function shipmentCounters(columns: CounterColumn[], create = 'CREATE') {
  const KEY = columns.map((column) => column.name).join(', ');
  /** The counter row of a shipment row `s`, in KEY's order. */
  const keyOf = (s: string) => columns.map((column) => column.of(s)).join(', ');

  /** Per counter row, what the statement's transition tables add (+1 a new row, -1 an old one). */
  const changesOf = (sides: Array<['new_rows' | 'old_rows', 1 | -1]>) => `
    SELECT ${KEY}, sum(n) AS n FROM (
      ${sides.map(([rows, n]) => `SELECT ${keyOf(rows)}, ${n} AS n FROM ${rows}`).join(' UNION ALL ')}
    ) AS each_row (${KEY}, n)
    GROUP BY ${KEY} HAVING sum(n) <> 0`;

  /** Adds the changes (a query of KEY and n) to the counter rows, in key order; an account deleted
   * with its shipments has no rows left to change. */
  const addCounts = (changes: string) => `
    INSERT INTO shipment_counts AS c (${KEY}, shipments)
    SELECT changes.* FROM (${changes}) AS changes JOIN accounts ON accounts.id = changes.account_id
    ORDER BY ${KEY}
    ON CONFLICT (${KEY}) DO UPDATE SET shipments = c.shipments + excluded.shipments;`;

  const counter = (name: string, sides: Array<['new_rows' | 'old_rows', 1 | -1]>) => `
    ${create} FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('clearport.defer_derived', true) = 'on' THEN
        IF to_regclass('pg_temp.pending_shipment_counts') IS NULL THEN
          CREATE TEMPORARY TABLE pending_shipment_counts (
            ${columns.map((column) => `${column.name} ${column.type}`).join(', ')}, n bigint
          ) ON COMMIT DROP;
        END IF;
        INSERT INTO pending_shipment_counts ${changesOf(sides)};
      ELSE
        ${addCounts(changesOf(sides))}
      END IF;
      RETURN NULL;
    END $$;`;

  return {
    applyPending: `
      ${create} FUNCTION apply_pending_shipment_counts() RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF to_regclass('pg_temp.pending_shipment_counts') IS NOT NULL THEN
          ${addCounts(`SELECT ${KEY}, sum(n) AS n FROM pending_shipment_counts GROUP BY ${KEY} HAVING sum(n) <> 0`)}
          DROP TABLE pg_temp.pending_shipment_counts;
        END IF;
      END $$;`,
    triggerFunctions: [
      counter('count_inserted_shipments', [['new_rows', 1]]),
      counter('count_deleted_shipments', [['old_rows', -1]]),
      counter('count_updated_shipments', [
        ['new_rows', 1],
        ['old_rows', -1],
      ]),
    ],
    // In key order, so that an account's rows are on a few pages together: its totals read them all.
    countEvery: `
      INSERT INTO shipment_counts (${KEY}, shipments)
      SELECT ${keyOf('shipments')}, count(*) FROM shipments GROUP BY ${columns.map((_, i) => i + 1).join(', ')}
      ORDER BY ${columns.map((_, i) => i + 1).join(', ')}`,
  };
}

const COUNTERS = shipmentCounters([
  { name: 'account_id', type: 'integer', of: (s) => `${s}.account_id` },
  { name: 'status', type: 'text', of: (s) => `${s}.status` },
  { name: 'review_7501', type: 'boolean', of: (s) => `(${s}.path_to_7501 IS NOT NULL AND NOT ${s}.reviewed_7501)` },
  { name: 'fda_hold', type: 'boolean', of: (s) => `(upper(btrim(${s}.fda_review)) NOT IN ('', 'MAY PROCEED'))` },
  {
    name: 'without_do',
    type: 'boolean',
    of: (s) =>
      `(NOT ${s}.has_delivery_order AND NOT ${s}.ignored_shipment AND ${s}.status NOT IN ('released', 'liquidated'))`,
  },
  { name: 'before_summary', type: 'boolean', of: (s) => `(${s}.path_to_7501 IS NULL AND ${s}.status <> 'released')` },
]);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER shipments_insert_counts ON shipments;
    DROP TRIGGER shipments_delete_counts ON shipments;
    DROP TRIGGER shipments_update_counts ON shipments;
    DROP FUNCTION count_moved_shipments(), count_deleted_shipments(), count_inserted_shipments(),
      add_account_shipment_counts(jsonb);
    DROP TABLE account_shipment_counts;

    CREATE TABLE shipment_counts (
      account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      status text NOT NULL,
      review_7501 boolean NOT NULL,
      fda_hold boolean NOT NULL,
      without_do boolean NOT NULL,
      before_summary boolean NOT NULL,
      shipments bigint NOT NULL,
      PRIMARY KEY (account_id, status, review_7501, fda_hold, without_do, before_summary)
    );
  `.execute(db);
  await sql.raw(COUNTERS.applyPending).execute(db);
  for (const fn of COUNTERS.triggerFunctions) await sql.raw(fn).execute(db);
  await sql`
    CREATE TRIGGER shipments_insert_counts AFTER INSERT ON shipments
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_shipments();
    CREATE TRIGGER shipments_delete_counts AFTER DELETE ON shipments
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_shipments();
    CREATE TRIGGER shipments_update_counts AFTER UPDATE ON shipments
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION count_updated_shipments();

  `.execute(db);
  await sql.raw(COUNTERS.countEvery).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0017-shipment-counts cannot be undone');
}
