import { CompiledQuery, sql, type Transaction } from 'kysely';
import type { Database } from '../src/db/schema.ts';

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
