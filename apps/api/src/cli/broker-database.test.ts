import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copySeededDemo } from '../../test/seeded-template.ts';
import { apiDir } from '../../test/server-process.ts';
import { bundled } from '../../test/source-bundle.ts';
import { connectDatabase } from '../db/connect.ts';
import { DATABASE_FAILED_EXIT } from './broker.ts';

/*
 * A database the command line cannot use is told in one line and exit code 3, with no stack: one
 * that is not reached, and one of another version of the portal, which the command leaves as it is
 * (the portal's start migrates a database; on PostgreSQL an older server may be running on it).
 */

const run = promisify(execFile);
let copy: { dataDir: string; databaseUrl?: string; remove(): Promise<void> };

beforeAll(async () => {
  copy = await copySeededDemo(inject('seededTemplate'), 'clearport-cli-db-', process.env.TEST_DATABASE_URL);
});
afterAll(() => copy.remove());

const broker = (databaseUrl: string, ...args: string[]) =>
  run(process.execPath, [...bundled('cli/broker'), ...args], {
    cwd: apiDir,
    env: { ...process.env, DATA_DIR: copy.dataDir, DATABASE_URL: databaseUrl, INIT_CWD: apiDir },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

const open = () =>
  connectDatabase({
    databaseUrl: copy.databaseUrl,
    pgliteDir: copy.databaseUrl ? undefined : path.join(copy.dataDir, 'db'),
  });

const migrationNames = async () => {
  const db = await open();
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
    return rows.map((row) => row.name);
  } finally {
    await db.destroy();
  }
};

describe('the command line and a database it cannot use', () => {
  it('tells a database it cannot reach in one line, with exit code 3', async () => {
    const refused = await broker('postgres://postgres@127.0.0.1:1/clearport', 'delivery-orders');
    expect(refused.code).toBe(DATABASE_FAILED_EXIT);
    expect(refused.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^The database cannot be used: /)]);
  });

  it('leaves a database of a newer portal as it is, and says so', async () => {
    const db = await open();
    try {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999-a-newer-portal', now()::text)`.execute(db);
    } finally {
      await db.destroy();
    }
    const before = await migrationNames();
    const refused = await broker(copy.databaseUrl ?? '', 'api-keys', 'list');
    expect(refused.code).toBe(DATABASE_FAILED_EXIT);
    expect(refused.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^The database is of another version of the portal than this command line/),
    ]);
    expect(await migrationNames()).toEqual(before);
  });
});
