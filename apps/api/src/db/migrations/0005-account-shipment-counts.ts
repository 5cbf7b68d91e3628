import { sql, type Kysely } from 'kysely';

/**
 * How many shipments each account holds, kept by triggers on shipments: the list's total
 * without criteria (the page most users open) is then a sum over the caller's accounts,
 * not a count of their shipments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE account_shipment_counts (
      account_id integer PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
      shipments bigint NOT NULL
    );

    -- Adds each account's change; the rows are taken in account order, so two writers never
    -- wait on each other crosswise. An account deleted with its shipments has no count left.
    CREATE FUNCTION add_account_shipment_counts(changes jsonb) RETURNS void LANGUAGE sql AS $$
      INSERT INTO account_shipment_counts AS c (account_id, shipments)
      SELECT accounts.id, (change.value)::bigint
      FROM jsonb_each_text(changes) AS change JOIN accounts ON accounts.id = (change.key)::int
      ORDER BY 1
      ON CONFLICT (account_id) DO UPDATE SET shipments = c.shipments + excluded.shipments
    $$;

    CREATE FUNCTION count_inserted_shipments() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_account_shipment_counts(
        (SELECT jsonb_object_agg(account_id, n) FROM (SELECT account_id, count(*) AS n FROM new_rows GROUP BY 1) g));
      RETURN NULL;
    END $$;
    CREATE FUNCTION count_deleted_shipments() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_account_shipment_counts(
        (SELECT jsonb_object_agg(account_id, -n) FROM (SELECT account_id, count(*) AS n FROM old_rows GROUP BY 1) g));
      RETURN NULL;
    END $$;
    CREATE FUNCTION count_moved_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_account_shipment_counts(jsonb_build_object(OLD.account_id, -1, NEW.account_id, 1));
      RETURN NULL;
    END $$;

    CREATE TRIGGER shipments_insert_counts AFTER INSERT ON shipments
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_shipments();
    CREATE TRIGGER shipments_delete_counts AFTER DELETE ON shipments
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_shipments();
    CREATE TRIGGER shipments_update_counts AFTER UPDATE OF account_id ON shipments
      FOR EACH ROW WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id)
      EXECUTE FUNCTION count_moved_shipment();

    INSERT INTO account_shipment_counts (account_id, shipments)
    SELECT account_id, count(*) FROM shipments GROUP BY account_id;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER shipments_update_counts ON shipments;
    DROP TRIGGER shipments_delete_counts ON shipments;
    DROP TRIGGER shipments_insert_counts ON shipments;
    DROP FUNCTION count_moved_shipment(), count_deleted_shipments(), count_inserted_shipments(),
      add_account_shipment_counts(jsonb);
    DROP TABLE account_shipment_counts;
  `.execute(db);
}
