import { sql, type Kysely } from 'kysely';

/**
 * Shipments moved between accounts change the accounts' counts once per statement, as inserts
 * and deletes already do (migration 0005): the row trigger it replaces updated the same two
 * counter rows once for each shipment, so moving an importer's 300,000 shipments in one
 * statement did not finish in ten minutes. A column list cannot go with transition tables, so
 * the trigger runs after every update of shipments and finds the moves by joining the old and
 * new rows; an update that moves nothing adds nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER shipments_update_counts ON shipments;
    DROP FUNCTION count_moved_shipment();

    CREATE FUNCTION count_moved_shipments() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changes jsonb;
    BEGIN
      WITH moves AS (
        SELECT old_rows.account_id AS from_account, new_rows.account_id AS to_account
        FROM old_rows JOIN new_rows ON new_rows.id = old_rows.id
        WHERE new_rows.account_id IS DISTINCT FROM old_rows.account_id
      ),
      per_account AS (
        SELECT account_id, sum(n) AS n FROM (
          SELECT from_account AS account_id, -1 AS n FROM moves
          UNION ALL SELECT to_account, 1 FROM moves
        ) each_side
        GROUP BY account_id HAVING sum(n) <> 0
      )
      SELECT jsonb_object_agg(account_id, n) INTO changes FROM per_account;
      IF changes IS NOT NULL THEN
        PERFORM add_account_shipment_counts(changes);
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER shipments_update_counts AFTER UPDATE ON shipments
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION count_moved_shipments();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER shipments_update_counts ON shipments;
    DROP FUNCTION count_moved_shipments();
    CREATE FUNCTION count_moved_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_account_shipment_counts(jsonb_build_object(OLD.account_id, -1, NEW.account_id, 1));
      RETURN NULL;
    END $$;
    CREATE TRIGGER shipments_update_counts AFTER UPDATE OF account_id ON shipments
      FOR EACH ROW WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id)
      EXECUTE FUNCTION count_moved_shipment();
  `.execute(db);
}
