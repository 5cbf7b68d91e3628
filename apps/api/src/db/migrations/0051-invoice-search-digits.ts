import { sql, type Kysely } from 'kysely';

/**
 * A search of an invoice with five digits in a row in a large account (an invoice, file, bill or
 * container number, or a part of one; docs/decisions/0010-billing.md): the windows of five digits
 * of every run of digits of an invoice's search_text, in a GIN index of the whole table, as
 * migration 0048 keeps windows of six for shipments. The account-and-trigram index of migration
 * 0034 read 345 pages a large account for `inv-00001`, whose trigrams but `001` are in nearly every
 * invoice number; its window `00001` is in a few hundred invoices of the million.
 *
 * `search_digit_windows(text, width)` is 0048's function with the window's width as an argument
 * (at most 9, the digits an integer holds).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION search_digit_windows(search_text text, width integer) RETURNS integer[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ARRAY(
      SELECT DISTINCT substr(run[1], start, width)::integer
      FROM regexp_matches(search_text, '[0-9]{' || width || ',}', 'g') AS run,
        generate_series(1, length(run[1]) - width + 1) AS start
    );
    CREATE INDEX invoices_search_digits_idx ON invoices USING gin (search_digit_windows(search_text, 5));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX invoices_search_digits_idx;
    DROP FUNCTION search_digit_windows(text, integer);
  `.execute(db);
}
