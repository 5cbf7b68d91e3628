import { sql, type Kysely } from 'kysely';

/**
 * What each server process counted in its own memory moves to the database, so that several
 * processes count together (docs/decisions/0042-several-processes.md): a user's uploads in the
 * current minute, and when a broker key's first accepted call of the hour was written to the
 * security event log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE upload_counts (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      uploads integer NOT NULL,
      minute_started_at timestamptz NOT NULL
    );
    ALTER TABLE broker_api_keys ADD COLUMN use_event_at timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE upload_counts;
    ALTER TABLE broker_api_keys DROP COLUMN use_event_at;
  `.execute(db);
}
