import { sql, type Kysely } from 'kysely';

/**
 * The durable queue of event mail (decision 0017). An event is written in the transaction of the
 * change that caused it and joins its company list's gathering message (one open message per
 * company, list and kind); the server's worker sends a message once its gathering window
 * (counted from its first event) has passed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mail_messages (
      id bigserial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      table_number smallint NOT NULL CHECK (table_number BETWEEN 0 AND 3),
      kind text NOT NULL,
      state text NOT NULL DEFAULT 'gathering'
        CHECK (state IN ('gathering', 'sending', 'retrying', 'sent', 'skipped', 'failed')),
      next_attempt_at timestamptz,
      locked_until timestamptz,
      first_attempt_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      message_id text NOT NULL,
      recipients text[] NOT NULL DEFAULT '{}',
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX mail_messages_gathering ON mail_messages (company_id, table_number, kind)
      WHERE state = 'gathering';
    CREATE INDEX mail_messages_queued ON mail_messages (created_at)
      WHERE state IN ('gathering', 'retrying', 'sending');
    CREATE INDEX mail_messages_failed ON mail_messages (id) WHERE state = 'failed';
    CREATE TABLE mail_events (
      id bigserial PRIMARY KEY,
      message_id bigint NOT NULL REFERENCES mail_messages(id) ON DELETE CASCADE,
      detail jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX mail_events_message ON mail_events (message_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE mail_events, mail_messages`.execute(db);
}
