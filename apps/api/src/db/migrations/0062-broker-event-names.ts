import { sql, type Kysely } from 'kysely';
import { setStatementTriggerSettings } from './0055-statement-triggers-narrow.ts';

/**
 * A change-feed event keeps the names it was written with: the company's, the shipment's account
 * and file number at the time of the act. They were read when the feed was read, so a shipment the
 * broker moved since (or a company renamed) rewrote its past events, and a replay was not the events
 * as first handed out. The events written before take the names they read now.
 *
 * The delivery orders a broker's move deletes (leave-orders-behind.ts) are in the feed as well: the
 * broker's own acts are not news to it, but those deletions are the portal's consequence of one,
 * and the broker's system holds the orders (it may have approved them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE broker_events ADD COLUMN company text, ADD COLUMN account_no text, ADD COLUMN file_number text;
    UPDATE broker_events AS event SET
      company = (SELECT name FROM companies WHERE companies.id = event.company_id),
      account_no = (SELECT accounts.account_no FROM shipments JOIN accounts ON accounts.id = shipments.account_id
                    WHERE shipments.id = event.shipment_id),
      file_number = (SELECT file_number FROM shipments WHERE shipments.id = event.shipment_id);

    CREATE OR REPLACE FUNCTION broker_events_from_activity() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO broker_events (type, company_id, shipment_id, user_id, user_email, detail, created_at,
                                 company, account_no, file_number)
      SELECT added.action, accounts.company_id, added.shipment_id, added.user_id, users.email, added.detail,
             added.created_at, companies.name, accounts.account_no, shipments.file_number
      FROM added
      JOIN shipments ON shipments.id = added.shipment_id
      JOIN accounts ON accounts.id = shipments.account_id
      JOIN companies ON companies.id = accounts.company_id
      LEFT JOIN users ON users.id = added.user_id
      WHERE added.user_id IS NOT NULL OR added.action = 'delivery_order.deleted'
      ORDER BY added.id;
      RETURN NULL;
    END $$;

    CREATE OR REPLACE FUNCTION broker_events_from_user_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO broker_events (type, company_id, user_id, user_email, detail, created_at, company)
      SELECT CASE added.action
               WHEN 'create' THEN 'user.created'
               WHEN 'update' THEN 'user.updated'
               WHEN 'delete' THEN 'user.deleted'
               ELSE 'user.password_link_sent'
             END,
             added.company_id, added.changed_by, changer.email,
             added.detail || jsonb_build_object('user_id', added.user_id, 'user_email', added.user_email),
             added.created_at, companies.name
      FROM added
      JOIN users changer ON changer.id = added.changed_by
      JOIN companies ON companies.id = added.company_id
      ORDER BY added.id;
      RETURN NULL;
    END $$;

    CREATE OR REPLACE FUNCTION broker_events_from_lfd_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO broker_events (type, company_id, shipment_id, detail, created_at, company, account_no, file_number)
      SELECT 'container.lfd_changed', accounts.company_id, containers.shipment_id,
             jsonb_build_object('container_no', containers.container_no, 'which', added.which,
               'from', added.old_day, 'to', added.new_day),
             added.changed_at, companies.name, accounts.account_no, shipments.file_number
      FROM added
      JOIN containers ON containers.id = added.container_id
      JOIN shipments ON shipments.id = containers.shipment_id
      JOIN accounts ON accounts.id = shipments.account_id
      JOIN companies ON companies.id = accounts.company_id
      ORDER BY added.id;
      RETURN NULL;
    END $$;

    CREATE OR REPLACE FUNCTION broker_events_from_container_reminders() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO broker_events (type, company_id, shipment_id, detail, created_at, company, account_no, file_number)
      SELECT 'container.demurrage_started', accounts.company_id, containers.shipment_id,
             jsonb_build_object('container_no', containers.container_no, 'last_free_day', added.last_free_day),
             added.queued_at, companies.name, accounts.account_no, shipments.file_number
      FROM added
      JOIN containers ON containers.id = added.container_id
      JOIN shipments ON shipments.id = containers.shipment_id
      JOIN accounts ON accounts.id = shipments.account_id
      JOIN companies ON companies.id = accounts.company_id
      WHERE added.kind = 'charges_started' AND added.which = 'terminal'
      ORDER BY added.container_id;
      RETURN NULL;
    END $$;
  `.execute(db);
  await setStatementTriggerSettings(db);
}
