import { sql, type Kysely } from 'kysely';

/**
 * The brokerage's API keys for /api/broker/v1/ (modules/ingestion). A key is shown once and kept
 * only as its SHA-256 hash: 256 random bits need no slow hash. The prefix names it in `list`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE broker_api_keys (
      id serial PRIMARY KEY,
      name text NOT NULL,
      prefix text NOT NULL,
      key_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE broker_api_keys;`.execute(db);
}
