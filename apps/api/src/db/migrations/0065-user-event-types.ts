import { sql, type Kysely } from 'kysely';
import { setStatementTriggerSettings } from './0055-statement-triggers-narrow.ts';

/**
 * Each change to a user has its own event type in the broker's change feed. A manager who signed a
 * user out everywhere, or reset their second factor, was told as `user.password_link_sent`, the one
 * type for every change not a create, update or delete: the broker read that a set-password e-mail
 * went out. They are `user.sessions_ended` and `user.two_factor_reset` now, and the events written
 * before take their right type, found by the change each was written from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION broker_events_from_user_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO broker_events (type, company_id, user_id, user_email, detail, created_at, company)
      SELECT CASE added.action
               WHEN 'create' THEN 'user.created'
               WHEN 'update' THEN 'user.updated'
               WHEN 'delete' THEN 'user.deleted'
               WHEN 'password-link' THEN 'user.password_link_sent'
               WHEN 'end-sessions' THEN 'user.sessions_ended'
               WHEN 'two-factor-reset' THEN 'user.two_factor_reset'
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

    -- Each event paired with the change it was written from: the same company, time, user and
    -- changer, and the same place among those (the trigger wrote them in the changes' order).
    WITH changes AS (
      SELECT action, company_id, created_at, user_id, changed_by,
        row_number() OVER (PARTITION BY company_id, created_at, user_id, changed_by ORDER BY id) AS nth
      FROM user_changes
      WHERE action NOT IN ('create', 'update', 'delete') AND changed_by IS NOT NULL
    ), events AS (
      SELECT id, company_id, created_at, (detail->>'user_id')::int AS subject, user_id,
        row_number() OVER (PARTITION BY company_id, created_at, detail->>'user_id', user_id ORDER BY id) AS nth
      FROM broker_events
      WHERE type = 'user.password_link_sent'
    )
    UPDATE broker_events
    SET type = CASE changes.action WHEN 'end-sessions' THEN 'user.sessions_ended' ELSE 'user.two_factor_reset' END
    FROM events JOIN changes
      ON changes.company_id = events.company_id AND changes.created_at = events.created_at
      AND changes.user_id = events.subject AND changes.changed_by = events.user_id AND changes.nth = events.nth
    WHERE broker_events.id = events.id AND changes.action IN ('end-sessions', 'two-factor-reset');
  `.execute(db);
  await setStatementTriggerSettings(db);
}
