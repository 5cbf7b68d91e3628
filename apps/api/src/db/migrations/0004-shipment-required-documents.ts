import { sql, type Kysely } from 'kysely';

/**
 * The list item's `documents_submitted` (every required document type with whether it was
 * submitted, in the order added), kept on the shipment row like the bill and container lists
 * of migration 0002: a page of shipments then reads it from the row instead of aggregating
 * document_types forty times. Triggers on document_types keep it current, whoever writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE shipments ADD COLUMN required_documents jsonb NOT NULL DEFAULT '[]';

    CREATE FUNCTION refresh_shipment_required_documents(shipment_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM shipments WHERE id = ANY (shipment_ids) ORDER BY id FOR NO KEY UPDATE;
      UPDATE shipments s SET required_documents = coalesce(
        (SELECT jsonb_agg(jsonb_build_object('type', d.type, 'submitted', d.submitted) ORDER BY d.id)
         FROM document_types d WHERE d.shipment_id = s.id AND d.required),
        '[]')
      WHERE s.id = ANY (shipment_ids);
    END $$;

    CREATE FUNCTION refresh_required_documents_of_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM refresh_shipment_required_documents(ARRAY(SELECT DISTINCT shipment_id FROM new_rows));
      RETURN NULL;
    END $$;
    CREATE FUNCTION refresh_required_documents_of_old_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM refresh_shipment_required_documents(ARRAY(SELECT DISTINCT shipment_id FROM old_rows));
      RETURN NULL;
    END $$;
    CREATE FUNCTION refresh_required_documents_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM refresh_shipment_required_documents(ARRAY[OLD.shipment_id, NEW.shipment_id]);
      RETURN NULL;
    END $$;

    CREATE TRIGGER document_types_insert_required AFTER INSERT ON document_types
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_required_documents_of_new_rows();
    CREATE TRIGGER document_types_delete_required AFTER DELETE ON document_types
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_required_documents_of_old_rows();
    CREATE TRIGGER document_types_update_required AFTER UPDATE OF type, required, submitted, shipment_id ON document_types
      FOR EACH ROW WHEN (
        OLD.type IS DISTINCT FROM NEW.type OR OLD.required IS DISTINCT FROM NEW.required
        OR OLD.submitted IS DISTINCT FROM NEW.submitted OR OLD.shipment_id IS DISTINCT FROM NEW.shipment_id
      )
      EXECUTE FUNCTION refresh_required_documents_of_row();

    UPDATE shipments s SET required_documents = d.documents
    FROM (
      SELECT shipment_id, jsonb_agg(jsonb_build_object('type', type, 'submitted', submitted) ORDER BY id) AS documents
      FROM document_types WHERE required GROUP BY shipment_id
    ) d
    WHERE d.shipment_id = s.id;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER document_types_update_required ON document_types;
    DROP TRIGGER document_types_delete_required ON document_types;
    DROP TRIGGER document_types_insert_required ON document_types;
    DROP FUNCTION refresh_required_documents_of_row(), refresh_required_documents_of_old_rows(),
      refresh_required_documents_of_new_rows(), refresh_shipment_required_documents(integer[]);
    ALTER TABLE shipments DROP COLUMN required_documents;
  `.execute(db);
}
