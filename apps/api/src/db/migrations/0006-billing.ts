import { sql, type Kysely } from 'kysely';

/**
 * Billing (docs/decisions/0010-billing.md):
 * - an invoice's number, amount in integer cents (bigint, never a float) and due date;
 * - what the list shows or searches of its shipment (reference, master bills, containers) kept
 *   on the invoice row by triggers, and `search_text`, everything the search looks in, so one
 *   index scan per account answers a page, as for shipments (migration 0002);
 * - an index per sortable column, each starting with the account;
 * - each account's number of invoices and open amount, kept by triggers, so the unfiltered
 *   list's total and open total are sums over the caller's accounts (as migration 0005 for
 *   shipments);
 * - the brokerage's payment instructions, one row.
 * The index expressions are the ones modules/invoices/invoices.rules.ts writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION invoice_search_text(
      invoice_number text, file_number text, reference text, master_bills text[], container_nos text[]
    ) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN lower(
      invoice_number || chr(31) || file_number || chr(31) || reference || chr(31)
      || array_to_string(master_bills || container_nos, chr(31))
    );

    ALTER TABLE invoices
      ADD COLUMN invoice_number text NOT NULL DEFAULT '',
      ADD COLUMN amount_cents bigint,
      ADD COLUMN due_date date,
      ADD COLUMN customer_reference_no text NOT NULL DEFAULT '',
      ADD COLUMN master_bills text[] NOT NULL DEFAULT '{}',
      ADD COLUMN container_nos text[] NOT NULL DEFAULT '{}';

    -- An invoice takes its shipment's columns when written, and keeps them while the shipment
    -- changes (its bills and containers reach the shipment row through migration 0002's triggers).
    CREATE FUNCTION invoice_copy_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT s.customer_reference_no, s.master_bills, s.container_nos
        INTO NEW.customer_reference_no, NEW.master_bills, NEW.container_nos
        FROM shipments s WHERE s.id = NEW.shipment_id;
      IF NOT FOUND THEN
        NEW.customer_reference_no := '';
        NEW.master_bills := '{}';
        NEW.container_nos := '{}';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER invoices_copy_shipment BEFORE INSERT OR UPDATE OF shipment_id ON invoices
      FOR EACH ROW EXECUTE FUNCTION invoice_copy_shipment();

    CREATE FUNCTION invoices_follow_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE invoices SET
        customer_reference_no = NEW.customer_reference_no,
        master_bills = NEW.master_bills,
        container_nos = NEW.container_nos
      WHERE shipment_id = NEW.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER shipments_invoice_columns AFTER UPDATE OF customer_reference_no, master_bills, container_nos
      ON shipments FOR EACH ROW WHEN (
        OLD.customer_reference_no IS DISTINCT FROM NEW.customer_reference_no
        OR OLD.master_bills IS DISTINCT FROM NEW.master_bills
        OR OLD.container_nos IS DISTINCT FROM NEW.container_nos
      )
      EXECUTE FUNCTION invoices_follow_shipment();

    UPDATE invoices i SET
      customer_reference_no = s.customer_reference_no,
      master_bills = s.master_bills,
      container_nos = s.container_nos
    FROM shipments s WHERE s.id = i.shipment_id;

    ALTER TABLE invoices ADD COLUMN search_text text NOT NULL GENERATED ALWAYS AS (
      invoice_search_text(invoice_number, file_number, customer_reference_no, master_bills, container_nos)
    ) STORED;

    -- The default order (newest first) is a forward scan that also answers the search, the
    -- payment status and the totals from the index alone.
    DROP INDEX invoices_account_idx;
    CREATE INDEX invoices_list_created_idx ON invoices (account_id, created_at DESC, id DESC)
      INCLUDE (is_paid, due_date, amount_cents, search_text);
    CREATE INDEX invoices_list_id_idx ON invoices (account_id, id);
    CREATE INDEX invoices_sort_number_idx ON invoices (account_id, (lower(invoice_number) COLLATE "C"), id);
    CREATE INDEX invoices_sort_file_number_idx ON invoices (account_id, (lower(file_number) COLLATE "C"), id);
    CREATE INDEX invoices_sort_reference_idx ON invoices (account_id, (lower(customer_reference_no) COLLATE "C"), id);
    CREATE INDEX invoices_sort_master_bill_idx ON invoices (account_id, (lower(coalesce(master_bills[1], '')) COLLATE "C"), id);
    CREATE INDEX invoices_sort_container_idx ON invoices (account_id, (lower(coalesce(container_nos[1], '')) COLLATE "C"), id);
    CREATE INDEX invoices_sort_amount_idx ON invoices (account_id, amount_cents NULLS FIRST, id);
    CREATE INDEX invoices_sort_due_date_idx ON invoices (account_id, due_date NULLS FIRST, id);
    CREATE INDEX invoices_sort_paid_idx ON invoices (account_id, is_paid, id);

    CREATE TABLE account_invoice_totals (
      account_id integer PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
      invoices bigint NOT NULL,
      open_cents bigint NOT NULL
    );

    -- Adds each account's change, the rows taken in account order so two writers never wait
    -- on each other crosswise; an account deleted with its invoices has no totals left.
    CREATE FUNCTION add_account_invoice_totals(changes jsonb) RETURNS void LANGUAGE sql AS $$
      INSERT INTO account_invoice_totals AS t (account_id, invoices, open_cents)
      SELECT accounts.id, (change.value ->> 0)::bigint, (change.value ->> 1)::bigint
      FROM jsonb_each(changes) AS change JOIN accounts ON accounts.id = (change.key)::int
      ORDER BY 1
      ON CONFLICT (account_id) DO UPDATE SET
        invoices = t.invoices + excluded.invoices, open_cents = t.open_cents + excluded.open_cents
    $$;

    -- What a row adds to its account's totals: one invoice, and its amount while not paid.
    CREATE FUNCTION invoice_open_cents(is_paid boolean, amount_cents bigint) RETURNS bigint
      LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN CASE WHEN is_paid THEN 0 ELSE coalesce(amount_cents, 0) END;

    CREATE FUNCTION total_inserted_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_account_invoice_totals((
        SELECT jsonb_object_agg(account_id, jsonb_build_array(n, open)) FROM (
          SELECT account_id, count(*) AS n, sum(invoice_open_cents(is_paid, amount_cents)) AS open
          FROM new_rows GROUP BY 1) g));
      RETURN NULL;
    END $$;
    CREATE FUNCTION total_deleted_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_account_invoice_totals((
        SELECT jsonb_object_agg(account_id, jsonb_build_array(-n, -open)) FROM (
          SELECT account_id, count(*) AS n, sum(invoice_open_cents(is_paid, amount_cents)) AS open
          FROM old_rows GROUP BY 1) g));
      RETURN NULL;
    END $$;
    CREATE FUNCTION total_updated_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_account_invoice_totals((
        SELECT jsonb_object_agg(account_id, jsonb_build_array(n, open)) FROM (
          SELECT account_id, sum(n) AS n, sum(open) AS open FROM (
            SELECT account_id, 1 AS n, invoice_open_cents(is_paid, amount_cents) AS open FROM new_rows
            UNION ALL
            SELECT account_id, -1, -invoice_open_cents(is_paid, amount_cents) FROM old_rows
          ) d GROUP BY 1 HAVING sum(n) <> 0 OR sum(open) <> 0) g));
      RETURN NULL;
    END $$;

    CREATE TRIGGER invoices_insert_totals AFTER INSERT ON invoices
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION total_inserted_invoices();
    CREATE TRIGGER invoices_delete_totals AFTER DELETE ON invoices
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION total_deleted_invoices();
    CREATE TRIGGER invoices_update_totals AFTER UPDATE ON invoices
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION total_updated_invoices();

    INSERT INTO account_invoice_totals (account_id, invoices, open_cents)
    SELECT account_id, count(*), sum(invoice_open_cents(is_paid, amount_cents)) FROM invoices GROUP BY account_id;

    -- The brokerage's one set of payment instructions, as the contract's PaymentInstructions.
    CREATE TABLE payment_instructions (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      instructions jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    ANALYZE invoices;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE payment_instructions;
    DROP TRIGGER invoices_insert_totals ON invoices;
    DROP TRIGGER invoices_delete_totals ON invoices;
    DROP TRIGGER invoices_update_totals ON invoices;
    DROP FUNCTION total_inserted_invoices(), total_deleted_invoices(), total_updated_invoices(),
      add_account_invoice_totals(jsonb), invoice_open_cents(boolean, bigint);
    DROP TABLE account_invoice_totals;
    DROP TRIGGER shipments_invoice_columns ON shipments;
    DROP FUNCTION invoices_follow_shipment();
    DROP TRIGGER invoices_copy_shipment ON invoices;
    DROP FUNCTION invoice_copy_shipment();
    DROP INDEX invoices_list_created_idx, invoices_list_id_idx, invoices_sort_number_idx,
      invoices_sort_file_number_idx, invoices_sort_reference_idx, invoices_sort_master_bill_idx,
      invoices_sort_container_idx, invoices_sort_amount_idx, invoices_sort_due_date_idx, invoices_sort_paid_idx;
    ALTER TABLE invoices DROP COLUMN search_text, DROP COLUMN invoice_number, DROP COLUMN amount_cents,
      DROP COLUMN due_date, DROP COLUMN customer_reference_no, DROP COLUMN master_bills, DROP COLUMN container_nos;
    DROP FUNCTION invoice_search_text(text, text, text, text[], text[]);
    CREATE INDEX invoices_account_idx ON invoices (account_id, created_at);
  `.execute(db);
}
