import { sql, type Kysely } from 'kysely';

/**
 * Where the primary's write-ahead log stood after a session's last change
 * (docs/decisions/0040-read-replica.md): a list read from the replica for that session waits
 * until the replica has replayed up to it, so the session sees what it changed. Empty for a
 * session that changed nothing, and always when no replica is configured.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessions ADD COLUMN last_write_lsn pg_lsn`.execute(db);
}
