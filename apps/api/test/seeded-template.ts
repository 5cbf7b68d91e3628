import { randomBytes } from 'node:crypto';
import { copyFile, cp, link, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/config.ts';
import pg from '../src/db/pg-driver.ts';
import { TEST_CONNECT_TIMEOUT_MS } from './connect-timeout.ts';
import type { SeededTemplate } from './prepared-templates.ts';

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server (a copy of `template` when named),
 * dropped again by the returned function.
 */
export async function createTestDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `clearport_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => dropTestDatabase(serverUrl, name),
  };
}

/** Drops a database createTestDatabase made, with the connections still open to it. */
export async function dropTestDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
}

/**
 * A folder of stored files as hard links to `from`'s: a test app's store starts as the template's in
 * a few milliseconds instead of a third of a second of copying. A store never changes a file in
 * place (Storage.put writes a new one and renames it), so what a test writes or removes stays its own.
 */
export async function linkFiles(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map(async (entry) => {
      const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
      if (entry.isDirectory()) await linkFiles(source, target);
      else await link(source, target).catch(() => copyFile(source, target));
    }),
  );
}

/**
 * A data folder and database that start as the seeded demo, for a test that runs the portal or the
 * command line in a process of its own: a new folder under the system's temporary one, named from
 * `prefix`, with the template's stored files linked and the rest copied (its embedded database among
 * them), and, with serverUrl, a new database on that server copied from the template's. `remove`
 * drops the database and deletes the folder.
 */
export async function copySeededDemo(
  template: SeededTemplate,
  prefix: string,
  serverUrl?: string,
): Promise<{ dataDir: string; databaseUrl?: string; remove(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const files = path.join(template.dataDir, 'files');
  await cp(template.dataDir, dataDir, { recursive: true, filter: (source) => source !== files });
  await linkFiles(files, path.join(dataDir, 'files'));
  const database = serverUrl ? await createTestDatabase(serverUrl, template.databaseName) : undefined;
  return {
    dataDir,
    databaseUrl: database?.url,
    async remove() {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Seeds the demo brokerage into dataDir (its files, and its PGlite unless databaseUrl is given). */
async function seed(dataDir: string, databaseUrl?: string) {
  const app = await buildApp({
    ...configFromEnv({}),
    dataDir,
    databaseUrl,
    databaseConnectTimeoutMs: TEST_CONNECT_TIMEOUT_MS,
    logLevel: 'silent',
    seedDemo: true,
    mailWorker: false,
    webhookWorker: false,
  });
  await app.ready();
  await app.close();
}

/**
 * Seeds a template into `folder`: on PGlite, or on a new database of the PostgreSQL server at
 * serverUrl. Creating, migrating and seeding an embedded database takes about five seconds, most of
 * it PGlite's initdb, and the demo twenty more; starting from a copy of a seeded one takes one.
 */
export async function seedTemplate(folder: string, serverUrl?: string): Promise<SeededTemplate> {
  // The cost vitest.config.ts sets for the tests: the template's passwords are checked at it.
  process.env.PASSWORD_HASH_COST = '12';
  const dataDir = path.join(folder, 'data');
  await mkdir(dataDir, { recursive: true });
  const database = serverUrl ? await createTestDatabase(serverUrl) : undefined;
  try {
    await seed(dataDir, database?.url);
  } catch (error) {
    // No manifest names the database yet, so nothing else would drop it.
    await database?.drop();
    throw error;
  }
  const template: SeededTemplate = { dataDir, databaseName: database?.name };
  await writeFile(path.join(folder, 'template.json'), JSON.stringify(template));
  return template;
}
