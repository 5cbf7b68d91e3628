import { sql, type Kysely } from 'kysely';

/**
 * An entry copies its shipment's account and arrival (migration 0031), and a line its entry's
 * account and month, when it is written or moved. The copy was read without a lock: a shipment
 * moved by another transaction at the same time kept the entry in its old account (the shipment's
 * statement trigger cannot see an entry not yet committed, and the entry's copy read the shipment
 * as it was before), and every report then counted the entry under that account. The copy now
 * reads its row FOR SHARE: it waits for a move of that row under way to commit and reads it as
 * moved, and a move that comes after waits for the entry, whose commit its statement trigger then
 * sees. The foreign key's check already locked the same row (FOR KEY SHARE); this lock is the
 * stronger one that a move's update conflicts with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION customs_entry_of_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT s.account_id, coalesce(s.shipment_discharge_date, s.est_time_arrive)::date
        INTO NEW.account_id, NEW.arrival_date
        FROM shipments s WHERE s.id = NEW.shipment_id FOR SHARE;
      RETURN NEW;
    END $$;
    CREATE OR REPLACE FUNCTION customs_entry_line_of_entry() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT e.account_id, date_trunc('month', e.entry_date)::date INTO NEW.account_id, NEW.month
        FROM customs_entries e WHERE e.id = NEW.entry_id FOR SHARE;
      RETURN NEW;
    END $$;`.execute(db);
}
