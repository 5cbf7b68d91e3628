import { sql } from 'kysely';
import type { Db } from '../src/db/connect.ts';

/**
 * The rows of a table as a digest reads them: a key's or a session's last use is a call's
 * bookkeeping, not data it wrote.
 */
const rowsOf = (name: string) =>
  name === 'broker_api_keys'
    ? sql`(SELECT id, key_hash, scopes, expires_at, revoked_at FROM broker_api_keys)`
    : name === 'sessions'
      ? sql`(SELECT id, user_id, token_hash, created_at, expires_at, user_agent, ip_address FROM sessions)`
      : sql.table(name);

/**
 * Each table's row count and a digest of its rows, by table name, but the `skipped` tables; the
 * security events' kept counts (migrations 0044 and 0046) are skipped with the log they follow.
 */
export async function tableDigests(db: Db, skipped: readonly string[]): Promise<Record<string, string>> {
  const skip = skipped.includes('security_events')
    ? [...skipped, 'security_event_counts', 'security_event_day_counts']
    : skipped;
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'
    ORDER BY table_name`.execute(db);
  const digests: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (skip.includes(name)) continue;
    const row = await sql<{ digest: string }>`
      SELECT count(*) || ':' || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS digest
      FROM ${rowsOf(name)} AS x`.execute(db);
    digests[name] = row.rows[0]!.digest;
  }
  return digests;
}

/**
 * A digest of every table but the sessions, the login throttle, the upload rate's counts (an upload
 * refused still counts, decision 0042) and the security event log (which records refusals
 * themselves), to see that a refused call wrote nothing.
 */
export async function databaseDigest(db: Db): Promise<string> {
  const digests = await tableDigests(db, ['sessions', 'login_throttle', 'upload_counts', 'security_events']);
  return Object.entries(digests)
    .map(([name, digest]) => `${name}${digest}`)
    .join('\n');
}
