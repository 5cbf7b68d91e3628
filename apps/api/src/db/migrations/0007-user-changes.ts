import { sql, type Kysely } from 'kysely';

/**
 * The record of every change to a user (who, what, when), for the broker. `user_id` has no
 * foreign key so the record outlives a deleted user; `user_email` names them after that.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE user_changes (
      id bigserial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      user_email text NOT NULL,
      changed_by integer REFERENCES users(id) ON DELETE SET NULL,
      action text NOT NULL CHECK (action IN ('create', 'update', 'delete', 'password-link')),
      detail jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX user_changes_company_idx ON user_changes (company_id, created_at);
    CREATE INDEX user_changes_user_idx ON user_changes (user_id, created_at);
    CREATE INDEX user_changes_changed_by_idx ON user_changes (changed_by);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE user_changes`.execute(db);
}
