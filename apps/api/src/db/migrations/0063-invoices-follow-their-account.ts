import { sql, type Kysely } from 'kysely';

/**
 * An invoice shows its shipment's reference, master bills and containers (migration 0006) only
 * while the shipment is of the invoice's account. A shipment the broker moves to another account
 * leaves its invoices where they were billed; they kept taking the shipment's later changes, so the
 * old account's users read what the new account's people entered (another company's, after a move
 * between companies). From the move on they keep what they showed at it; the repository joins the
 * shipment for its link on the same condition, and a shipment moved back is followed again
 * (ingestion.repository.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION invoices_follow_shipment() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE invoices SET
        customer_reference_no = NEW.customer_reference_no,
        master_bills = NEW.master_bills,
        container_nos = NEW.container_nos
      WHERE shipment_id = NEW.id AND account_id = NEW.account_id;
      RETURN NULL;
    END $$;
  `.execute(db);
}
