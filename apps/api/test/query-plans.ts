import { CompiledQuery, sql, type Transaction } from 'kysely';
import { beforeAll } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import type { Database } from '../src/db/schema.ts';
import type { SessionUser } from '../src/modules/access/session-user.ts';
import { testAppForFile } from './build-app.ts';
import { sessionUserOf } from './session-users.ts';

/**
 * The plan PostgreSQL picks for a statement inside `trx` once sequential scans and sorts are
 * priced out, so that the plan shows whether an index can serve it.
 */
export async function planWithoutScansOrSorts(
  trx: Transaction<Database>,
  compiled: { sql: string; parameters: readonly unknown[] },
): Promise<string> {
  await sql`SET LOCAL enable_seqscan = off`.execute(trx);
  await sql`SET LOCAL enable_sort = off`.execute(trx);
  const explained = await trx.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
  );
  return explained.rows.map((row) => Object.values(row)[0]).join('\n');
}

/**
 * The file's test app for the index tests, with the demo primary user as a session sees them;
 * read `db` and `primary` inside hooks and tests.
 */
export function indexTestApp() {
  const t = testAppForFile();
  let primary: SessionUser | undefined;
  beforeAll(async () => {
    primary = await sessionUserOf(t.app.db, 'primary@demo.test');
  });
  return {
    get db(): Db {
      return t.app.db;
    },
    get primary(): SessionUser {
      if (!primary) throw new Error('the primary user is read before the file’s tests run');
      return primary;
    },
  };
}
