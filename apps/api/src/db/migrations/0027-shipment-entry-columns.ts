import { sql, type Kysely } from 'kysely';

/**
 * What the list's customs entry filters read, kept on the shipment row beside its bill and
 * container lists (docs/decisions/0026-customs-entries.md): the current entry's port and type,
 * whether any agency holds it, and every entry number of the shipment, which search_text now
 * carries so that the list's search finds a shipment by any of its entries. The current entry is
 * the latest by entry date, then by id (customs_entries_shipment_idx). refresh_shipment_lists
 * recomputes them with the lists, so the triggers on customs_entries and their dispositions
 * follow the lists' rules: once a statement, and under `clearport.defer_derived` noted and
 * caught up once before the commit (migration 0020). The holding dispositions are the
 * contract's HOLDING_DISPOSITIONS; the conditions and indexes below are the ones
 * modules/shipments/shipments.rules.ts writes.
 */
const PENDING = `
  IF to_regclass('pg_temp.pending_shipment_lists') IS NULL THEN
    CREATE TEMPORARY TABLE pending_shipment_lists (shipment_id integer PRIMARY KEY) ON COMMIT DROP;
  END IF;`;

/** A disposition names its entry: the shipments refreshed are those of the entries changed. */
const dispositions = (name: string, rows: string) =>
  sql.raw(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ids integer[] := ARRAY(
        SELECT DISTINCT e.shipment_id FROM customs_entries e WHERE e.id IN (SELECT entry_id FROM ${rows}));
    BEGIN
      IF current_setting('clearport.defer_derived', true) = 'on' THEN
        ${PENDING}
        INSERT INTO pending_shipment_lists SELECT DISTINCT id FROM unnest(ids) AS id ON CONFLICT DO NOTHING;
      ELSE
        PERFORM refresh_shipment_lists(ids);
      END IF;
      RETURN NULL;
    END $$;`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE shipments
      ADD COLUMN entry_numbers text[] NOT NULL DEFAULT '{}',
      ADD COLUMN entry_port_code text,
      ADD COLUMN entry_type text,
      ADD COLUMN has_agency_hold boolean NOT NULL DEFAULT false;

    CREATE OR REPLACE FUNCTION refresh_shipment_lists(shipment_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM shipments WHERE id = ANY (shipment_ids) ORDER BY id FOR NO KEY UPDATE;
      UPDATE shipments s SET
        master_bills = coalesce(
          (SELECT array_agg(b.bill_lading ORDER BY b.id) FROM bills_of_lading b WHERE b.shipment_id = s.id AND b.is_master),
          '{}'),
        house_bills = coalesce(
          (SELECT array_agg(b.bill_lading ORDER BY b.id) FROM bills_of_lading b WHERE b.shipment_id = s.id AND NOT b.is_master),
          '{}'),
        container_nos = coalesce(
          (SELECT array_agg(c.container_no ORDER BY c.id) FROM containers c WHERE c.shipment_id = s.id),
          '{}'),
        has_delivery_order = EXISTS (SELECT 1 FROM delivery_orders d WHERE d.shipment_id = s.id),
        entry_numbers = coalesce(
          (SELECT array_agg(e.entry_number ORDER BY e.id) FROM customs_entries e WHERE e.shipment_id = s.id),
          '{}'),
        (entry_port_code, entry_type, has_agency_hold) = (
          SELECT current_entry.port_code, current_entry.entry_type, EXISTS (
            SELECT 1 FROM customs_entry_dispositions d
            WHERE d.entry_id = current_entry.id
              AND d.disposition IN ('hold_intact', 'exam', 'intensive_exam', 'vacis_exam', 'docs_review', 'refused')
          )
          -- No entry: no port, no type, no hold.
          FROM (SELECT) AS one LEFT JOIN LATERAL (
            SELECT e.id, e.port_code, e.entry_type FROM customs_entries e WHERE e.shipment_id = s.id
            ORDER BY e.entry_date DESC NULLS LAST, e.id DESC LIMIT 1
          ) AS current_entry ON true
        )
      WHERE s.id = ANY (shipment_ids);
    END $$;

    CREATE TRIGGER customs_entries_insert_lists AFTER INSERT ON customs_entries
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_new_rows();
    CREATE TRIGGER customs_entries_delete_lists AFTER DELETE ON customs_entries
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_old_rows();
    CREATE TRIGGER customs_entries_update_lists AFTER UPDATE OF shipment_id, entry_number, entry_type, port_code, entry_date
      ON customs_entries
      FOR EACH ROW WHEN (
        OLD.shipment_id IS DISTINCT FROM NEW.shipment_id OR OLD.entry_number IS DISTINCT FROM NEW.entry_number
        OR OLD.entry_type IS DISTINCT FROM NEW.entry_type OR OLD.port_code IS DISTINCT FROM NEW.port_code
        OR OLD.entry_date IS DISTINCT FROM NEW.entry_date
      )
      EXECUTE FUNCTION refresh_shipment_lists_of_row();
  `.execute(db);
  await dispositions('refresh_shipment_lists_of_new_dispositions', 'new_rows').execute(db);
  await dispositions('refresh_shipment_lists_of_old_dispositions', 'old_rows').execute(db);
  await sql`
    -- An upsert fires both the insert and the update statement triggers, each with its own rows.
    CREATE TRIGGER customs_entry_dispositions_insert_lists AFTER INSERT ON customs_entry_dispositions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_new_dispositions();
    CREATE TRIGGER customs_entry_dispositions_update_lists AFTER UPDATE ON customs_entry_dispositions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_new_dispositions();
    CREATE TRIGGER customs_entry_dispositions_delete_lists AFTER DELETE ON customs_entry_dispositions
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_old_dispositions();

    -- Backfill the shipments that have entries.
    SELECT refresh_shipment_lists(ARRAY(SELECT DISTINCT shipment_id FROM customs_entries ORDER BY 1));

    -- search_text is generated: it is dropped and added again with the entry numbers, and the
    -- two indexes that carry it (migrations 0002 and 0018) with it.
    ALTER TABLE shipments DROP COLUMN search_text;
    DROP FUNCTION shipment_search_text(text, text, text[], text[], text[]);
    CREATE FUNCTION shipment_search_text(
      file_number text, reference text, master_bills text[], house_bills text[], container_nos text[],
      entry_numbers text[]
    ) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN lower(
      file_number || chr(31) || reference || chr(31)
      || array_to_string(master_bills || house_bills || container_nos || entry_numbers, chr(31))
    );
    ALTER TABLE shipments ADD COLUMN search_text text NOT NULL GENERATED ALWAYS AS (
      shipment_search_text(file_number, customer_reference_no, master_bills, house_bills, container_nos, entry_numbers)
    ) STORED;
    CREATE INDEX shipments_list_eta_idx ON shipments (account_id, est_time_arrive DESC NULLS LAST, id DESC)
      INCLUDE (search_text);
    CREATE INDEX shipments_search_idx ON shipments USING gin (account_id, search_text gin_trgm_ops);

    -- The entry filters, each in the list's default order, over the shipments that have one.
    CREATE INDEX shipments_filter_entry_port_idx ON shipments (account_id, entry_port_code, est_time_arrive DESC NULLS LAST, id DESC)
      WHERE entry_port_code IS NOT NULL;
    CREATE INDEX shipments_filter_entry_type_idx ON shipments (account_id, entry_type, est_time_arrive DESC NULLS LAST, id DESC)
      WHERE entry_type IS NOT NULL;
    CREATE INDEX shipments_filter_agency_hold_idx ON shipments (account_id, est_time_arrive DESC NULLS LAST, id DESC)
      WHERE has_agency_hold;

    ANALYZE shipments;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER customs_entries_insert_lists ON customs_entries;
    DROP TRIGGER customs_entries_delete_lists ON customs_entries;
    DROP TRIGGER customs_entries_update_lists ON customs_entries;
    DROP TRIGGER customs_entry_dispositions_insert_lists ON customs_entry_dispositions;
    DROP TRIGGER customs_entry_dispositions_update_lists ON customs_entry_dispositions;
    DROP TRIGGER customs_entry_dispositions_delete_lists ON customs_entry_dispositions;
    DROP FUNCTION refresh_shipment_lists_of_new_dispositions(), refresh_shipment_lists_of_old_dispositions();

    ALTER TABLE shipments DROP COLUMN search_text;
    DROP FUNCTION shipment_search_text(text, text, text[], text[], text[], text[]);
    CREATE FUNCTION shipment_search_text(
      file_number text, reference text, master_bills text[], house_bills text[], container_nos text[]
    ) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN lower(
      file_number || chr(31) || reference || chr(31)
      || array_to_string(master_bills || house_bills || container_nos, chr(31))
    );
    ALTER TABLE shipments ADD COLUMN search_text text NOT NULL GENERATED ALWAYS AS (
      shipment_search_text(file_number, customer_reference_no, master_bills, house_bills, container_nos)
    ) STORED;
    CREATE INDEX shipments_list_eta_idx ON shipments (account_id, est_time_arrive DESC NULLS LAST, id DESC)
      INCLUDE (search_text);
    CREATE INDEX shipments_search_idx ON shipments USING gin (account_id, search_text gin_trgm_ops);

    ALTER TABLE shipments DROP COLUMN entry_numbers, DROP COLUMN entry_port_code, DROP COLUMN entry_type,
      DROP COLUMN has_agency_hold;
    CREATE OR REPLACE FUNCTION refresh_shipment_lists(shipment_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM shipments WHERE id = ANY (shipment_ids) ORDER BY id FOR NO KEY UPDATE;
      UPDATE shipments s SET
        master_bills = coalesce(
          (SELECT array_agg(b.bill_lading ORDER BY b.id) FROM bills_of_lading b WHERE b.shipment_id = s.id AND b.is_master),
          '{}'),
        house_bills = coalesce(
          (SELECT array_agg(b.bill_lading ORDER BY b.id) FROM bills_of_lading b WHERE b.shipment_id = s.id AND NOT b.is_master),
          '{}'),
        container_nos = coalesce(
          (SELECT array_agg(c.container_no ORDER BY c.id) FROM containers c WHERE c.shipment_id = s.id),
          '{}'),
        has_delivery_order = EXISTS (SELECT 1 FROM delivery_orders d WHERE d.shipment_id = s.id)
      WHERE s.id = ANY (shipment_ids);
    END $$;
  `.execute(db);
}
