import { sql, type Kysely } from 'kysely';

/**
 * A text a B-tree index carries must fit its row: 2,704 bytes at most, after compression. Three
 * grew without bound and failed every write past it (program_limit_exceeded, answered 500):
 *
 * - a shipment's search text (the list's ETA index includes it) holds every container number, bill
 *   and entry number: with real container numbers, the 330th container of one shipment failed;
 * - an invoice's search text (the billing list's index), the same of the containers it bills;
 * - a user's account list (the users list's sort key, and in its search text): a primary user of
 *   a company of about 200 accounts, or a user linked to as many, failed.
 *
 * Each is now cut to a number of bytes that fits whatever its characters: 2,200 for the search
 * texts, 800 for the account list. A search finds what is in the part kept, about the first 180
 * containers of a shipment in the order they came; the account list sorts by its first accounts.
 * Texts stored before keep what they have (they fit, or they could not have been written).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The text cut to at most max_bytes bytes, whole characters: as many characters as bytes when
    -- it is ASCII; else that many less the bytes over (each character cut is a byte at least), and
    -- never fewer than a quarter of them (no character is more than four bytes).
    CREATE FUNCTION bounded_text(t text, max_bytes integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN octet_length(t) <= max_bytes THEN t
      ELSE left(t, greatest(max_bytes / 4, 2 * max_bytes - octet_length(left(t, max_bytes)))) END;

    CREATE OR REPLACE FUNCTION shipment_search_text(
      file_number text, reference text, master_bills text[], house_bills text[], container_nos text[],
      entry_numbers text[]
    ) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN bounded_text(lower(
      file_number || chr(31) || reference || chr(31)
      || array_to_string(master_bills || house_bills || container_nos || entry_numbers, chr(31))
    ), 2200);

    CREATE OR REPLACE FUNCTION invoice_search_text(
      invoice_number text, file_number text, reference text, master_bills text[], container_nos text[]
    ) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN bounded_text(lower(
      invoice_number || chr(31) || file_number || chr(31) || reference || chr(31)
      || array_to_string(master_bills || container_nos, chr(31))
    ), 2200);

    CREATE OR REPLACE FUNCTION user_account_list(p_user_id integer, p_role smallint, p_company_id integer)
    RETURNS text LANGUAGE sql STABLE AS $$
      SELECT bounded_text(coalesce(
        CASE WHEN p_role = 3 THEN
          (SELECT string_agg(a.account_no, ', ' ORDER BY a.account_no) FROM accounts a
            WHERE a.company_id = p_company_id)
        ELSE
          (SELECT string_agg(a.account_no, ', ' ORDER BY a.account_no)
            FROM user_accounts ua JOIN accounts a ON a.id = ua.account_id
            WHERE ua.user_id = p_user_id AND a.company_id = p_company_id)
        END, ''), 800)
    $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION shipment_search_text(
      file_number text, reference text, master_bills text[], house_bills text[], container_nos text[],
      entry_numbers text[]
    ) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN lower(
      file_number || chr(31) || reference || chr(31)
      || array_to_string(master_bills || house_bills || container_nos || entry_numbers, chr(31))
    );
    CREATE OR REPLACE FUNCTION invoice_search_text(
      invoice_number text, file_number text, reference text, master_bills text[], container_nos text[]
    ) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN lower(
      invoice_number || chr(31) || file_number || chr(31) || reference || chr(31)
      || array_to_string(master_bills || container_nos, chr(31))
    );
    CREATE OR REPLACE FUNCTION user_account_list(p_user_id integer, p_role smallint, p_company_id integer)
    RETURNS text LANGUAGE sql STABLE AS $$
      SELECT coalesce(
        CASE WHEN p_role = 3 THEN
          (SELECT string_agg(a.account_no, ', ' ORDER BY a.account_no) FROM accounts a
            WHERE a.company_id = p_company_id)
        ELSE
          (SELECT string_agg(a.account_no, ', ' ORDER BY a.account_no)
            FROM user_accounts ua JOIN accounts a ON a.id = ua.account_id
            WHERE ua.user_id = p_user_id AND a.company_id = p_company_id)
        END, '')
    $$;
    DROP FUNCTION bounded_text(text, integer);
  `.execute(db);
}
