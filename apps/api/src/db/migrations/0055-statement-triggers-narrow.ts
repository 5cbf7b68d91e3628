import { sql, type Kysely } from 'kysely';

/**
 * The statement triggers' work on a large statement, cheaper. The bench's bulk move of the large
 * importer's 300,930 shipments spent 26 of its 58 s in them (README):
 *
 * - The three that join a statement's old and new rows to update another table (an entry's
 *   account and arrival when its shipment moves, a line's account and month when its entry does,
 *   a shipment's search text) carried both sides' rows whole through their sorts: an
 *   `UPDATE … FROM` keeps a copy of each joined row for rechecking a row that another transaction
 *   changed meanwhile, and a transition table's row is the whole row (about 800 bytes of a
 *   shipment). The rows that changed are now found first, in a materialized CTE of their id and
 *   the columns written, and the update joins those (the move's search texts: 3.4 s to find that
 *   none changed, then 0.6 s).
 * - Every function that a trigger with transition tables runs, runs with `work_mem` of 64 MB and
 *   without JIT compilation. At the server's 4 MB a large statement's sorts went to disk; and the
 *   planner estimates a join of the two transition tables at hundreds of millions of rows, far
 *   above the JIT's thresholds, so a statement of a few hundred milliseconds first spent 0.2-0.3 s
 *   compiling. A `CREATE OR REPLACE FUNCTION` drops a function's settings unless it names them;
 *   `test/schema.test.ts` holds every such function, later migrations' too, to both.
 */

/** A statement trigger's memory for its sorts and hashes. */
export const STATEMENT_TRIGGER_WORK_MEM = '64MB';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION follow_moved_shipments() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH moved AS MATERIALIZED (
        SELECT n.id, n.account_id, coalesce(n.shipment_discharge_date, n.est_time_arrive)::date AS arrival_date
        FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.account_id <> o.account_id
          OR n.shipment_discharge_date IS DISTINCT FROM o.shipment_discharge_date
          OR n.est_time_arrive IS DISTINCT FROM o.est_time_arrive
      )
      UPDATE customs_entries e SET account_id = moved.account_id, arrival_date = moved.arrival_date
      FROM moved WHERE e.shipment_id = moved.id;
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION follow_moved_entries() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH moved AS MATERIALIZED (
        SELECT n.id, n.account_id, date_trunc('month', n.entry_date)::date AS month
        FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.account_id IS DISTINCT FROM o.account_id OR n.entry_date IS DISTINCT FROM o.entry_date
      )
      UPDATE customs_entry_lines l SET account_id = moved.account_id, month = moved.month
      FROM moved WHERE l.entry_id = moved.id;
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION copy_updated_search_texts() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH changed AS MATERIALIZED (
        SELECT n.id, n.search_text FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.search_text IS DISTINCT FROM o.search_text
      )
      UPDATE shipment_search_texts t SET search_text = changed.search_text
      FROM changed WHERE t.shipment_id = changed.id;
      RETURN NULL;
    END $$;
  `.execute(db);
  await setStatementTriggerSettings(db);
}

/**
 * Gives every function of a statement trigger the memory of a large statement and no JIT: run
 * again by a migration that replaces such a function, as a replacement drops its settings.
 */
export async function setStatementTriggerSettings(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    DECLARE f regprocedure;
    BEGIN
      FOR f IN
        SELECT DISTINCT tgfoid::regprocedure FROM pg_trigger
        WHERE tgoldtable IS NOT NULL OR tgnewtable IS NOT NULL
      LOOP
        EXECUTE format('ALTER FUNCTION %s SET work_mem = %L SET jit = off', f, ${sql.lit(STATEMENT_TRIGGER_WORK_MEM)});
      END LOOP;
    END $$;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('0055-statement-triggers-narrow cannot be undone');
}
