import { sql, type Kysely } from 'kysely';

/**
 * The brokerage's own identifier of a company, by which its ingestion API upserts it
 * (modules/ingestion). Accounts and shipments are already unique by account and file number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies ADD COLUMN broker_id text UNIQUE;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies DROP COLUMN broker_id;`.execute(db);
}
