import { sql, type Kysely } from 'kysely';

/**
 * A change sent again under the same request key (the `Idempotency-Key` header: a note, a new
 * delivery order) gets back the record the first made instead of a second one, when its answer was
 * lost on the way (docs/decisions/0048-request-keys.md). A key is the user's, under one shipment
 * and one kind of change, and is kept a day: the change that made the record is older than any retry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE request_keys (
      shipment_id integer NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      record_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (shipment_id, user_id, kind, key)
    )
  `.execute(db);
  // A user's keys past their day go when the user's next is kept; a user deleted takes theirs.
  await sql`CREATE INDEX request_keys_user_idx ON request_keys (user_id, created_at)`.execute(db);
}
