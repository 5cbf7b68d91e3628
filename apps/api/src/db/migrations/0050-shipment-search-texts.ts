import { sql, type Kysely } from 'kysely';

/**
 * The search indexes of the whole table, its trigrams (migration 0045) and digit windows (0048),
 * on a table of their own, shipment_search_texts: a shipment's id and its search_text, copied by
 * statement triggers on shipments (docs/decisions/0005-shipment-list-queries.md). An update of a shipment that changes
 * an indexed column writes a new entry into every index of shipments, the two GIN indexes among
 * them: about 125 keys a row, nearly half of a bulk move's time (a third of the large importer's
 * account, 100,202 shipments: 44 s with them, 25 s without), and a share of every status, ETA or
 * disposition the brokerage sends. Here a row is written only when its text changes.
 *
 * The copy is kept as the counters are: once a statement, from its transition tables; an update
 * copies the rows whose text changed, a delete removes the shipments' rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- No parallel workers: a search reads a few rows, and starting workers cost more than reading
    -- them (8 ms before the first row, against 2 ms for the whole search read alone).
    CREATE TABLE shipment_search_texts (
      shipment_id integer PRIMARY KEY,
      search_text text NOT NULL
    ) WITH (parallel_workers = 0);
    INSERT INTO shipment_search_texts (shipment_id, search_text) SELECT id, search_text FROM shipments;
    DROP INDEX shipments_search_text_idx;
    -- Built on shipments by an earlier form of migration 0048, on the databases that ran it.
    DROP INDEX IF EXISTS shipments_search_digits_idx;
    CREATE INDEX shipment_search_texts_trigrams_idx ON shipment_search_texts USING gin (search_text gin_trgm_ops);
    CREATE INDEX shipment_search_texts_digits_idx ON shipment_search_texts USING gin (search_digit_windows(search_text));

    CREATE FUNCTION copy_inserted_search_texts() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO shipment_search_texts (shipment_id, search_text) SELECT id, search_text FROM new_rows;
      RETURN NULL;
    END $$;
    CREATE FUNCTION copy_updated_search_texts() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE shipment_search_texts t SET search_text = new_rows.search_text
      FROM new_rows JOIN old_rows ON old_rows.id = new_rows.id
      WHERE t.shipment_id = new_rows.id AND new_rows.search_text IS DISTINCT FROM old_rows.search_text;
      RETURN NULL;
    END $$;
    CREATE FUNCTION delete_search_texts() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM shipment_search_texts t USING old_rows WHERE t.shipment_id = old_rows.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER shipments_insert_search_texts AFTER INSERT ON shipments
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copy_inserted_search_texts();
    CREATE TRIGGER shipments_update_search_texts AFTER UPDATE ON shipments
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION copy_updated_search_texts();
    CREATE TRIGGER shipments_delete_search_texts AFTER DELETE ON shipments
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delete_search_texts();
    ANALYZE shipment_search_texts;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER shipments_insert_search_texts ON shipments;
    DROP TRIGGER shipments_update_search_texts ON shipments;
    DROP TRIGGER shipments_delete_search_texts ON shipments;
    DROP FUNCTION copy_inserted_search_texts(), copy_updated_search_texts(), delete_search_texts();
    DROP TABLE shipment_search_texts;
    CREATE INDEX shipments_search_text_idx ON shipments USING gin (search_text gin_trgm_ops);
  `.execute(db);
}
