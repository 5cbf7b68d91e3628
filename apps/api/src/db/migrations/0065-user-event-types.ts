import { sql, type Kysely } from 'kysely';
import { setStatementTriggerSettings } from './0055-statement-triggers-narrow.ts';

/**
 * Each change to a user has its own event type in the broker's change feed. A manager who signed a
 * user out everywhere, or reset their second factor, was told as `user.password_link_sent`, the one
 * type for every change not a create, update or delete: the broker read that a set-password e-mail
 * went out. They are `user.sessions_ended` and `user.two_factor_reset` now, and the events written
 * before take their right type (found by the change they were written from: the same company, time
 * and user).
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

    UPDATE broker_events AS event
    SET type = CASE change.action WHEN 'end-sessions' THEN 'user.sessions_ended' ELSE 'user.two_factor_reset' END
    FROM user_changes AS change
    WHERE event.type = 'user.password_link_sent'
      AND change.action IN ('end-sessions', 'two-factor-reset')
      AND change.company_id = event.company_id
      AND change.created_at = event.created_at
      AND change.user_id = (event.detail->>'user_id')::int
      AND change.changed_by = event.user_id;
  `.execute(db);
  await setStatementTriggerSettings(db);
}
