import { sql, type Kysely } from 'kysely';

/**
 * Sessions a user can see and end, and their idle end (docs/decisions/0033-session-cookie.md):
 * when each was last used (written at most once a minute), the browser and the address it was
 * started from. The broker's sign-in links to Home (token_user): single-use, short-lived, kept as
 * a hash like the sessions and reset links. A user's history records their sign-ins ended by
 * their primary user or a manager.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sessions ADD COLUMN IF NOT EXISTS created_at timestamptz NOT NULL DEFAULT now();
    ALTER TABLE sessions ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();
    ALTER TABLE sessions ADD COLUMN user_agent text NOT NULL DEFAULT '' CHECK (length(user_agent) <= 512);
    ALTER TABLE sessions ADD COLUMN ip_address text NOT NULL DEFAULT '' CHECK (length(ip_address) <= 64);

    CREATE TABLE sign_in_links (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX sign_in_links_user_idx ON sign_in_links (user_id);
    CREATE INDEX sign_in_links_expires_idx ON sign_in_links (expires_at);

    -- A user's sign-ins ended by their primary user or a manager, in the user's history.
    ALTER TABLE user_changes DROP CONSTRAINT user_changes_action_check;
    ALTER TABLE user_changes ADD CONSTRAINT user_changes_action_check
      CHECK (action IN ('create', 'update', 'delete', 'password-link', 'end-sessions'));
  `.execute(db);
}
