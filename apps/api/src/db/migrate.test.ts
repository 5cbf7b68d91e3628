import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/build-app.ts';
import { connectDatabase } from './connect.ts';
import { isSchemaCurrent, migrateToLatest } from './migrate.ts';

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

describe('the check of a current schema', () => {
  it('is false on a fresh database, true once every migration ran, false when one is missing or unknown', async () => {
    const db = await connectDatabase({});
    try {
      expect(await isSchemaCurrent(db)).toBe(false);
      await migrateToLatest(db);
      expect(await isSchemaCurrent(db)).toBe(true);
      // A second start finds nothing to do and changes nothing.
      await migrateToLatest(db);
      const [last] = (
        await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db)
      ).rows;
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999-later', '2026-01-01')`.execute(db);
      expect(await isSchemaCurrent(db)).toBe(false);
      // A database a later release migrated is refused, saying so, and left as it is.
      await expect(migrateToLatest(db)).rejects.toThrow(
        'The database was migrated by a newer release of Clearport: it has applied 9999-later, which this release does not know.',
      );
      await sql`DELETE FROM kysely_migration WHERE name IN ('9999-later', ${last!.name})`.execute(db);
      expect(await isSchemaCurrent(db)).toBe(false);
    } finally {
      await db.destroy();
    }
    // Every migration on a fresh embedded database: half a minute on an idle machine, minutes on a busy one.
  }, 600_000);
});
