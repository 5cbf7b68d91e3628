import { sql, type Kysely } from 'kysely';

/**
 * The bytes of documents each company holds (its accounts' shipments' files), kept by triggers on
 * documents, so the upload quota is checked against one row rather than a sum over every file.
 * An upload locks the row while its record is made (modules/shipments/upload-limits.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE companies ADD COLUMN document_bytes bigint NOT NULL DEFAULT 0;

    -- Adds each company's change, taking the rows in company order so two writers never wait on
    -- each other crosswise. A document whose shipment is already gone (a cascade) changes nothing.
    CREATE FUNCTION add_company_document_bytes(changes jsonb) RETURNS void LANGUAGE sql AS $$
      UPDATE companies SET document_bytes = companies.document_bytes + (change.value)::bigint
      FROM (SELECT * FROM jsonb_each_text(changes) ORDER BY key::int) AS change
      WHERE companies.id = (change.key)::int
    $$;

    CREATE FUNCTION count_inserted_document_bytes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_company_document_bytes((
        SELECT jsonb_object_agg(company_id, bytes) FROM (
          SELECT accounts.company_id, sum(new_rows.size) AS bytes
          FROM new_rows JOIN shipments ON shipments.id = new_rows.shipment_id
          JOIN accounts ON accounts.id = shipments.account_id GROUP BY 1) g));
      RETURN NULL;
    END $$;
    CREATE FUNCTION count_deleted_document_bytes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_company_document_bytes((
        SELECT jsonb_object_agg(company_id, -bytes) FROM (
          SELECT accounts.company_id, sum(old_rows.size) AS bytes
          FROM old_rows JOIN shipments ON shipments.id = old_rows.shipment_id
          JOIN accounts ON accounts.id = shipments.account_id GROUP BY 1) g));
      RETURN NULL;
    END $$;

    CREATE TRIGGER documents_insert_bytes AFTER INSERT ON documents
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_document_bytes();
    CREATE TRIGGER documents_delete_bytes AFTER DELETE ON documents
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_deleted_document_bytes();

    UPDATE companies SET document_bytes = g.bytes FROM (
      SELECT accounts.company_id, sum(documents.size) AS bytes
      FROM documents JOIN shipments ON shipments.id = documents.shipment_id
      JOIN accounts ON accounts.id = shipments.account_id GROUP BY 1) g
    WHERE companies.id = g.company_id;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER documents_delete_bytes ON documents;
    DROP TRIGGER documents_insert_bytes ON documents;
    DROP FUNCTION count_deleted_document_bytes(), count_inserted_document_bytes(), add_company_document_bytes(jsonb);
    ALTER TABLE companies DROP COLUMN document_bytes;
  `.execute(db);
}
