import { sql, type Kysely } from 'kysely';

/**
 * Two-factor sign-in (docs/decisions/0034-two-factor.md): a user's authenticator secret, kept
 * encrypted with the server's key, with the last time step a code was accepted for, so each code
 * passes once; the user's recovery codes, stored hashed; the short-lived challenge a login answers
 * between the password and the code; and whether the company requires a second factor of everyone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE user_second_factors (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      secret_encrypted text NOT NULL,
      confirmed_at timestamptz,
      last_used_step bigint,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE user_recovery_codes (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      UNIQUE (user_id, code_hash)
    )`.execute(db);
  await sql`
    CREATE TABLE login_challenges (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('second_factor', 'enrol')),
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_challenges_user_id ON login_challenges (user_id)`.execute(db);
  // A user's history records an administrator's reset of their second factor.
  await sql`ALTER TABLE user_changes DROP CONSTRAINT user_changes_action_check`.execute(db);
  await sql`
    ALTER TABLE user_changes ADD CONSTRAINT user_changes_action_check
      CHECK (action IN ('create', 'update', 'delete', 'password-link', 'end-sessions', 'two-factor-reset'))`.execute(
    db,
  );
}
