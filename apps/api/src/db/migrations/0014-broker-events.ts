import { sql, type Kysely } from 'kysely';

/**
 * The broker's change feed (decision 0018): what customers did, written by triggers in the
 * transaction of the act itself. `tx` is the writing transaction's id; the feed reads in
 * (tx, id) order and only transactions older than every one still running, so an event that
 * commits late can never fall behind a cursor already handed out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE broker_events (
      id bigserial PRIMARY KEY,
      tx bigint NOT NULL DEFAULT (pg_current_xact_id()::text::bigint),
      type text NOT NULL,
      company_id integer,
      shipment_id integer,
      user_id integer,
      user_email text,
      detail jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX broker_events_feed_idx ON broker_events (tx, id);

    -- A customer's act under a shipment; the broker's own (no user) are not news to the broker.
    CREATE FUNCTION broker_events_from_activity() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO broker_events (type, company_id, shipment_id, user_id, user_email, detail, created_at)
      SELECT added.action, accounts.company_id, added.shipment_id, added.user_id, users.email, added.detail,
             added.created_at
      FROM added
      JOIN shipments ON shipments.id = added.shipment_id
      JOIN accounts ON accounts.id = shipments.account_id
      LEFT JOIN users ON users.id = added.user_id
      WHERE added.user_id IS NOT NULL
      ORDER BY added.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER shipment_activity_broker_events AFTER INSERT ON shipment_activity
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION broker_events_from_activity();

    -- A change to a company's users by one of its own (not the broker's, through its API).
    CREATE FUNCTION broker_events_from_user_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO broker_events (type, company_id, user_id, user_email, detail, created_at)
      SELECT CASE added.action
               WHEN 'create' THEN 'user.created'
               WHEN 'update' THEN 'user.updated'
               WHEN 'delete' THEN 'user.deleted'
               ELSE 'user.password_link_sent'
             END,
             added.company_id, added.changed_by, changer.email,
             added.detail || jsonb_build_object('user_id', added.user_id, 'user_email', added.user_email),
             added.created_at
      FROM added
      JOIN users changer ON changer.id = added.changed_by
      ORDER BY added.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER user_changes_broker_events AFTER INSERT ON user_changes
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION broker_events_from_user_changes();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER user_changes_broker_events ON user_changes;
    DROP TRIGGER shipment_activity_broker_events ON shipment_activity;
    DROP FUNCTION broker_events_from_user_changes();
    DROP FUNCTION broker_events_from_activity();
    DROP TABLE broker_events;
  `.execute(db);
}
