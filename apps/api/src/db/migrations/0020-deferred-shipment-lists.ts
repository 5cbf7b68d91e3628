import { sql, type Kysely } from 'kysely';

/**
 * A bulk writer defers the derived columns and catches them up once, through two calls and
 * nothing else (db/derived-columns.ts). Under `clearport.defer_derived` the list triggers no
 * longer leave the lists to the writer (migration 0015): they note the shipments whose lists
 * changed in a temporary table of the transaction, as the counters note their changes
 * (migration 0017), and catch_up_derived_columns() refreshes those lists and adds those counts
 * once, then ends the deferral. A writer so cannot forget a shipment it touched.
 */
const PENDING = `
  IF to_regclass('pg_temp.pending_shipment_lists') IS NULL THEN
    CREATE TEMPORARY TABLE pending_shipment_lists (shipment_id integer PRIMARY KEY) ON COMMIT DROP;
  END IF;`;

const lists = (name: string, ids: string) =>
  sql.raw(`
    CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('clearport.defer_derived', true) = 'on' THEN
        ${PENDING}
        INSERT INTO pending_shipment_lists
          SELECT DISTINCT id FROM unnest(${ids}) AS id WHERE id IS NOT NULL
          ON CONFLICT DO NOTHING;
      ELSE
        PERFORM refresh_shipment_lists(${ids});
      END IF;
      RETURN NULL;
    END $$;`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await lists('refresh_shipment_lists_of_new_rows', 'ARRAY(SELECT DISTINCT shipment_id FROM new_rows)').execute(db);
  await lists('refresh_shipment_lists_of_old_rows', 'ARRAY(SELECT DISTINCT shipment_id FROM old_rows)').execute(db);
  await lists('refresh_shipment_lists_of_row', 'ARRAY[OLD.shipment_id, NEW.shipment_id]').execute(db);
  await sql`
    CREATE FUNCTION catch_up_derived_columns() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM set_config('clearport.defer_derived', 'off', true);
      IF to_regclass('pg_temp.pending_shipment_lists') IS NOT NULL THEN
        PERFORM refresh_shipment_lists(ARRAY(SELECT shipment_id FROM pending_shipment_lists ORDER BY shipment_id));
        DROP TABLE pg_temp.pending_shipment_lists;
      END IF;
      PERFORM apply_pending_shipment_counts();
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION catch_up_derived_columns()`.execute(db);
}
