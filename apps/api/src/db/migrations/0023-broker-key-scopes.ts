import { sql, type Kysely } from 'kysely';

/**
 * A broker API key may do only what its scopes name (records, events, files, admin), may expire,
 * and tells when it was last used. The keys made before scopes existed keep what they could do:
 * the records, the feed and the files, not the administration, which is new. The administration
 * pages the delivery orders waiting for approval by id, as its own index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE broker_api_keys
      ADD COLUMN scopes text[] NOT NULL DEFAULT '{records,events,files}',
      ADD COLUMN expires_at timestamptz,
      ADD COLUMN last_used_at timestamptz;
    ALTER TABLE broker_api_keys ALTER COLUMN scopes DROP DEFAULT;
    CREATE INDEX delivery_orders_waiting_idx ON delivery_orders (id) WHERE NOT approved;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX delivery_orders_waiting_idx;
    ALTER TABLE broker_api_keys DROP COLUMN scopes, DROP COLUMN expires_at, DROP COLUMN last_used_at;
  `.execute(db);
}
