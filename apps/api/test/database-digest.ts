import { sql } from 'kysely';
import type { Db } from '../src/db/connect.ts';

/**
 * A digest of every table but the sessions and the login throttle, to see that a refused call
 * wrote nothing.
 */
export async function databaseDigest(db: Db): Promise<string> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'
      AND table_name NOT IN ('sessions', 'login_throttle')
    ORDER BY table_name`.execute(db);
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    // A key's last use is the call's bookkeeping, not data the call wrote.
    const rows =
      name === 'broker_api_keys' ? sql`(SELECT id, key_hash, revoked_at FROM broker_api_keys)` : sql.table(name);
    const row = await sql<{ digest: string }>`
      SELECT ${name} || count(*) || coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS digest
      FROM ${rows} AS x`.execute(db);
    parts.push(row.rows[0]!.digest);
  }
  return parts.join('\n');
}
