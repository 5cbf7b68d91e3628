import { sql, type Kysely } from 'kysely';

/**
 * A search of a text with six digits in a row in a large account (an entry, container or bill
 * number; docs/decisions/0005-shipment-list-queries.md): the windows of six digits of every run
 * of digits in a search text, as numbers, which migration 0050 indexes (GIN) on the copy of the
 * search texts. Every window of the searched text's runs is in the windows of a shipment whose
 * text holds it, so the index finds a superset of the matches, and the substring is checked on
 * them. Digits make no rare trigram (`000`, `027` are each in tens of thousands of the million
 * rows' texts), where a window of six digits is in a few dozen: an entry number in the large
 * importer's account cost 61 ms through the trigram index of migration 0045.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION search_digit_windows(search_text text) RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN ARRAY(
      SELECT DISTINCT substr(run[1], start, 6)::integer
      FROM regexp_matches(search_text, '[0-9]{6,}', 'g') AS run, generate_series(1, length(run[1]) - 5) AS start
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION search_digit_windows(text);`.execute(db);
}
