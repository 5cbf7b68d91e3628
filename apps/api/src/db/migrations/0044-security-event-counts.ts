import { sql, type Kysely } from 'kysely';

/**
 * How many security events each company has of each kind, kept as they are written, so that the
 * Security events screen's total without a user or day filter reads one row a kind instead of
 * counting the company's events (a third of a second at 300,000; docs/decisions/0037). The log is
 * append-only (0041), so a count only grows: one statement trigger adds each INSERT's events by
 * company and kind. Events of no company (a sign-in for an unknown address) are not counted here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE security_event_counts (
      company_id integer NOT NULL,
      kind text NOT NULL,
      events bigint NOT NULL,
      PRIMARY KEY (company_id, kind)
    );
    INSERT INTO security_event_counts (company_id, kind, events)
      SELECT company_id, kind, count(*) FROM security_events WHERE company_id IS NOT NULL GROUP BY company_id, kind;

    CREATE FUNCTION security_events_counted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO security_event_counts AS counted (company_id, kind, events)
        SELECT company_id, kind, count(*) FROM written WHERE company_id IS NOT NULL GROUP BY company_id, kind
        ON CONFLICT (company_id, kind) DO UPDATE SET events = counted.events + EXCLUDED.events;
      RETURN NULL;
    END;
    $$;
    CREATE TRIGGER security_events_count AFTER INSERT ON security_events
      REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION security_events_counted();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER security_events_count ON security_events;
    DROP FUNCTION security_events_counted();
    DROP TABLE security_event_counts;
  `.execute(db);
}
