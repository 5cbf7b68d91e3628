import { sql, type Kysely } from 'kysely';

/**
 * What the shipments list reads, kept on the shipment row so that one index scan per account
 * answers a page (docs/decisions/0005-shipment-list-queries.md):
 * - the bill and container numbers as lists, in the order they were added, kept current by
 *   triggers on bills_of_lading and containers, whoever writes them;
 * - whether a delivery order exists, kept current by a trigger on delivery_orders;
 * - `search_text`, everything the search looks in, lower case, computed by PostgreSQL.
 * The index expressions and partial-index conditions below are the ones
 * modules/shipments/shipments.rules.ts writes: a change to one is a change to both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The search fields, lower case, separated by a character no user types (unit separator).
    CREATE FUNCTION shipment_search_text(
      file_number text, reference text, master_bills text[], house_bills text[], container_nos text[]
    ) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN lower(
      file_number || chr(31) || reference || chr(31)
      || array_to_string(master_bills || house_bills || container_nos, chr(31))
    );

    ALTER TABLE shipments
      ADD COLUMN master_bills text[] NOT NULL DEFAULT '{}',
      ADD COLUMN house_bills text[] NOT NULL DEFAULT '{}',
      ADD COLUMN container_nos text[] NOT NULL DEFAULT '{}',
      ADD COLUMN has_delivery_order boolean NOT NULL DEFAULT false;

    -- Recomputes the lists of the given shipments. It first locks their rows, so a concurrent
    -- change to the same shipment's bills or containers is waited for and then seen: each
    -- statement below takes a new snapshot.
    CREATE FUNCTION refresh_shipment_lists(shipment_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
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

    -- Statement triggers with transition tables: a seed or an import that inserts a thousand
    -- containers refreshes each shipment once. Updates are rare and only matter when the number
    -- or the shipment changes, which a column list and a row trigger express.
    CREATE FUNCTION refresh_shipment_lists_of_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM refresh_shipment_lists(ARRAY(SELECT DISTINCT shipment_id FROM new_rows));
      RETURN NULL;
    END $$;
    CREATE FUNCTION refresh_shipment_lists_of_old_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM refresh_shipment_lists(ARRAY(SELECT DISTINCT shipment_id FROM old_rows));
      RETURN NULL;
    END $$;
    CREATE FUNCTION refresh_shipment_lists_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM refresh_shipment_lists(ARRAY[OLD.shipment_id, NEW.shipment_id]);
      RETURN NULL;
    END $$;

    CREATE TRIGGER containers_insert_lists AFTER INSERT ON containers
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_new_rows();
    CREATE TRIGGER containers_delete_lists AFTER DELETE ON containers
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_old_rows();
    CREATE TRIGGER containers_update_lists AFTER UPDATE OF container_no, shipment_id ON containers
      FOR EACH ROW WHEN (OLD.container_no IS DISTINCT FROM NEW.container_no OR OLD.shipment_id IS DISTINCT FROM NEW.shipment_id)
      EXECUTE FUNCTION refresh_shipment_lists_of_row();

    CREATE TRIGGER bills_of_lading_insert_lists AFTER INSERT ON bills_of_lading
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_new_rows();
    CREATE TRIGGER bills_of_lading_delete_lists AFTER DELETE ON bills_of_lading
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_old_rows();
    CREATE TRIGGER bills_of_lading_update_lists AFTER UPDATE OF bill_lading, is_master, shipment_id ON bills_of_lading
      FOR EACH ROW WHEN (
        OLD.bill_lading IS DISTINCT FROM NEW.bill_lading OR OLD.is_master IS DISTINCT FROM NEW.is_master
        OR OLD.shipment_id IS DISTINCT FROM NEW.shipment_id
      )
      EXECUTE FUNCTION refresh_shipment_lists_of_row();

    CREATE TRIGGER delivery_orders_insert_lists AFTER INSERT ON delivery_orders
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_new_rows();
    CREATE TRIGGER delivery_orders_delete_lists AFTER DELETE ON delivery_orders
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refresh_shipment_lists_of_old_rows();
    CREATE TRIGGER delivery_orders_update_lists AFTER UPDATE OF shipment_id ON delivery_orders
      FOR EACH ROW WHEN (OLD.shipment_id IS DISTINCT FROM NEW.shipment_id)
      EXECUTE FUNCTION refresh_shipment_lists_of_row();

    -- Backfill the rows that exist.
    UPDATE shipments s SET
      master_bills = coalesce(b.masters, '{}'),
      house_bills = coalesce(b.houses, '{}')
    FROM (
      SELECT shipment_id,
        array_agg(bill_lading ORDER BY id) FILTER (WHERE is_master) AS masters,
        array_agg(bill_lading ORDER BY id) FILTER (WHERE NOT is_master) AS houses
      FROM bills_of_lading GROUP BY shipment_id
    ) b
    WHERE b.shipment_id = s.id;
    UPDATE shipments s SET container_nos = c.numbers
    FROM (SELECT shipment_id, array_agg(container_no ORDER BY id) AS numbers FROM containers GROUP BY shipment_id) c
    WHERE c.shipment_id = s.id;
    UPDATE shipments s SET has_delivery_order = true
    WHERE EXISTS (SELECT 1 FROM delivery_orders d WHERE d.shipment_id = s.id);

    ALTER TABLE shipments ADD COLUMN search_text text NOT NULL GENERATED ALWAYS AS (
      shipment_search_text(file_number, customer_reference_no, master_bills, house_bills, container_nos)
    ) STORED;

    -- Every index starts with the account: the access check bounds each scan to the caller's
    -- accounts, whatever the size of the table. The list's default order, latest ETA first and
    -- unknown last, is a forward scan (backward scans are slower); the same index answers the
    -- search from the index alone.
    DROP INDEX shipments_account_eta_idx;
    DROP INDEX shipments_account_status_idx;
    CREATE INDEX shipments_list_eta_idx ON shipments (account_id, est_time_arrive DESC NULLS LAST, id DESC)
      INCLUDE (search_text);
    CREATE INDEX shipments_list_status_idx ON shipments (account_id, status, est_time_arrive DESC NULLS LAST, id DESC);
    CREATE INDEX shipments_list_id_idx ON shipments (account_id, id);

    -- One per sortable column: text sorts case-insensitively, an empty list as ''.
    CREATE INDEX shipments_sort_file_number_idx ON shipments (account_id, (lower(file_number) COLLATE "C"), id);
    CREATE INDEX shipments_sort_reference_idx ON shipments (account_id, (lower(customer_reference_no) COLLATE "C"), id);
    CREATE INDEX shipments_sort_master_bill_idx ON shipments (account_id, (lower(coalesce(master_bills[1], '')) COLLATE "C"), id);
    CREATE INDEX shipments_sort_house_bill_idx ON shipments (account_id, (lower(coalesce(house_bills[1], '')) COLLATE "C"), id);
    CREATE INDEX shipments_sort_container_idx ON shipments (account_id, (lower(coalesce(container_nos[1], '')) COLLATE "C"), id);
    CREATE INDEX shipments_sort_fda_review_idx ON shipments (account_id, (lower(fda_review) COLLATE "C"), id);
    CREATE INDEX shipments_sort_status_idx ON shipments (account_id, (lower(status) COLLATE "C"), id);

    -- The Home filters that are not a status: each count and each filtered page reads only
    -- the matching entries.
    CREATE INDEX shipments_filter_7501_review_idx ON shipments (account_id, est_time_arrive DESC NULLS LAST, id DESC)
      WHERE path_to_7501 IS NOT NULL AND NOT reviewed_7501;
    CREATE INDEX shipments_filter_fda_hold_idx ON shipments (account_id, est_time_arrive DESC NULLS LAST, id DESC)
      WHERE upper(btrim(fda_review)) NOT IN ('', 'MAY PROCEED');
    CREATE INDEX shipments_filter_without_do_idx ON shipments (account_id, est_time_arrive DESC NULLS LAST, id DESC)
      WHERE NOT has_delivery_order AND NOT ignored_shipment AND status NOT IN ('released', 'liquidated');
    CREATE INDEX shipments_filter_before_summary_idx ON shipments (account_id, est_time_arrive DESC NULLS LAST, id DESC)
      WHERE path_to_7501 IS NULL AND status <> 'released';

    ANALYZE shipments;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER containers_insert_lists ON containers;
    DROP TRIGGER containers_delete_lists ON containers;
    DROP TRIGGER containers_update_lists ON containers;
    DROP TRIGGER bills_of_lading_insert_lists ON bills_of_lading;
    DROP TRIGGER bills_of_lading_delete_lists ON bills_of_lading;
    DROP TRIGGER bills_of_lading_update_lists ON bills_of_lading;
    DROP TRIGGER delivery_orders_insert_lists ON delivery_orders;
    DROP TRIGGER delivery_orders_delete_lists ON delivery_orders;
    DROP TRIGGER delivery_orders_update_lists ON delivery_orders;
    DROP FUNCTION refresh_shipment_lists_of_new_rows(), refresh_shipment_lists_of_old_rows(),
      refresh_shipment_lists_of_row(), refresh_shipment_lists(integer[]);
    ALTER TABLE shipments DROP COLUMN search_text, DROP COLUMN master_bills, DROP COLUMN house_bills,
      DROP COLUMN container_nos, DROP COLUMN has_delivery_order;
    DROP FUNCTION shipment_search_text(text, text, text[], text[], text[]);
    CREATE INDEX shipments_account_eta_idx ON shipments (account_id, est_time_arrive, id);
    CREATE INDEX shipments_account_status_idx ON shipments (account_id, status);
  `.execute(db);
}
