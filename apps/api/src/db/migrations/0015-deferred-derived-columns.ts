import { sql, type Kysely } from 'kysely';

/**
 * A transaction that writes many shipments, containers and bills one by one (the broker's
 * import) may set `clearport.defer_derived` to 'on' for itself: the triggers then leave the
 * shipments' container and bill lists (migration 0002) and the accounts' shipment counts
 * (migration 0005) to it, and it brings them up to date once before it commits, with
 * refresh_shipment_lists(ids) and add_account_shipment_counts(changes). Each insert would
 * otherwise rewrite its shipment's row and index entries, and hold its account's counter row
 * locked from its first shipment to its commit, so that imports into one account would take
 * turns.
 */
const GUARD = `IF current_setting('clearport.defer_derived', true) = 'on' THEN
        RETURN NULL;
      END IF;`;

const LISTS = [
  [
    'refresh_shipment_lists_of_new_rows',
    'PERFORM refresh_shipment_lists(ARRAY(SELECT DISTINCT shipment_id FROM new_rows));',
  ],
  [
    'refresh_shipment_lists_of_old_rows',
    'PERFORM refresh_shipment_lists(ARRAY(SELECT DISTINCT shipment_id FROM old_rows));',
  ],
  ['refresh_shipment_lists_of_row', 'PERFORM refresh_shipment_lists(ARRAY[OLD.shipment_id, NEW.shipment_id]);'],
  [
    'count_inserted_shipments',
    `PERFORM add_account_shipment_counts(
        (SELECT jsonb_object_agg(account_id, n) FROM (SELECT account_id, count(*) AS n FROM new_rows GROUP BY 1) g));`,
  ],
] as const;

const define = (name: string, body: string, guarded: boolean) =>
  sql.raw(`
    CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${guarded ? GUARD : ''}
      ${body}
      RETURN NULL;
    END $$;`);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, body] of LISTS) await define(name, body, true).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name, body] of LISTS) await define(name, body, false).execute(db);
}
