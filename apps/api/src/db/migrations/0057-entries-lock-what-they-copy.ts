import { sql, type Kysely } from 'kysely';

/**
 * An entry copies its shipment's account and arrival when it is written or moved (migration
 * 0031). The copy was read without a lock: a shipment moved by another transaction at the same
 * time kept the entry in its old account (the shipment's statement trigger cannot see an entry not
 * yet committed, and the entry's copy read the shipment as it was before), and every report then
 * counted the entry under that account. The copy now reads the shipment FOR NO KEY UPDATE, the
 * lock a move's update takes: it waits for a move under way to commit and copies the shipment as
 * moved, and a move that comes after waits for the entry, whose commit its statement trigger then
 * sees. Not FOR SHARE: two writers of one shipment's entries would both hold it and then deadlock
 * when the same transaction's derived columns update the shipment. (A line's copy of its entry
 * needs no lock of its own: the line's writer, setEntryLine, locks the entry FOR UPDATE first.)
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
}
