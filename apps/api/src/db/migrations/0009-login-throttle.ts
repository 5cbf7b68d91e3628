import { sql, type Kysely } from 'kysely';

/**
 * Login and forgot-password throttling by key (a user name, a client address, or both), counted
 * before the password is checked, so a parallel burst cannot pass it (modules/auth/login-throttle.ts).
 * It replaces login_failures, which counted after the check and locked a name for 15 minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE login_failures;
    CREATE TABLE login_throttle (
      key text PRIMARY KEY,
      attempts integer NOT NULL,
      window_started_at timestamptz NOT NULL,
      next_attempt_at timestamptz NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE login_throttle;
    CREATE TABLE login_failures (
      user_name text PRIMARY KEY,
      failures integer NOT NULL,
      first_failed_at timestamptz NOT NULL,
      locked_until timestamptz
    );
  `.execute(db);
}
