import { sql, type Kysely } from 'kysely';

/**
 * The "Possible Charges" total for a large importer (docs/decisions/0030-possible-charges.md):
 * each account's shipments counted per nearest last free day (migration 0036), kept by statement
 * triggers as invoice_unpaid_days is (migration 0047). Possible charges are "a last free day on or
 * before the company's day + 3", a condition that moves with the day, so no single counter can
 * keep it; summed over the days up to that one it is a range of one account's few hundred rows,
 * where counting the partial index read the account's thousands of entries. Under
 * `clearport.defer_derived` a statement's changes wait in a temporary table and are added once by
 * catch_up_derived_columns() before the commit, as the shipment counters' are (migration 0017), so
 * that two bulk writers never hold each other's days crosswise.
 */

/**
 * Counts every shipment's day anew (the migration's and the bench's fill, which runs without
 * triggers), in key order, so that an account's days lie on a few pages.
 */
export const COUNT_EVERY_FREE_DAY = `
  INSERT INTO shipment_free_days (account_id, next_free_day, shipments)
  SELECT account_id, next_free_day, count(*) FROM shipments WHERE next_free_day IS NOT NULL GROUP BY 1, 2
  ORDER BY 1, 2`;

/** The change of a statement's rows (`sides`: a transition table and +1 or -1), per account and day, as JSON. */
const changesOf = (sides: Array<['new_rows' | 'old_rows', 1 | -1]>) => `
  SELECT jsonb_agg(jsonb_build_array(account_id, next_free_day, n)) FROM (
    SELECT account_id, next_free_day, sum(n) AS n FROM (
      ${sides
        .map(([rows, n]) => `SELECT account_id, next_free_day, ${n} AS n FROM ${rows} WHERE next_free_day IS NOT NULL`)
        .join(' UNION ALL ')}
    ) AS each_row GROUP BY 1, 2 HAVING sum(n) <> 0
  ) AS changes`;

const counter = (name: string, sides: Array<['new_rows' | 'old_rows', 1 | -1]>) => `
  CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM note_shipment_free_days((${changesOf(sides)}));
    RETURN NULL;
  END $$;`;

/** The catch-up of the deferred derived columns (migration 0031's), with this migration's days or without. */
const catchUp = (withFreeDays: boolean) =>
  sql.raw(`
    CREATE OR REPLACE FUNCTION catch_up_derived_columns() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM set_config('clearport.defer_derived', 'off', true);
      IF to_regclass('pg_temp.pending_shipment_lists') IS NOT NULL THEN
        PERFORM refresh_shipment_lists(ARRAY(SELECT shipment_id FROM pending_shipment_lists ORDER BY shipment_id));
        DROP TABLE pg_temp.pending_shipment_lists;
      END IF;
      PERFORM apply_pending_shipment_counts();
      ${withFreeDays ? 'PERFORM apply_pending_shipment_free_days();' : ''}
      PERFORM apply_pending_report_rollups();
    END $$;`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE shipment_free_days (
      account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      next_free_day date NOT NULL,
      shipments bigint NOT NULL,
      PRIMARY KEY (account_id, next_free_day)
    );

    -- Adds each account and day's change (rows as [account, day, shipments]), in key order so two
    -- writers never wait on each other crosswise; an account deleted with its shipments has no days
    -- left, and a day without shipments is removed.
    CREATE FUNCTION add_shipment_free_days(changes jsonb) RETURNS void LANGUAGE sql AS $$
      INSERT INTO shipment_free_days AS d (account_id, next_free_day, shipments)
      SELECT accounts.id, (change ->> 1)::date, (change ->> 2)::bigint
      FROM jsonb_array_elements(coalesce(changes, '[]')) AS change JOIN accounts ON accounts.id = (change ->> 0)::int
      ORDER BY 1, 2
      ON CONFLICT (account_id, next_free_day) DO UPDATE SET shipments = d.shipments + excluded.shipments;
      DELETE FROM shipment_free_days d
      USING jsonb_array_elements(coalesce(changes, '[]')) AS change
      WHERE d.account_id = (change ->> 0)::int AND d.next_free_day = (change ->> 1)::date AND d.shipments = 0;
    $$;

    -- A statement's changes, added now or, while derived columns are deferred, noted for the catch-up.
    CREATE FUNCTION note_shipment_free_days(changes jsonb) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF changes IS NULL THEN
        RETURN;
      ELSIF current_setting('clearport.defer_derived', true) = 'on' THEN
        IF to_regclass('pg_temp.pending_shipment_free_days') IS NULL THEN
          CREATE TEMPORARY TABLE pending_shipment_free_days (changes jsonb NOT NULL) ON COMMIT DROP;
        END IF;
        INSERT INTO pending_shipment_free_days VALUES (changes);
      ELSE
        PERFORM add_shipment_free_days(changes);
      END IF;
    END $$;
    CREATE FUNCTION apply_pending_shipment_free_days() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF to_regclass('pg_temp.pending_shipment_free_days') IS NOT NULL THEN
        PERFORM add_shipment_free_days((
          SELECT jsonb_agg(jsonb_build_array(account_id, next_free_day, n)) FROM (
            SELECT (change ->> 0)::int AS account_id, (change ->> 1)::date AS next_free_day, sum((change ->> 2)::bigint) AS n
            FROM pending_shipment_free_days p CROSS JOIN jsonb_array_elements(p.changes) AS change
            GROUP BY 1, 2 HAVING sum((change ->> 2)::bigint) <> 0
          ) AS changes));
        DROP TABLE pg_temp.pending_shipment_free_days;
      END IF;
    END $$;
  `.execute(db);
  await catchUp(true).execute(db);
  await sql.raw(counter('count_free_days_inserted', [['new_rows', 1]])).execute(db);
  await sql.raw(counter('count_free_days_deleted', [['old_rows', -1]])).execute(db);
  await sql
    .raw(
      counter('count_free_days_updated', [
        ['new_rows', 1],
        ['old_rows', -1],
      ]),
    )
    .execute(db);
  await sql`
    CREATE TRIGGER shipments_insert_free_days AFTER INSERT ON shipments
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_free_days_inserted();
    CREATE TRIGGER shipments_delete_free_days AFTER DELETE ON shipments
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_free_days_deleted();
    CREATE TRIGGER shipments_update_free_days AFTER UPDATE ON shipments
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION count_free_days_updated();
  `.execute(db);
  await sql.raw(COUNT_EVERY_FREE_DAY).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await catchUp(false).execute(db);
  await sql`
    DROP TRIGGER shipments_insert_free_days ON shipments;
    DROP TRIGGER shipments_delete_free_days ON shipments;
    DROP TRIGGER shipments_update_free_days ON shipments;
    DROP FUNCTION count_free_days_inserted(), count_free_days_deleted(), count_free_days_updated(),
      note_shipment_free_days(jsonb), apply_pending_shipment_free_days(), add_shipment_free_days(jsonb);
    DROP TABLE shipment_free_days;
  `.execute(db);
}
