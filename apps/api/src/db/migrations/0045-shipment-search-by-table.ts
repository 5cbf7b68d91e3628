import { sql, type Kysely } from 'kysely';

/**
 * Two readings of the large importer's account that cost more than a small company's
 * (docs/decisions/0005-shipment-list-queries.md):
 *
 * - Search: the trigrams of search_text alone, instead of the account with them (0018). An
 *   entry, container or file number is in a few shipments of the whole table, and the index of
 *   the trigrams alone finds them by their trigrams' short posting lists, where the account's
 *   300,000 entries had to be stepped through beside them (270 index pages for a container
 *   fragment). The account is then a condition on those few rows; a text found in more than a
 *   few thousand shipments of the table reads the account's own ETA index entries instead
 *   (shipments.repository.ts).
 * - Possible charges: the shipments with a last free day in the list's order (ETA, id), with the
 *   day beside, instead of (account, day): the page reads the latest forty whose day has come in
 *   index order, where it read and sorted the account's 4,700 rows; the count reads the same
 *   entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX shipments_search_idx;
    CREATE INDEX shipments_search_text_idx ON shipments USING gin (search_text gin_trgm_ops);
    DROP INDEX shipments_next_free_day_idx;
    CREATE INDEX shipments_free_day_eta_idx ON shipments (account_id, est_time_arrive DESC NULLS LAST, id DESC)
      INCLUDE (next_free_day) WHERE next_free_day IS NOT NULL;
    ANALYZE shipments;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX shipments_free_day_eta_idx;
    CREATE INDEX shipments_next_free_day_idx ON shipments (account_id, next_free_day) WHERE next_free_day IS NOT NULL;
    DROP INDEX shipments_search_text_idx;
    CREATE INDEX shipments_search_idx ON shipments USING gin (account_id, search_text gin_trgm_ops);
  `.execute(db);
}
