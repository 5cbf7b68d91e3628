import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app.ts';
import { configFromEnv } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';

export type TestApp = {
  app: FastifyInstance;
  dataDir: string;
  /** The PostgreSQL database made for this app, when TEST_DATABASE_URL is set. */
  databaseUrl?: string;
  close(): Promise<void>;
};

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server, dropped again by the returned function. */
export async function createTestDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `clearport_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * The whole app on a fresh database: an in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL. Demo data is seeded unless asked not to.
 */
export async function buildTestApp(overrides: Partial<AppOptions> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const database = serverUrl && !overrides.databaseUrl ? await createTestDatabase(serverUrl) : undefined;
  const app = await buildApp({
    ...configFromEnv({}),
    dataDir,
    databaseUrl: database?.url,
    inMemoryDatabase: !database,
    publicUrl: 'http://portal.test',
    logLevel: 'silent',
    seedDemo: true,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    dataDir,
    databaseUrl: database?.url ?? overrides.databaseUrl,
    async close() {
      await app.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/user/login', payload: { userName: email, password } });
  if (response.statusCode !== 200)
    throw new Error(`login of ${email} answered ${response.statusCode}: ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** inject() with the bearer token of a logged-in user. */
export function injectAs(app: FastifyInstance, token: string, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
}
