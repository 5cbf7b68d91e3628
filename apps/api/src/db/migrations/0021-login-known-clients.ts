import { sql, type Kysely } from 'kysely';

/**
 * A user name that logged in from a client address, with the attempts made for it from there
 * since: while an address waits for its guesses, such a name may still try its password a few
 * times (modules/auth/login-throttle.ts), so colleagues behind one address are not held back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE login_known_clients (
      user_name text NOT NULL,
      address text NOT NULL,
      logged_in_at timestamptz NOT NULL,
      attempts integer NOT NULL,
      PRIMARY KEY (user_name, address)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE login_known_clients;`.execute(db);
}
