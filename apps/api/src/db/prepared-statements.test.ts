import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase } from '../../test/build-app.ts';
import { connectDatabase, type Db } from './connect.ts';
import { executePrepared } from './prepared-statements.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('prepared statements on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(serverUrl!);
    db = await connectDatabase({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  /** The statements prepared on the connection that runs this one (itself included). */
  async function preparedHere(): Promise<number> {
    const [row] = await executePrepared(
      db,
      sql<{ count: number }>`SELECT count(*)::int AS count FROM pg_prepared_statements WHERE ${1} = 1`.compile(db),
    );
    return row!.count;
  }

  it('prepares once per connection and answers each call with its own values', async () => {
    const query = (value: number) => sql<{ value: number }>`SELECT ${value}::int AS value`.compile(db);
    for (const value of [1, 2, 3]) expect(await executePrepared(db, query(value))).toEqual([{ value }]);
    expect(await preparedHere()).toBe(2);
  });

  it('keeps at most a hundred statements per connection, dropping the least recently used', async () => {
    for (let index = 0; index < 150; index++) {
      const rows = await executePrepared(
        db,
        sql<{ value: number }>`SELECT ${index}::int AS value, ${sql.lit(index)} AS shape`.compile(db),
      );
      expect(rows[0]!.value).toBe(index);
    }
    expect(await preparedHere()).toBe(100);
    // An evicted statement is prepared again when it comes back.
    expect(
      await executePrepared(db, sql<{ value: number }>`SELECT ${7}::int AS value, ${sql.lit(0)} AS shape`.compile(db)),
    ).toEqual([{ value: 7, shape: 0 }]);
  });

  it('runs every connection without JIT compilation', async () => {
    const shown = async () => (await sql<{ jit: string }>`SHOW jit`.execute(db)).rows[0]!.jit;
    // Ten calls side by side take ten of the pool's connections, each new one's first query among them.
    const settings = await Promise.all(Array.from({ length: 10 }, shown));
    expect(settings).toEqual(Array(10).fill('off'));
  });

  it('leaves unmarked queries unprepared', async () => {
    const before = await preparedHere();
    await sql`SELECT ${42}::int AS unprepared`.execute(db);
    expect(await preparedHere()).toBe(before);
  });
});
