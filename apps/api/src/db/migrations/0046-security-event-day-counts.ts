import { sql, type Kysely } from 'kysely';

/**
 * How many security events each company has of each kind on each UTC day, kept as they are
 * written beside the counts by company and kind (migration 0044), so that the Security events
 * screen's total over a range of the company's days sums the kept rows of the whole UTC days
 * inside it and counts only the parts of a day at its ends (docs/decisions/0037). The days are
 * UTC days, not the company's: a company may change its time zone, and a UTC day lies whole
 * inside a company's range or is one of its two ends whatever the zone. The log is append-only
 * (0041), so a count only grows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE security_event_day_counts (
      company_id integer NOT NULL,
      day date NOT NULL,
      kind text NOT NULL,
      events bigint NOT NULL,
      PRIMARY KEY (company_id, day, kind)
    );
    INSERT INTO security_event_day_counts (company_id, day, kind, events)
      SELECT company_id, (occurred_at AT TIME ZONE 'UTC')::date, kind, count(*) FROM security_events
      WHERE company_id IS NOT NULL GROUP BY 1, 2, 3;

    CREATE OR REPLACE FUNCTION security_events_counted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO security_event_counts AS counted (company_id, kind, events)
        SELECT company_id, kind, count(*) FROM written WHERE company_id IS NOT NULL GROUP BY company_id, kind
        ORDER BY company_id, kind
        ON CONFLICT (company_id, kind) DO UPDATE SET events = counted.events + EXCLUDED.events;
      INSERT INTO security_event_day_counts AS counted (company_id, day, kind, events)
        SELECT company_id, (occurred_at AT TIME ZONE 'UTC')::date, kind, count(*) FROM written
        WHERE company_id IS NOT NULL GROUP BY 1, 2, 3
        ORDER BY 1, 2, 3
        ON CONFLICT (company_id, day, kind) DO UPDATE SET events = counted.events + EXCLUDED.events;
      RETURN NULL;
    END;
    $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION security_events_counted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO security_event_counts AS counted (company_id, kind, events)
        SELECT company_id, kind, count(*) FROM written WHERE company_id IS NOT NULL GROUP BY company_id, kind
        ON CONFLICT (company_id, kind) DO UPDATE SET events = counted.events + EXCLUDED.events;
      RETURN NULL;
    END;
    $$;
    DROP TABLE security_event_day_counts;
  `.execute(db);
}
