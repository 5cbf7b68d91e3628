import { sql, type Kysely } from 'kysely';

/**
 * The security event log (docs/decisions/0035-security-events.md): append-only, a trigger
 * refuses every UPDATE, DELETE and TRUNCATE. No foreign key: an event outlives the user and the
 * company it names, whose ids and e-mail stay as written. Indexed for the Security events screen's
 * keyset order (company, newest first) and each of its filters, and for the command line's list
 * across companies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE security_events (
      id bigserial PRIMARY KEY,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      company_id integer,
      user_id integer,
      email text,
      actor text NOT NULL CHECK (actor IN ('user', 'broker_key', 'system')),
      ip text,
      user_agent text,
      kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,40}$'),
      outcome text NOT NULL CHECK (outcome IN ('success', 'failure', 'throttled', 'refused')),
      detail jsonb NOT NULL DEFAULT '{}'::jsonb
    );
    CREATE INDEX security_events_company_idx ON security_events (company_id, occurred_at DESC, id DESC);
    CREATE INDEX security_events_company_kind_idx ON security_events (company_id, kind, occurred_at DESC, id DESC);
    CREATE INDEX security_events_company_user_idx ON security_events (company_id, user_id, occurred_at DESC, id DESC);
    CREATE INDEX security_events_time_idx ON security_events (occurred_at DESC, id DESC);

    CREATE FUNCTION security_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'security_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END;
    $$;
    CREATE TRIGGER security_events_no_change BEFORE UPDATE OR DELETE ON security_events
      FOR EACH ROW EXECUTE FUNCTION security_events_append_only();
    CREATE TRIGGER security_events_no_truncate BEFORE TRUNCATE ON security_events
      FOR EACH STATEMENT EXECUTE FUNCTION security_events_append_only();
  `.execute(db);
}
