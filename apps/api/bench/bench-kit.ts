import pg from '../src/db/pg-driver.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { percentile } from './drive.ts';
import { keepSessionCookie, sessionHeaders } from './session-headers.ts';

export { sessionHeaders };

/** What the benches share: their PostgreSQL server, logins and reads of the app, and their figures. */

/** The PostgreSQL server the benches fill their databases on. */
export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/';

/** A statement as the repositories compile it. */
export type Statement = { sql: string; parameters: readonly unknown[] };

/** One variant of a list call, by the query it sends. */
export type Variant = { name: string; query: Record<string, string> };

/** A variant's best figures under load, and its statement's median alone. */
export type Figures = { name: string; medianMs: number; p99Ms: number; rps: number; sqlMedianMs: number };

export function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** The address of the database of that name on the benches' server. */
export function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Brings the database at `url` to the latest migration, as the server does at its start. */
export async function migrate(url: string): Promise<void> {
  const db = await connectDatabase({ databaseUrl: url });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** A fill's step: runs a statement on `client` and logs its rows and seconds under a label. */
export function timedSteps(client: pg.Client, write: (line: string) => void = log) {
  return async (label: string, text: string, values: unknown[] = []) => {
    const started = performance.now();
    const result = await client.query(text, values);
    write(`  ${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
}

/** Whether the benches' server has a database of that name. */
export async function databaseExists(name: string): Promise<boolean> {
  return withClient(databaseUrl('postgres'), async (admin) => {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return found.rowCount === 1;
  });
}

/** A new, empty database of that name on the benches' server; its address. */
export async function recreateDatabase(name: string): Promise<string> {
  await withClient(databaseUrl('postgres'), async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  });
  return databaseUrl(name);
}

/** SQL of whether a database's companies bear the names of bench-names.ts (none did before 2026-12-06). */
const NAMED_AS_CUSTOMERS = `SELECT NOT EXISTS (SELECT 1 FROM companies WHERE name LIKE 'Bench Company %') AS named`;

/**
 * The bench's database on the benches' server, filled: reused when `check` finds it holds what is
 * wanted, else made anew and filled by `fill`. `check` and `wanted` give the lines logged.
 */
export async function filledDatabase(
  name: string,
  filling: {
    wanted: string;
    check(url: string): Promise<{ isFilled: boolean; line: string | undefined }>;
    fill(url: string): Promise<void>;
  },
): Promise<string> {
  const url = databaseUrl(name);
  if (await databaseExists(name)) {
    const { isFilled, line } = await filling.check(url);
    if (line) log(`${name}: ${line}`);
    const isNamed = await withClient(
      url,
      async (client) => (await client.query<{ named: boolean }>(NAMED_AS_CUSTOMERS)).rows[0]!.named,
    );
    if (!isNamed) log(`${name}: its companies are named "Bench Company n", as before bench-names.ts`);
    if (isFilled && isNamed) return url;
  }
  await recreateDatabase(name);
  log(`${name}: filling ${filling.wanted}`);
  const started = performance.now();
  await filling.fill(url);
  log(`${name}: filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return url;
}

/** The request token of a login through the app at `origin`; sessionHeaders gives its cookie too. */
export async function loginAs(origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${origin}${API_BASE}${API_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: email, password }),
  });
  if (!response.ok) throw new Error(`Login of ${email} answered ${response.status}`);
  const token = ((await response.json()) as { token: string }).token;
  keepSessionCookie(token, response.headers.getSetCookie()[0]?.split(';')[0] ?? '');
  return token;
}

export async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: sessionHeaders(token) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The statement's median time through pg over `runs` runs after 20 to warm up, prepared once as
 * the app prepares it (db/prepared-statements.ts).
 */
export async function timeStatement(url: string, statement: Statement, runs: number): Promise<number> {
  return withClient(url, async (client) => {
    const durations: number[] = [];
    for (let run = 0; run < runs + 20; run++) {
      const started = performance.now();
      await client.query({ name: 'bench', text: statement.sql, values: [...statement.parameters] });
      if (run >= 20) durations.push(performance.now() - started);
    }
    durations.sort((a, b) => a - b);
    return percentile(durations, 0.5);
  });
}

/** Prints EXPLAIN ANALYZE of the statement under `name`. */
export async function explain(url: string, name: string, statement: Statement): Promise<void> {
  const plan = await withClient(url, (client) =>
    client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, [...statement.parameters]),
  );
  log(`\n-- ${name}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
}

/** A Markdown table: the first column left-aligned, the others right-aligned. */
function logTable(header: readonly string[], lines: ReadonlyArray<readonly string[]>): void {
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((cells) => cells[column]!.length)));
  const format = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  log(format(header));
  log(
    `|${widths.map((width, column) => (column === 0 ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
  );
  for (const cells of lines) log(format(cells));
}

/**
 * The variants' figures as a Markdown table: median, p99, rate, the statement alone and the call's
 * median over the statement's (what the API adds to its query), and the `extra` column when given.
 */
export function logFigures(
  rows: readonly Figures[],
  extra?: { title: string; cellOf(row: Figures, index: number): string | undefined },
): void {
  const header = ['variant (1 connection)', 'median ms', 'p99 ms', 'req/s', 'SQL median ms', 'API / SQL'];
  if (extra) header.push(extra.title);
  const lines = rows.map((row, index) => {
    const cells = [
      row.name,
      row.medianMs.toFixed(2),
      row.p99Ms.toFixed(2),
      row.rps.toFixed(0),
      Number.isNaN(row.sqlMedianMs) ? '–' : row.sqlMedianMs.toFixed(2),
      Number.isNaN(row.sqlMedianMs) ? '–' : `${(row.medianMs / row.sqlMedianMs).toFixed(2)}×`,
    ];
    const extraCell = extra?.cellOf(row, index);
    if (extraCell !== undefined) cells.push(extraCell);
    return cells;
  });
  logTable(header, lines);
}
