import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/build-app.ts';
import { connectDatabase } from './connect.ts';
import { migrateToLatest } from './migrate.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('migrations on PostgreSQL', () => {
  it('run once when several processes start on a fresh database at the same time', async () => {
    const database = await createTestDatabase(serverUrl!);
    const starts = await Promise.all([1, 2, 3].map(() => connectDatabase({ databaseUrl: database.url })));
    try {
      await Promise.all(starts.map((db) => migrateToLatest(db)));
      const applied = await sql<{ name: string; times: number }>`
        SELECT name, count(*)::int AS times FROM kysely_migration GROUP BY name HAVING count(*) > 1
      `.execute(starts[0]!);
      expect(applied.rows).toEqual([]);
      const tables = await sql<{ count: number }>`
        SELECT count(*)::int AS count FROM information_schema.tables WHERE table_name = 'shipments'
      `.execute(starts[0]!);
      expect(tables.rows[0]!.count).toBe(1);
    } finally {
      await Promise.all(starts.map((db) => db.destroy()));
      await database.drop();
    }
  });
});
