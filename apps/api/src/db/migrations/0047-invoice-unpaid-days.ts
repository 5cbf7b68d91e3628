import { sql, type Kysely } from 'kysely';

/**
 * The Overdue filter's total for an importer of 300,000 invoices (docs/decisions/0010-billing.md):
 * each account's invoices not paid, counted with their amount per due date, kept by statement
 * triggers as account_invoice_totals is. Overdue is "not paid, due before the company's day", a
 * condition that moves with the day, so no single counter can keep it; summed over the days
 * before today it is a range of one account's few hundred rows, where counting the partial index
 * of migration 0034 read the account's 30,000 entries of unpaid invoices past due.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE invoice_unpaid_days (
      account_id integer NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      due_date date NOT NULL,
      invoices bigint NOT NULL,
      open_cents bigint NOT NULL,
      PRIMARY KEY (account_id, due_date)
    );

    -- Adds each account and day's change (rows as [account, day, invoices, cents]), in key order so
    -- two writers never wait on each other crosswise; an account deleted with its invoices has no
    -- days left, and a day whose invoices are all paid or gone is removed.
    CREATE FUNCTION add_invoice_unpaid_days(changes jsonb) RETURNS void LANGUAGE sql AS $$
      INSERT INTO invoice_unpaid_days AS d (account_id, due_date, invoices, open_cents)
      SELECT accounts.id, (change ->> 1)::date, (change ->> 2)::bigint, (change ->> 3)::bigint
      FROM jsonb_array_elements(coalesce(changes, '[]')) AS change JOIN accounts ON accounts.id = (change ->> 0)::int
      ORDER BY 1, 2
      ON CONFLICT (account_id, due_date) DO UPDATE SET
        invoices = d.invoices + excluded.invoices, open_cents = d.open_cents + excluded.open_cents;
      DELETE FROM invoice_unpaid_days d
      USING jsonb_array_elements(coalesce(changes, '[]')) AS change
      WHERE d.account_id = (change ->> 0)::int AND d.due_date = (change ->> 1)::date AND d.invoices = 0;
    $$;

    -- The days of a statement's rows not paid: +1 for each new row, -1 for each old one.
    CREATE FUNCTION count_unpaid_days_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_invoice_unpaid_days((
        SELECT jsonb_agg(jsonb_build_array(account_id, due_date, n, open)) FROM (
          SELECT account_id, due_date, count(*) AS n, sum(coalesce(amount_cents, 0)) AS open
          FROM new_rows WHERE NOT is_paid AND due_date IS NOT NULL GROUP BY 1, 2) g));
      RETURN NULL;
    END $$;
    CREATE FUNCTION count_unpaid_days_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_invoice_unpaid_days((
        SELECT jsonb_agg(jsonb_build_array(account_id, due_date, -n, -open)) FROM (
          SELECT account_id, due_date, count(*) AS n, sum(coalesce(amount_cents, 0)) AS open
          FROM old_rows WHERE NOT is_paid AND due_date IS NOT NULL GROUP BY 1, 2) g));
      RETURN NULL;
    END $$;
    CREATE FUNCTION count_unpaid_days_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_invoice_unpaid_days((
        SELECT jsonb_agg(jsonb_build_array(account_id, due_date, n, open)) FROM (
          SELECT account_id, due_date, sum(n) AS n, sum(open) AS open FROM (
            SELECT account_id, due_date, 1 AS n, coalesce(amount_cents, 0) AS open
            FROM new_rows WHERE NOT is_paid AND due_date IS NOT NULL
            UNION ALL
            SELECT account_id, due_date, -1, -coalesce(amount_cents, 0)
            FROM old_rows WHERE NOT is_paid AND due_date IS NOT NULL
          ) c GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(open) <> 0) g));
      RETURN NULL;
    END $$;

    CREATE TRIGGER invoices_insert_unpaid_days AFTER INSERT ON invoices
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_unpaid_days_inserted();
    CREATE TRIGGER invoices_delete_unpaid_days AFTER DELETE ON invoices
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_unpaid_days_deleted();
    CREATE TRIGGER invoices_update_unpaid_days AFTER UPDATE ON invoices
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION count_unpaid_days_updated();

    INSERT INTO invoice_unpaid_days (account_id, due_date, invoices, open_cents)
    SELECT account_id, due_date, count(*), sum(coalesce(amount_cents, 0))
    FROM invoices WHERE NOT is_paid AND due_date IS NOT NULL GROUP BY 1, 2;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER invoices_insert_unpaid_days ON invoices;
    DROP TRIGGER invoices_delete_unpaid_days ON invoices;
    DROP TRIGGER invoices_update_unpaid_days ON invoices;
    DROP FUNCTION count_unpaid_days_inserted(), count_unpaid_days_deleted(), count_unpaid_days_updated(),
      add_invoice_unpaid_days(jsonb);
    DROP TABLE invoice_unpaid_days;
  `.execute(db);
}
