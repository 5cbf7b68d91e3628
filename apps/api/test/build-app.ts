import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { z } from 'zod';
import { API_BASE, API_PATHS, apiPath, filePath } from '@clearport/contract/paths';
import { buildApp, type AppOptions } from '../src/app.ts';
import { configFromEnv } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-data.ts';
import { TEST_CONNECT_TIMEOUT_MS } from './connect-timeout.ts';
import { createTestDatabase, linkFiles } from './seeded-template.ts';
import { templateFs } from './template-database.ts';

export { createTestDatabase };
import { userIdOf } from './session-users.ts';

export type TestApp = {
  app: FastifyInstance;
  dataDir: string;
  /** The PostgreSQL database made for this app, when TEST_DATABASE_URL is set. */
  databaseUrl?: string;
  close(): Promise<void>;
};

/**
 * The whole app on a fresh database: an in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL. Demo data is seeded unless asked not to: the database
 * and files start as a copy of the run's seeded template (test/global-setup.ts), or, with
 * `freshSeed`, are seeded anew at the cost PASSWORD_HASH_COST now sets.
 */
export async function buildTestApp(
  overrides: Partial<AppOptions> = {},
  { freshSeed = false }: { freshSeed?: boolean } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-test-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const seedDemo = overrides.seedDemo ?? true;
  const template = seedDemo && !freshSeed && !overrides.databaseUrl ? inject('seededTemplate') : undefined;
  if (template) await linkFiles(path.join(template.dataDir, 'files'), path.join(dataDir, 'files'));
  const database =
    serverUrl && !overrides.databaseUrl ? await createTestDatabase(serverUrl, template?.databaseName) : undefined;
  const app = await buildApp({
    ...configFromEnv({}),
    dataDir,
    databaseUrl: database?.url,
    databaseConnectTimeoutMs: TEST_CONNECT_TIMEOUT_MS,
    inMemoryDatabase: !database,
    databaseFs: template && !database ? await templateFs(template.dataDir) : undefined,
    publicUrl: 'http://portal.test',
    logLevel: 'silent',
    seedDemo,
    // Tests that send event mail or webhooks run the workers' passes themselves.
    mailWorker: false,
    webhookWorker: false,
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

/**
 * The app of one test file: built by buildTestApp before the file's tests and closed after them.
 * What it returns reads that app once it is built, so a file declares it once at the top.
 */
export function testAppForFile(overrides: Partial<AppOptions> = {}, options: { freshSeed?: boolean } = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp(overrides, options);
  });
  afterAll(async () => built?.close());
  const current = () => {
    if (!built) throw new Error('the test app is built before the file’s tests run');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get dataDir() {
      return current().dataDir;
    },
    get databaseUrl() {
      return current().databaseUrl;
    },
    close: () => current().close(),
  };
}

type PathParams = Record<string, string | number>;
type Query = Record<string, string | number>;

/** The URL of an API call: a path of API_PATHS with its `:name` segments filled, and a query. */
export function apiUrl(path: string, params: PathParams = {}, query: Query = {}): string {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
  return `${API_BASE}${apiPath(path, params)}${search ? `?${search}` : ''}`;
}

/** The URL of a stored file (API_PATHS.file) by its storage key. */
export function fileUrl(key: string): string {
  return `${API_BASE}${filePath(key)}`;
}

/**
 * The session cookie each request token came with (docs/decisions/0033): a login answers the
 * request token, and injectAs sends it as the bearer header beside its cookie, as the browser does.
 */
const cookieByToken = new Map<string, string>();

/** The `name=value` of the session cookie a reply sets, or undefined. */
export function sessionCookieOf(response: { headers: Record<string, unknown> }): string | undefined {
  const setCookie = response.headers['set-cookie'];
  const lines = Array.isArray(setCookie) ? setCookie : typeof setCookie === 'string' ? [setCookie] : [];
  const line = lines.find((each: string) => /^(__Host-)?session=[^;]/.test(each));
  return line?.split(';')[0];
}

/** Remembers the session cookie of a reply that started a session, for injectAs and sessionHeaders; its request token. */
export function keepSession(response: { body: string; headers: Record<string, unknown> }): string {
  const token = (JSON.parse(response.body) as { token: string }).token;
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('the reply set no session cookie');
  cookieByToken.set(token, cookie);
  return token;
}

/**
 * Remembers the session a reply started, if it set its cookie: the request token is the reply's
 * `token`, or its `session.token` (the login's second step after setting two-factor sign-in up).
 */
export function keepAnySession<Reply extends { body: string; headers: Record<string, unknown> }>(
  response: Reply,
): Reply {
  const cookie = sessionCookieOf(response);
  if (!cookie) return response;
  const body = JSON.parse(response.body) as { token?: unknown; session?: { token?: unknown } };
  const token = typeof body.token === 'string' ? body.token : body.session?.token;
  if (typeof token === 'string') cookieByToken.set(token, cookie);
  return response;
}

/** The headers of a call of the session whose request token is `token`: the bearer, and its cookie when known. */
export function sessionHeaders(token: string): { authorization: string; cookie?: string } {
  const cookie = cookieByToken.get(token);
  return { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) };
}

/** Logs in; the request token, whose session cookie injectAs sends beside it. */
export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: apiUrl(API_PATHS.login),
    payload: { userName: email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`login of ${email} answered ${response.statusCode}: ${response.body}`);
  return keepSession(response);
}

/** A 200 reply's JSON, which must be exactly the schema's: every field of its type, none more. */
export function exactJson<T>(
  schema: z.ZodType<T>,
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
): T {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const body: unknown = JSON.parse(response.body);
  expect(schema.parse(body)).toEqual(body);
  return body as T;
}

/**
 * inject() as a logged-in user: the bearer token and, for a token a login answered, its session
 * cookie (another token, such as a broker's API key, goes alone).
 */
export function injectAs(app: FastifyInstance, token: string, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...options.headers, ...sessionHeaders(token) } });
}

/** The demo logins by role: Demo Imports' primary, manager, user and Shipments Info viewer, and Other Trading's primary. */
export const DEMO_USERS = {
  primary: 'primary@demo.test',
  manager: 'manager@demo.test',
  user: 'user@demo.test',
  viewer: 'viewer@demo.test',
  other: 'primary@other.test',
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

/** Logs in every demo user once and returns their bearer tokens by name. */
export async function loginDemoUsers(app: FastifyInstance): Promise<Record<DemoUser, string>> {
  const tokens = {} as Record<DemoUser, string>;
  for (const [who, email] of Object.entries(DEMO_USERS) as Array<[DemoUser, string]>) {
    tokens[who] = await login(app, email);
  }
  return tokens;
}

/**
 * Every demo user, logged in before the file's tests (after its testAppForFile): their bearer
 * tokens and their ids by name.
 */
export function demoUsersOf(t: TestApp): { tokens: Record<DemoUser, string>; ids: Record<DemoUser, number> } {
  const tokens = {} as Record<DemoUser, string>;
  const ids = {} as Record<DemoUser, number>;
  beforeAll(async () => {
    Object.assign(tokens, await loginDemoUsers(t.app));
    for (const [who, email] of Object.entries(DEMO_USERS) as Array<[DemoUser, string]>) {
      ids[who] = await userIdOf(t.app.db, email);
    }
  });
  return { tokens, ids };
}
