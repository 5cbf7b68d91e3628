import { sql, type Kysely } from 'kysely';

/**
 * The billing list for an importer of 300,000 invoices (docs/decisions/0010-billing.md):
 * `account_invoice_totals` also counts each account's invoices not paid, so the totals of the
 * Paid and Not Paid filters are sums of counter rows, as the unfiltered total is; a partial
 * index of the unpaid invoices by due date answers the Overdue filter's total; and, as migration
 * 0018 for shipments, an index of the account and the trigrams of `search_text` finds a fragment
 * among a large account's invoices by the rows that hold it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE account_invoice_totals ADD COLUMN unpaid bigint NOT NULL DEFAULT 0;

    CREATE OR REPLACE FUNCTION add_account_invoice_totals(changes jsonb) RETURNS void LANGUAGE sql AS $$
      INSERT INTO account_invoice_totals AS t (account_id, invoices, open_cents, unpaid)
      SELECT accounts.id, (change.value ->> 0)::bigint, (change.value ->> 1)::bigint,
        coalesce((change.value ->> 2)::bigint, 0)
      FROM jsonb_each(changes) AS change JOIN accounts ON accounts.id = (change.key)::int
      ORDER BY 1
      ON CONFLICT (account_id) DO UPDATE SET
        invoices = t.invoices + excluded.invoices, open_cents = t.open_cents + excluded.open_cents,
        unpaid = t.unpaid + excluded.unpaid
    $$;

    CREATE OR REPLACE FUNCTION total_inserted_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_account_invoice_totals((
        SELECT jsonb_object_agg(account_id, jsonb_build_array(n, open, unpaid)) FROM (
          SELECT account_id, count(*) AS n, sum(invoice_open_cents(is_paid, amount_cents)) AS open,
            count(*) FILTER (WHERE NOT is_paid) AS unpaid
          FROM new_rows GROUP BY 1) g));
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION total_deleted_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_account_invoice_totals((
        SELECT jsonb_object_agg(account_id, jsonb_build_array(-n, -open, -unpaid)) FROM (
          SELECT account_id, count(*) AS n, sum(invoice_open_cents(is_paid, amount_cents)) AS open,
            count(*) FILTER (WHERE NOT is_paid) AS unpaid
          FROM old_rows GROUP BY 1) g));
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION total_updated_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_account_invoice_totals((
        SELECT jsonb_object_agg(account_id, jsonb_build_array(n, open, unpaid)) FROM (
          SELECT account_id, sum(n) AS n, sum(open) AS open, sum(unpaid) AS unpaid FROM (
            SELECT account_id, 1 AS n, invoice_open_cents(is_paid, amount_cents) AS open,
              CASE WHEN is_paid THEN 0 ELSE 1 END AS unpaid FROM new_rows
            UNION ALL
            SELECT account_id, -1, -invoice_open_cents(is_paid, amount_cents),
              CASE WHEN is_paid THEN 0 ELSE -1 END FROM old_rows
          ) d GROUP BY 1 HAVING sum(n) <> 0 OR sum(open) <> 0 OR sum(unpaid) <> 0) g));
      RETURN NULL;
    END $$;

    UPDATE account_invoice_totals t SET unpaid = c.unpaid
    FROM (SELECT account_id, count(*) AS unpaid FROM invoices WHERE NOT is_paid GROUP BY 1) c
    WHERE c.account_id = t.account_id;

    CREATE INDEX invoices_unpaid_due_idx ON invoices (account_id, due_date, id) INCLUDE (amount_cents)
      WHERE NOT is_paid;

    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE EXTENSION IF NOT EXISTS btree_gin;
    -- The account as bigint: an expression no other index has, so that a search joined on it can
    -- only be answered here (invoices.repository.ts). A prepared statement's plan cannot know
    -- which account is large, and priced the account's btree entries at a typical account's few.
    CREATE INDEX invoices_search_idx ON invoices USING gin ((account_id::bigint), search_text gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX invoices_search_idx, invoices_unpaid_due_idx;
    CREATE OR REPLACE FUNCTION add_account_invoice_totals(changes jsonb) RETURNS void LANGUAGE sql AS $$
      INSERT INTO account_invoice_totals AS t (account_id, invoices, open_cents)
      SELECT accounts.id, (change.value ->> 0)::bigint, (change.value ->> 1)::bigint
      FROM jsonb_each(changes) AS change JOIN accounts ON accounts.id = (change.key)::int
      ORDER BY 1
      ON CONFLICT (account_id) DO UPDATE SET
        invoices = t.invoices + excluded.invoices, open_cents = t.open_cents + excluded.open_cents
    $$;
    ALTER TABLE account_invoice_totals DROP COLUMN unpaid;
  `.execute(db);
}
