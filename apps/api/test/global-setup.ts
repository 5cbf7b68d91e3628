import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/config.ts';
import { PGLITE_EXTENSIONS } from '../src/db/connect.ts';
import { createTestDatabase } from './build-app.ts';
import { bundleSources } from './source-bundle.ts';

/** The seeded demo database every test app starts as (see buildTestApp), made once per run. */
export type SeededTemplate = {
  /** The stored files the seed wrote, copied into each test app's data folder. */
  dataDir: string;
  /** A dump of the seeded PGlite data folder (without TEST_DATABASE_URL). */
  pgliteImage?: string;
  /** A seeded database on the TEST_DATABASE_URL server that new test databases are copied from. */
  databaseName?: string;
};

declare module 'vitest' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    seededTemplate: SeededTemplate;
    /** The folder of this run's bundle of the server and the command lines (test/source-bundle.ts). */
    sourceBundle: string;
  }
}

const PASSWORD_HASH_COST = '12';

/** Seeds the demo brokerage into dataDir (its files, and its PGlite unless databaseUrl is given). */
async function seed(dataDir: string, databaseUrl?: string) {
  const app = await buildApp({
    ...configFromEnv({}),
    dataDir,
    databaseUrl,
    logLevel: 'silent',
    seedDemo: true,
    mailWorker: false,
    webhookWorker: false,
  });
  await app.ready();
  await app.close();
}

/**
 * Creating, migrating and seeding an embedded database takes about five seconds, most of it
 * PGlite's initdb; starting from a dump of a seeded one takes one. So the demo brokerage is
 * seeded once here, on PGlite or (with TEST_DATABASE_URL) on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  process.env.PASSWORD_HASH_COST = PASSWORD_HASH_COST;
  const root = await mkdtemp(path.join(os.tmpdir(), 'clearport-template-'));
  const dataDir = path.join(root, 'data');
  const serverUrl = process.env.TEST_DATABASE_URL;
  const database = serverUrl ? await createTestDatabase(serverUrl) : undefined;
  await seed(dataDir, database?.url);
  let pgliteImage: string | undefined;
  if (!database) {
    const seeded = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: PGLITE_EXTENSIONS });
    pgliteImage = path.join(root, 'pglite.tar');
    await writeFile(pgliteImage, Buffer.from(await (await seeded.dumpDataDir('none')).arrayBuffer()));
    await seeded.close();
  }
  project.provide('seededTemplate', { dataDir, pgliteImage, databaseName: database?.name });
  const bundle = await bundleSources();
  project.provide('sourceBundle', bundle);
  return async () => {
    await rm(bundle, { recursive: true, force: true });
    await database?.drop();
    await rm(root, { recursive: true, force: true });
  };
}
