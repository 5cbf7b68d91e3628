import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Db } from './connect.ts';
import { readFromReplica } from './read-replica.ts';

/*
 * Which database a read goes to (decision 0040), on two embedded databases that say which one
 * they are, and a PostgreSQL address nothing listens on. The replica's replay is tested on a
 * real streaming replica in test/read-replica.test.ts.
 */

const nobody = { lastWriteLsn: null };
const whoAnswers = async (db: Db) => (await sql<{ name: string }>`SELECT name FROM which`.execute(db)).rows[0]?.name;

async function namedDatabase(name: string): Promise<Db> {
  const db = await connectDatabase({});
  await sql`CREATE TABLE which (name text)`.execute(db);
  await sql`INSERT INTO which VALUES (${name})`.execute(db);
  return db;
}

/** A loopback port nothing listens on: a connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('readFromReplica', () => {
  let primary: Db;
  let replica: Db;
  let unreachable: Db;
  const warnings: Array<{ skipMs?: number }> = [];
  const warn = (detail: object) => warnings.push(detail);

  beforeAll(async () => {
    primary = await namedDatabase('primary');
    replica = await namedDatabase('replica');
    unreachable = await connectDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/clearport`,
      connectTimeoutMs: 1_000,
    });
  });
  afterAll(async () => {
    await Promise.all([primary?.destroy(), replica?.destroy(), unreachable?.destroy()]);
  });

  it('reads the primary when there is no replica', async () => {
    expect(await readFromReplica(primary, undefined, { warn })(nobody, whoAnswers)).toBe('primary');
  });

  it('reads the replica, also for a session with a change it has replayed (a server not in recovery has all)', async () => {
    const read = readFromReplica(primary, replica, { warn });
    expect(await read(nobody, whoAnswers)).toBe('replica');
    expect(await read({ lastWriteLsn: '0/1' }, whoAnswers)).toBe('replica');
  });

  it('answers a read’s own error as it is, without reading it again elsewhere', async () => {
    const read = readFromReplica(primary, replica, { warn });
    await expect(read(nobody, (db) => sql`SELECT * FROM no_such_table`.execute(db))).rejects.toThrow(/no_such_table/);
  });

  it('reads the primary when the replica cannot be reached, and skips it for a while', async () => {
    warnings.length = 0;
    const read = readFromReplica(primary, unreachable, { warn, backOffMs: 20_000 });
    // The reads under way when it fails count once.
    expect(await Promise.all([read(nobody, whoAnswers), read(nobody, whoAnswers)])).toEqual(['primary', 'primary']);
    expect(warnings).toEqual([expect.objectContaining({ skipMs: 20_000 })]);
    expect(await read(nobody, whoAnswers)).toBe('primary');
    expect(warnings).toHaveLength(1);
  });

  it('tries the replica again after the back-off, which doubles while it keeps failing', async () => {
    warnings.length = 0;
    const read = readFromReplica(primary, unreachable, { warn, backOffMs: 1 });
    expect(await read(nobody, whoAnswers)).toBe('primary');
    await sleep(20);
    expect(await read(nobody, whoAnswers)).toBe('primary');
    expect(warnings).toEqual([expect.objectContaining({ skipMs: 1 }), expect.objectContaining({ skipMs: 2 })]);
  });
});
