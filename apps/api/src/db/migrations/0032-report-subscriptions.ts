import { sql, type Kysely } from 'kysely';

/**
 * The monthly report e-mail (docs/decisions/0027-reports.md): a user's subscriptions to reports,
 * and the durable queue of their mails, one per subscription and month reported (the unique key
 * keeps it once, whatever the passes and processes), sent under a lease with retries like the
 * event mail (migration 0013).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_subscriptions (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      report text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, report)
    );
    CREATE TABLE report_mail (
      id bigserial PRIMARY KEY,
      subscription_id integer NOT NULL REFERENCES report_subscriptions(id) ON DELETE CASCADE,
      period text NOT NULL,
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'retrying', 'sent', 'skipped', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      locked_until timestamptz,
      first_attempt_at timestamptz,
      last_error text,
      message_id text NOT NULL,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (subscription_id, period)
    );
    CREATE INDEX report_mail_queued ON report_mail (created_at, id) WHERE state IN ('queued', 'retrying', 'sending');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE report_mail, report_subscriptions`.execute(db);
}
