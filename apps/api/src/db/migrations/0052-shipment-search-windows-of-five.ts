import { sql, type Kysely } from 'kysely';

/**
 * Shipments' search texts keep windows of five digits, as invoices' do (migration 0051), instead
 * of six (0048): a search with five digits in a row, a container number's first five (`u76968`),
 * was left to the trigram index, which read the long posting lists of its digit trigrams (2.2 ms
 * for 12 rows of the million, 0.3 ms through the windows). A longer number's windows together are
 * about as rare as those of six (an entry number: 29 candidates against 26). The index is smaller
 * (48 MB against 112 MB at 1,000,000 shipments): fewer distinct windows pack their lists closer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX shipment_search_texts_digits_idx;
    DROP FUNCTION search_digit_windows(text);
    CREATE INDEX shipment_search_texts_digits_idx ON shipment_search_texts
      USING gin (search_digit_windows(search_text, 5));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX shipment_search_texts_digits_idx;
    -- Migration 0048's function, alone of migration 0051's (a body that called it would keep 0051
    -- from being undone).
    CREATE FUNCTION search_digit_windows(search_text text) RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ARRAY(
      SELECT DISTINCT substr(run[1], start, 6)::integer
      FROM regexp_matches(search_text, '[0-9]{6,}', 'g') AS run, generate_series(1, length(run[1]) - 5) AS start
    );
    CREATE INDEX shipment_search_texts_digits_idx ON shipment_search_texts USING gin (search_digit_windows(search_text));
  `.execute(db);
}
