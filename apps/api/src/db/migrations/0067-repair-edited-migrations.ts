import { sql, type Kysely } from 'kysely';

/**
 * Two migrations were changed after some databases had applied them, and a migration that has run
 * never runs again, so those databases kept the first version:
 *
 * - 0057 first locked an entry's shipment FOR SHARE, and a line's entry too (2026-12-04, 21:24 to
 *   21:50 UTC): two broker batches writing entries of one shipment then deadlocked. Its second
 *   version locks the shipment FOR NO KEY UPDATE and leaves the line's copy as 0031 wrote it.
 * - 0059 first made `request_keys` without `request_hash` and its index on the user's keys
 *   (2026-12-05, 21:41 to 22:49 UTC): a note sent with a request key then answered 500.
 *
 * This brings such a database to what a fresh one has, and changes nothing on any other: the
 * functions are written again as the last versions wrote them, and the column and index are made
 * only where they are missing. Keys kept before the column existed have no hash to compare a
 * retry with and go; a key lives a day, and its change was made and answered long since.
 * (`db/migration-checksums.test.ts` now keeps a migration from changing once written.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION customs_entry_of_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT s.account_id, coalesce(s.shipment_discharge_date, s.est_time_arrive)::date
        INTO NEW.account_id, NEW.arrival_date
        FROM shipments s WHERE s.id = NEW.shipment_id FOR NO KEY UPDATE;
      RETURN NEW;
    END $$;`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION customs_entry_line_of_entry() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT e.account_id, date_trunc('month', e.entry_date)::date INTO NEW.account_id, NEW.month
        FROM customs_entries e WHERE e.id = NEW.entry_id;
      RETURN NEW;
    END $$;`.execute(db);
  await sql`ALTER TABLE request_keys ADD COLUMN IF NOT EXISTS request_hash text`.execute(db);
  await sql`DELETE FROM request_keys WHERE request_hash IS NULL`.execute(db);
  await sql`ALTER TABLE request_keys ALTER COLUMN request_hash SET NOT NULL`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS request_keys_user_idx ON request_keys (user_id, created_at)`.execute(db);
}
