import { sql, type Kysely } from 'kysely';

/**
 * The demurrage watch's mail (docs/decisions/0031-demurrage-reminders.md): the company's
 * "Demurrage and detention" list and reminder days, its number (4) in the mail queue, the record
 * of each reminder queued (one per container, last free day, its value and kind), which change of
 * a last free day has been queued for mail, the indexes the daily run reads, and the change feed's
 * container events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE demurrage_alerts (
      company_id integer PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
      -- Null until the company sets its list: the delivery list's recipient and copies meanwhile.
      email text,
      cc_emails text[] CHECK (cardinality(cc_emails) <= 10),
      reminder_days smallint NOT NULL DEFAULT 2 CHECK (reminder_days BETWEEN 0 AND 10),
      CHECK ((email IS NULL) = (cc_emails IS NULL))
    );

    ALTER TABLE mail_messages DROP CONSTRAINT mail_messages_table_number_check;
    ALTER TABLE mail_messages ADD CONSTRAINT mail_messages_table_number_check CHECK (table_number BETWEEN 0 AND 4);

    -- Monday 1900-01-01 is day 0: the number of working days (Monday to Friday) before a day.
    CREATE FUNCTION working_days_before(day date) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT ((day - DATE '1900-01-01') / 7) * 5 + LEAST((day - DATE '1900-01-01') % 7, 5)
    $$;

    CREATE TABLE container_reminders (
      container_id integer NOT NULL REFERENCES containers(id) ON DELETE CASCADE,
      which text NOT NULL CHECK (which IN ('terminal', 'detention')),
      last_free_day date NOT NULL,
      kind text NOT NULL CHECK (kind IN ('due', 'charges_started')),
      queued_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (container_id, which, last_free_day, kind)
    );

    CREATE INDEX container_free_days_terminal_lfd ON container_free_days (terminal_last_free_day)
      WHERE gated_out_at IS NULL AND empty_returned_at IS NULL;
    CREATE INDEX container_free_days_detention_lfd ON container_free_days (detention_last_free_day)
      WHERE gated_out_at IS NOT NULL AND empty_returned_at IS NULL;

    -- The changes made before this migration are not news: they are marked queued.
    ALTER TABLE container_lfd_changes ADD COLUMN mail_queued_at timestamptz;
    UPDATE container_lfd_changes SET mail_queued_at = changed_at;
    CREATE INDEX container_lfd_changes_unqueued ON container_lfd_changes (id) WHERE mail_queued_at IS NULL;

    CREATE FUNCTION broker_events_from_lfd_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO broker_events (type, company_id, shipment_id, detail, created_at)
      SELECT 'container.lfd_changed', accounts.company_id, containers.shipment_id,
             jsonb_build_object('container_no', containers.container_no, 'which', added.which,
               'from', added.old_day, 'to', added.new_day),
             added.changed_at
      FROM added
      JOIN containers ON containers.id = added.container_id
      JOIN shipments ON shipments.id = containers.shipment_id
      JOIN accounts ON accounts.id = shipments.account_id
      ORDER BY added.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER container_lfd_changes_broker_events AFTER INSERT ON container_lfd_changes
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION broker_events_from_lfd_changes();

    CREATE FUNCTION broker_events_from_container_reminders() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO broker_events (type, company_id, shipment_id, detail, created_at)
      SELECT 'container.demurrage_started', accounts.company_id, containers.shipment_id,
             jsonb_build_object('container_no', containers.container_no, 'last_free_day', added.last_free_day),
             added.queued_at
      FROM added
      JOIN containers ON containers.id = added.container_id
      JOIN shipments ON shipments.id = containers.shipment_id
      JOIN accounts ON accounts.id = shipments.account_id
      WHERE added.kind = 'charges_started' AND added.which = 'terminal'
      ORDER BY added.container_id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER container_reminders_broker_events AFTER INSERT ON container_reminders
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION broker_events_from_container_reminders();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER container_reminders_broker_events ON container_reminders;
    DROP FUNCTION broker_events_from_container_reminders();
    DROP TRIGGER container_lfd_changes_broker_events ON container_lfd_changes;
    DROP FUNCTION broker_events_from_lfd_changes();
    DROP INDEX container_lfd_changes_unqueued;
    ALTER TABLE container_lfd_changes DROP COLUMN mail_queued_at;
    DROP INDEX container_free_days_detention_lfd;
    DROP INDEX container_free_days_terminal_lfd;
    DROP TABLE container_reminders;
    DROP FUNCTION working_days_before(date);
    DELETE FROM mail_messages WHERE table_number = 4;
    ALTER TABLE mail_messages DROP CONSTRAINT mail_messages_table_number_check;
    ALTER TABLE mail_messages ADD CONSTRAINT mail_messages_table_number_check CHECK (table_number BETWEEN 0 AND 3);
    DROP TABLE demurrage_alerts;
  `.execute(db);
}
