import { sql, type Kysely } from 'kysely';

/**
 * Search through an index of the account and the trigrams of search_text (btree_gin beside
 * pg_trgm), so that a fragment is found among an importer's 300,000 shipments by the rows that
 * hold it, not by reading every one of them: the list's search read the large bench account's
 * ETA index entries twice (page and count), 104 ms of SQL for a container fragment, 3 ms
 * through this index. Accounts of up to 10,000 shipments still read their own entries
 * (shipments.repository.ts). Both extensions are trusted (PostgreSQL 13 and later), so the
 * database's owner may create them; PGlite loads them (db/connect.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE EXTENSION IF NOT EXISTS btree_gin;
    CREATE INDEX shipments_search_idx ON shipments USING gin (account_id, search_text gin_trgm_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX shipments_search_idx`.execute(db);
}
