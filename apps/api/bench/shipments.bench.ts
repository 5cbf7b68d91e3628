import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { SHIPMENTS_PAGE_SIZE } from '@clearport/contract/constants';
import { ENTRY_LINES_PAGE, formatEntryNumber } from '@clearport/contract/customs-entry';
import { API_BASE, API_PATHS, apiPath } from '@clearport/contract/paths';
import { readListCursor } from '@clearport/contract/list-cursor';
import { SESSION_IDLE_MINUTES_DEFAULT } from '@clearport/contract/sessions';
import { HOME_FILTER_VALUES, ShipmentsListQuery, type ShipmentsListResponse } from '@clearport/contract/shipments';
import { sql } from 'kysely';
import type pg from 'pg';
import { connectDatabase, type Db } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { hashToken } from '../src/lib/tokens.ts';
import type { SessionUser } from '../src/modules/access/session-user.ts';
import { sessionsRepository } from '../src/modules/auth/sessions.repository.ts';
import { customsEntriesRepository } from '../src/modules/customs-entries/customs-entries.repository.ts';
import { shipmentsRepository } from '../src/modules/shipments/shipments.repository.ts';
import { criteriaOf } from '../src/modules/shipments/shipments.rules.ts';
import { bundleServer, startBareServer, startServer, stopServer } from './bench-server.ts';
import {
  explain,
  filledDatabase,
  getJson,
  log,
  logFigures,
  loginAs,
  timeStatement,
  type Statement,
  withClient,
  type Figures,
  type Variant,
} from './bench-kit.ts';
import { drive, percentile } from './drive.ts';
import { BENCH_PASSWORD, STATUSES_FOLLOW_AGE, generate, typicalBenchUser } from './generate.ts';
import { sessionHeaders } from './session-headers.ts';
import { sessionUserOf } from '../test/session-users.ts';
import { containerNumber } from '../src/seed/demo-numbers.ts';

/*
 * GET user/shipments under load, on PostgreSQL: 1,000,000 shipments over 2,000 accounts, and
 * 10,000 shipments over 20 accounts. Both have 500 shipments per account, so the user of a
 * typical three-account company sees the same ~1,500 shipments and pages in both: the
 * comparison changes the size of the table and nothing else. (`10k-sparse`, 10,000 over 2,000
 * accounts, gives that user 15 shipments, one part-filled page: a lighter workload, not a
 * smaller table; it runs only when asked.) `1m-large` is the million again with about 300,000
 * of them in one account, and its user is that account's company: a large importer, whose
 * figures are held to their own targets; at its end one statement moves a third, two thirds and all
 * of that account's shipments to another account (each rolled back) and the times are printed. Beside the list, each
 * size measures the shipment page's customs entry (GET user/shipments/:id/customs-entry) of the
 * user's longest entry (LONG_ENTRY_LINES lines in generate.ts): its first page of lines and its
 * last, reached by the cursor. Each size has its own database on BENCH_DATABASE_URL's server,
 * filled once by generate.ts and reused while its counts match.
 * The real app runs in a child process; autocannon drives it on 127.0.0.1. Not a test: it
 * prints figures and the targets beside them.
 *
 *   npm run bench                            10k, 1m and 1m-large
 *   npm run bench -- --sizes 10k,10k-sparse  the sizes named
 *   npm run bench -- --explain               EXPLAIN ANALYZE of each statement as well
 *   npm run bench -- --fill-only             fill the databases, measure nothing
 *   npm run bench -- --bulk-move-only        the large account's bulk move only
 *   npm run bench -- --lists invoices        the invoice list only (invoices.bench.ts); by default
 *                                            the shipments list, the invoice list, the users list
 *                                            (users.bench.ts), the security events
 *                                            (security-events.bench.ts), the demurrage reminders' daily
 *                                            run (demurrage.bench.ts), the broker
 *                                            API's import (import.bench.ts), then the list on the
 *                                            embedded default (embedded.bench.ts), and the list on
 *                                            the primary beside a streaming replica (read-replica.bench.ts),
 *                                            and the list on one process and two behind a balancer
 *                                            (processes.bench.ts)
 *   npm run bench -- --import                `npm run broker -- import`'s speed only, on PostgreSQL
 *                                            and PGlite (cli-import.bench.ts)
 */

const SIZES = [
  { label: '10k', shipments: 10_000, accounts: 20, database: 'bench_10k', byDefault: true },
  { label: '1m', shipments: 1_000_000, accounts: 2_000, database: 'bench_1m', byDefault: true },
  { label: '10k-sparse', shipments: 10_000, accounts: 2_000, database: 'bench_10k_sparse', byDefault: false },
  {
    label: '1m-large',
    shipments: 1_000_000,
    accounts: 2_000,
    largeAccountShipments: 300_000,
    database: 'bench_1m_large',
    byDefault: true,
  },
] as const;
type Size = (typeof SIZES)[number];
/** The shipments a size puts in one large importer's account, if it has one. */
const largeAccountShipmentsOf = (size: Size) =>
  'largeAccountShipments' in size ? size.largeAccountShipments : undefined;
const ROUNDS = 3;
const SINGLE_SECONDS = 2;
const CONCURRENT_SECONDS = 3;
const CONCURRENT_CONNECTIONS = 16;
const SQL_RUNS = 200;
/** Turns of the paired overhead measure in each round: the plain list's call, then its statement alone. */
const PAIRED_TURNS = 600;
/** The paired measure's blocks in each round, and the runs of each in a block: back to back, alternating. */
const PAIRED_BLOCKS = 40;
const PAIRED_BLOCK_RUNS = 25;
const TARGETS = { medianMs: 10, p99Ms: 40, concurrentRps: 1_000, growth: 1.5 };
/**
 * For the user of a company one of whose accounts holds 300,000 shipments: each variant within
 * 1.5 times the 10k size's in the same run (its plain list's where the 10k user's page of the variant
 * holds fewer rows: the holds and missing documents of a small importer fill less than a page).
 */
const LARGE_ACCOUNT_TARGETS = { medianMs: 5, p99Ms: 25, concurrentRps: 500, growth: 1.5 };

const args = process.argv.slice(2);
const wantedSizes = args.includes('--sizes') ? (args[args.indexOf('--sizes') + 1] ?? '').split(',') : undefined;
const withExplain = args.includes('--explain');
const fillOnly = args.includes('--fill-only');
const bulkMoveOnly = args.includes('--bulk-move-only');
const lists = args.includes('--import')
  ? ['cli-import']
  : args.includes('--lists')
    ? (args[args.indexOf('--lists') + 1] ?? '').split(',')
    : [
        'shipments',
        'invoices',
        'users',
        'security-events',
        'reports',
        'demurrage',
        'import',
        'embedded',
        'read-replica',
        'processes',
      ];

type SizeReport = {
  label: string;
  shipments: number;
  accounts: number;
  targets: typeof TARGETS;
  rows: Figures[];
  /** The rows of each variant's page. */
  pageRows: number[];
  concurrentRps: number;
  entry: LongEntry;
  entryRows: Figures[];
  /** What any call costs besides its statement: medians of the calls that run next to nothing. */
  floor: Floor;
  /** The plain list's reply body, in bytes, that the bare server answers with. */
  bareBytes: number;
  paired: Paired;
};

/**
 * The plain list's call, Node's HTTP server alone answering its reply, its statement alone and the
 * statement as the route runs it, timed in turns one right after the other (pairedTurn): whatever
 * else the machine does in a moment falls on all four, where blocks of seconds apart each meet
 * their own moments. Every turn of every round, in milliseconds.
 */
type Paired = {
  turns: {
    callMs: number[];
    bareMs: number[];
    bareWithStatementMs: number[];
    statementMs: number[];
    checkedMs: number[];
  };
  /**
   * The call, the HTTP exchange and the route's statement, each run back to back in blocks of
   * PAIRED_BLOCK_RUNS, the blocks alternating: one connection's steady use, as autocannon drives it,
   * with moments of the machine falling on all three alike.
   */
  blocks: { callMs: number[]; bareMs: number[]; bareWithStatementMs: number[]; checkedMs: number[] };
};

/**
 * `GET /healthz`: a route of the same server with no session and one `SELECT 1`, the cost of the
 * HTTP exchange, Fastify and one round trip to the database; `GET user/session`: the session's
 * check (its statement) and nothing else.
 */
type Floor = {
  healthzMs: number;
  sessionMs: number;
  /** Node's HTTP server alone answering the plain list's reply, its bytes and heads as recorded. */
  bareMs: number;
  /** The plain list's statement with the session's check in it, as the route runs it (decision 0045), alone. */
  checkedStatementMs: number;
};

/** The user's entry with the most lines, and the pages of it measured (`after_line`, or none). */
type LongEntry = { shipmentId: number; entryId: number; lines: number; variants: Variant[] };

/** The size's database, filled: reused when its shipment and account counts match. */
async function ensureFilled(size: Size): Promise<string> {
  return filledDatabase(size.database, {
    wanted: `${size.shipments} shipments over ${size.accounts} accounts`,
    async check(url) {
      const db = await connectDatabase({ databaseUrl: url });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      const counts = await withClient(url, async (client) => {
        const result = await client.query<{
          shipments: number;
          accounts: number;
          hasEntryLines: boolean;
          hasFreeDays: boolean;
          statusesFollowAge: boolean;
          firstContainer: string | null;
        }>(
          `SELECT (SELECT count(*) FROM shipments)::int AS shipments, (SELECT count(*) FROM accounts)::int AS accounts,
             EXISTS (SELECT 1 FROM customs_entry_lines) AS "hasEntryLines",
             EXISTS (SELECT 1 FROM container_free_days) AS "hasFreeDays",
             ${STATUSES_FOLLOW_AGE} AS "statusesFollowAge",
             (SELECT container_no FROM containers ORDER BY id LIMIT 1) AS "firstContainer"`,
        );
        return result.rows[0]!;
      });
      const first = counts.firstContainer;
      const hasCheckDigits = first !== null && containerNumber(first.slice(0, 4), first.slice(4, 10)) === first;
      const found =
        `${counts.shipments} shipments over ${counts.accounts} accounts` +
        `${counts.hasEntryLines ? '' : ' without customs entry lines'}${counts.hasFreeDays ? '' : ' without free days'}` +
        `${hasCheckDigits ? '' : ' without container check digits'}` +
        `${counts.statusesFollowAge ? '' : ' with statuses drawn apart from their ETAs'}`;
      // A database filled before the entries' lines has none for the entry page to show, and
      // entry numbers without their check digit; one filled before the free days, no possible
      // charges; one filled before the check digits, container numbers without their ISO 6346 one;
      // one filled before the statuses followed the ETAs, recent shipments liquidated.
      const isFilled =
        counts.shipments === size.shipments &&
        counts.accounts === size.accounts &&
        counts.hasEntryLines &&
        counts.hasFreeDays &&
        counts.statusesFollowAge &&
        hasCheckDigits;
      return { isFilled, line: isFilled ? `reusing ${found}` : `${found}, filling again` };
    },
    fill: (url) =>
      generate(url, {
        shipments: size.shipments,
        accounts: size.accounts,
        largeAccountShipments: largeAccountShipmentsOf(size),
        log,
      }),
  });
}

function shipmentsUrl(origin: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return `${origin}${API_BASE}${API_PATHS.shipments}${search ? `?${search}` : ''}`;
}

function customsEntryUrl(origin: string, shipmentId: number, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return `${origin}${API_BASE}${apiPath(API_PATHS.customsEntry, { id: shipmentId })}${search ? `?${search}` : ''}`;
}

/** The statement of the page of lines the route reads for a variant of the entry page. */
function entryStatementOf(db: Db, entry: LongEntry, query: Record<string, string>) {
  const afterLine = Number(query.after_line ?? 0);
  return customsEntriesRepository.linesQuery(db, entry.entryId, afterLine, ENTRY_LINES_PAGE + 1).compile();
}

/** The statement the route runs for a variant, as the repository builds it. */
function readOf(db: Db, user: SessionUser, query: Record<string, string>) {
  if (query.source === 'home') {
    return shipmentsRepository.homeStatement(db, user, criteriaOf(query, user), SHIPMENTS_PAGE_SIZE);
  }
  const parsed = ShipmentsListQuery.parse(query);
  const after = parsed.after === undefined ? undefined : readListCursor(parsed.after);
  return shipmentsRepository.listStatement(db, user, {
    criteria: criteriaOf(parsed, user),
    sort: parsed.sort,
    direction: parsed.direction,
    page: parsed.page,
    perPage: parsed.per_page,
    cursor: after && { side: 'after', at: after },
  });
}

const statementOf = (db: Db, user: SessionUser, query: Record<string, string>) => readOf(db, user, query).compile(db);

type Target = {
  size: Size;
  url: string;
  db: Db;
  user: SessionUser;
  child: ChildProcess;
  origin: string;
  token: string;
  variants: Variant[];
  /** The rows of each variant's page. */
  pageRows: number[];
  entry: LongEntry;
  /** The plain list's statement with the session's check in it, as the route runs it (decision 0045). */
  checked: Statement;
  /** bare-server.ts answering the plain list's reply as this size's server sent it. */
  bare: { child: ChildProcess; origin: string; bytes: number };
  /** bare-server.ts running the route's statement (`checked`) for each request and answering its body. */
  bareWithStatement: { child: ChildProcess; origin: string };
};

/** A size ready to measure: its database filled, its server started, its user logged in. */
async function prepare(size: Size, serve: string): Promise<Target> {
  const url = await ensureFilled(size);
  const benchUser = await typicalBenchUser(url);
  const db = await connectDatabase({ databaseUrl: url });
  const user = await sessionUserOf(db, benchUser.email);
  // Home as the fill leaves it, whichever bench ran before: the reports bench gives the large
  // importer's company a rule for the 7501 and measures Home with its approval box.
  await db
    .updateTable('companies')
    .set({ entry_approval: 'none', entry_approval_threshold_cents: null })
    .where('id', '=', user.companyId)
    .execute();
  const { child, origin } = await startServer(serve, url);
  const token = await loginAs(origin, benchUser.email, BENCH_PASSWORD);
  const first = await getJson<ShipmentsListResponse>(shipmentsUrl(origin, {}), token);
  const container = first.data.flatMap((item) => item.containers)[0] ?? 'MSCU0000000';
  // A fragment from the middle, in lower case: the search is case-insensitive.
  const fragment = container.slice(3, 9).toLowerCase();
  // The entry filters: the port most of the user's entries are at, and one of their entry numbers.
  const { rows: entries } = await sql<{ port: string; entryNumber: string }>`
    SELECT e.port_code AS port, min(e.entry_number) AS "entryNumber" FROM customs_entries e
    JOIN shipments s ON s.id = e.shipment_id JOIN accounts a ON a.id = s.account_id
    WHERE a.account_no IN (${sql.join(benchUser.accountNos)})
    GROUP BY e.port_code ORDER BY count(*) DESC LIMIT 1`.execute(db);
  const { port, entryNumber } = entries[0] ?? { port: '4601', entryNumber: formatEntryNumber('BN1', 0) };
  const { rows: longest } = await sql<{ shipmentId: number; entryId: number; lines: number }>`
    SELECT e.shipment_id AS "shipmentId", e.id AS "entryId", count(*)::int AS lines FROM customs_entries e
    JOIN customs_entry_lines l ON l.entry_id = e.id
    JOIN shipments s ON s.id = e.shipment_id JOIN accounts a ON a.id = s.account_id
    WHERE a.account_no IN (${sql.join(benchUser.accountNos)})
    GROUP BY e.id ORDER BY count(*) DESC, e.id LIMIT 1`.execute(db);
  if (!longest[0]) throw new Error(`${benchUser.email} sees no customs entry with lines: is the database filled?`);
  const lastPageAfter = Math.floor((longest[0].lines - 1) / ENTRY_LINES_PAGE) * ENTRY_LINES_PAGE;
  const entry: LongEntry = {
    ...longest[0],
    variants: [
      { name: 'entry lines, first page', query: {} },
      { name: `entry lines, after_line=${lastPageAfter}`, query: { after_line: String(lastPageAfter) } },
    ],
  };
  const lastPage = first.pagination.last_page;
  const latePage = Math.max(1, Math.round(lastPage * 0.93));
  // Late pages as the pager reaches them: a step of Next from the page before, after its last row.
  const stepTo = async (page: number): Promise<Record<string, string>> => {
    if (page === 1) return {};
    const before = await getJson<ShipmentsListResponse>(shipmentsUrl(origin, { page: String(page - 1) }), token);
    return { page: String(page), after: before.pagination.cursors.after ?? '' };
  };
  log(
    `${size.label}: ${benchUser.email}, accounts ${benchUser.accountNos.join(', ')}, ` +
      `${first.pagination.total} shipments visible (${first.pagination.last_page} pages)`,
  );
  const variants: Variant[] = [
    { name: 'list', query: {} },
    ...HOME_FILTER_VALUES.map((filter) => ({ name: `filter=${filter}`, query: { filter } })),
    { name: `search "${fragment}"`, query: { status: fragment } },
    { name: `port=${port}`, query: { port } },
    { name: 'charges=possible', query: { charges: 'possible' } },
    { name: `search entry number ${entryNumber}`, query: { search: entryNumber } },
    { name: 'sort ETA ascending', query: { sort: 'est_time_arrive', direction: 'asc' } },
    // Two of the column sorts, each read through its own index (account, lower-case value, id).
    { name: 'sort file number descending', query: { sort: 'file_number', direction: 'desc' } },
    { name: 'sort containers ascending', query: { sort: 'containers', direction: 'asc' } },
    { name: `page ${latePage}, stepped to`, query: await stepTo(latePage) },
    { name: `last page (${lastPage}), stepped to`, query: await stepTo(lastPage) },
    // The pager's last page asked for by its number, read from the end of the order.
    { name: `last page (${lastPage}) by number`, query: { page: String(lastPage) } },
    { name: 'Home (source=home)', query: { source: 'home' } },
  ];
  // Warm the caches and the JIT of both processes; the last reply of each variant gives its page's rows.
  const pageRows: number[] = [];
  for (const variant of variants) {
    let reply: ShipmentsListResponse | undefined;
    for (let run = 0; run < 50; run++)
      reply = await getJson<ShipmentsListResponse>(shipmentsUrl(origin, variant.query), token);
    pageRows.push(reply!.data.length);
  }
  for (const variant of entry.variants) {
    for (let run = 0; run < 50; run++) await getJson(customsEntryUrl(origin, entry.shipmentId, variant.query), token);
  }
  const checked = sessionsRepository
    .withSessionCheck(
      readOf(db, user, variants[0]!.query),
      hashToken(await sessionsRepository.create(db, user.id)),
      SESSION_IDLE_MINUTES_DEFAULT,
    )
    .compile(db);
  const reply = await recordedReply(shipmentsUrl(origin, {}), token);
  const bare = await startBareServerWith(reply);
  const bareWithStatement = await startBareServerWith({ ...reply, statement: checked }, url);
  return { size, url, db, user, child, origin, token, variants, pageRows, entry, checked, bare, bareWithStatement };
}

/** One GET through a kept-alive connection, read to its last byte: its milliseconds. */
function timedGet(url: string, agent: http.Agent, token: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: sessionHeaders(token) }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
        response.on('data', () => {});
        response.on('end', () => resolve(performance.now() - started));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** One prepared statement run through `client`: its milliseconds. */
async function timedStatement(client: pg.Client, name: string, statement: Statement): Promise<number> {
  const started = performance.now();
  await client.query({ name, text: statement.sql, values: [...statement.parameters] });
  return performance.now() - started;
}

/**
 * One turn of the paired measure: the plain list's call, then Node's HTTP server alone answering
 * its reply (bare-server.ts), each through a kept-alive connection of its own and read to its last
 * byte, then its statement alone and the statement as the route runs it, with the session's check
 * in it, through `client` (each prepared once, as the route's are).
 */
async function pairedTurn(target: Target, agents: PairedAgents, client: pg.Client, statement: Statement) {
  const callMs = await timedGet(shipmentsUrl(target.origin, {}), agents.call, target.token);
  const bareMs = await timedGet(target.bare.origin, agents.bare, target.token);
  const bareWithStatementMs = await timedGet(target.bareWithStatement.origin, agents.bareWithStatement, target.token);
  const statementMs = await timedStatement(client, 'bench-paired', statement);
  const checkedMs = await timedStatement(client, 'bench-paired-checked', target.checked);
  return { callMs, bareMs, bareWithStatementMs, statementMs, checkedMs };
}

type PairedAgents = { call: http.Agent; bare: http.Agent; bareWithStatement: http.Agent };

/**
 * PAIRED_TURNS turns of the paired measure (after fifty to warm up), then PAIRED_BLOCKS blocks of
 * each (after two), added to `paired`.
 */
async function measurePaired(target: Target, paired: Paired): Promise<void> {
  const agents: PairedAgents = {
    call: new http.Agent({ keepAlive: true, maxSockets: 1 }),
    bare: new http.Agent({ keepAlive: true, maxSockets: 1 }),
    bareWithStatement: new http.Agent({ keepAlive: true, maxSockets: 1 }),
  };
  const statement = statementOf(target.db, target.user, {});
  try {
    await withClient(target.url, async (client) => {
      for (let turn = 0; turn < PAIRED_TURNS + 50; turn++) {
        const { callMs, bareMs, bareWithStatementMs, statementMs, checkedMs } = await pairedTurn(
          target,
          agents,
          client,
          statement,
        );
        if (turn < 50) continue;
        paired.turns.callMs.push(callMs);
        paired.turns.bareMs.push(bareMs);
        paired.turns.bareWithStatementMs.push(bareWithStatementMs);
        paired.turns.statementMs.push(statementMs);
        paired.turns.checkedMs.push(checkedMs);
      }
      const list = shipmentsUrl(target.origin, {});
      const block = async (timed: () => Promise<number>) => {
        const times: number[] = [];
        for (let run = 0; run < PAIRED_BLOCK_RUNS; run++) times.push(await timed());
        return times;
      };
      for (let round = 0; round < PAIRED_BLOCKS + 2; round++) {
        const callMs = await block(() => timedGet(list, agents.call, target.token));
        const bareMs = await block(() => timedGet(target.bare.origin, agents.bare, target.token));
        const bareWithStatementMs = await block(() =>
          timedGet(target.bareWithStatement.origin, agents.bareWithStatement, target.token),
        );
        const checkedMs = await block(() => timedStatement(client, 'bench-paired-checked', target.checked));
        if (round < 2) continue;
        paired.blocks.callMs.push(...callMs);
        paired.blocks.bareMs.push(...bareMs);
        paired.blocks.bareWithStatementMs.push(...bareWithStatementMs);
        paired.blocks.checkedMs.push(...checkedMs);
      }
    });
  } finally {
    agents.call.destroy();
    agents.bare.destroy();
    agents.bareWithStatement.destroy();
  }
}

/** One call's reply as autocannon receives it (no compression asked), its heads and body. */
function recordedReply(url: string, token: string): Promise<{ heads: Array<[string, string]>; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: sessionHeaders(token) }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          // Those the server writes for itself: the length, date and connection's.
          const own = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
          const heads = Object.entries(response.headers).flatMap(([name, value]) =>
            own.has(name)
              ? []
              : (Array.isArray(value) ? value : [value ?? '']).map((one): [string, string] => [name, one]),
          );
          resolve({ heads, body: Buffer.concat(chunks).toString() });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function startBareServerWith(
  reply: { heads: Array<[string, string]>; body: string; statement?: Statement },
  databaseUrl?: string,
) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'clearport-bench-bare-'));
  try {
    const file = path.join(folder, 'reply.json');
    await writeFile(file, JSON.stringify(reply));
    return { ...(await startBareServer(file, databaseUrl)), bytes: Buffer.byteLength(reply.body) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Every size is measured in each round, variant by variant, one after the other, so that load
 * from elsewhere on the machine falls on all sizes alike; each figure is the best of the
 * rounds (the lowest median, with its p99 and rate).
 */
async function measure(targets: readonly Target[]): Promise<SizeReport[]> {
  const best = targets.map(() => [] as Figures[]);
  const bestEntry = targets.map(() => [] as Figures[]);
  const bestConcurrent = targets.map(() => 0);
  const paired = targets.map((): Paired => ({
    turns: { callMs: [], bareMs: [], bareWithStatementMs: [], statementMs: [], checkedMs: [] },
    blocks: { callMs: [], bareMs: [], bareWithStatementMs: [], checkedMs: [] },
  }));
  const bestFloor = targets.map((): Floor => ({
    healthzMs: Infinity,
    sessionMs: Infinity,
    bareMs: Infinity,
    checkedStatementMs: NaN,
  }));
  const keepBest = (rows: Figures[], index: number, name: string, figures: Omit<Figures, 'name' | 'sqlMedianMs'>) => {
    const previous = rows[index];
    if (!previous || figures.medianMs < previous.medianMs) {
      rows[index] = { name, ...figures, sqlMedianMs: previous?.sqlMedianMs ?? Number.NaN };
    }
  };
  // The statements' figures are the lowest median of the rounds, as the calls' are.
  const lower = (previous: number, next: number) => (Number.isNaN(previous) ? next : Math.min(previous, next));
  for (let round = 1; round <= ROUNDS; round++) {
    log(`round ${round} of ${ROUNDS}`);
    // Each call is followed by its statement alone, so that both are measured at the same moment.
    for (let index = 0; index < targets[0]!.variants.length; index++) {
      for (const [position, target] of targets.entries()) {
        const variant = target.variants[index]!;
        const figures = await drive(shipmentsUrl(target.origin, variant.query), target.token, 1, SINGLE_SECONDS);
        keepBest(best[position]!, index, variant.name, figures);
        const row = best[position]![index]!;
        const statement = statementOf(target.db, target.user, variant.query);
        row.sqlMedianMs = lower(row.sqlMedianMs, await timeStatement(target.url, statement, SQL_RUNS));
        if (index === 0) {
          const floor = bestFloor[position]!;
          floor.checkedStatementMs = lower(
            floor.checkedStatementMs,
            await timeStatement(target.url, target.checked, SQL_RUNS),
          );
        }
      }
    }
    for (const [position, { db, url: databaseUrl, origin, token, entry }] of targets.entries()) {
      for (const [index, variant] of entry.variants.entries()) {
        const url = customsEntryUrl(origin, entry.shipmentId, variant.query);
        keepBest(bestEntry[position]!, index, variant.name, await drive(url, token, 1, SINGLE_SECONDS));
        const row = bestEntry[position]![index]!;
        const statement = entryStatementOf(db, entry, variant.query);
        row.sqlMedianMs = lower(row.sqlMedianMs, await timeStatement(databaseUrl, statement, SQL_RUNS));
      }
    }
    for (const [position, { origin, token, bare }] of targets.entries()) {
      const floor = bestFloor[position]!;
      const healthz = await drive(`${origin}/healthz`, token, 1, SINGLE_SECONDS);
      const session = await drive(`${origin}${API_BASE}${API_PATHS.session}`, token, 1, SINGLE_SECONDS);
      const bareReply = await drive(bare.origin, token, 1, SINGLE_SECONDS);
      floor.healthzMs = Math.min(floor.healthzMs, healthz.medianMs);
      floor.sessionMs = Math.min(floor.sessionMs, session.medianMs);
      floor.bareMs = Math.min(floor.bareMs, bareReply.medianMs);
    }
    for (const [position, target] of targets.entries()) await measurePaired(target, paired[position]!);
    for (const [position, target] of targets.entries()) {
      const concurrent = await drive(
        shipmentsUrl(target.origin, {}),
        target.token,
        CONCURRENT_CONNECTIONS,
        CONCURRENT_SECONDS,
      );
      bestConcurrent[position] = Math.max(bestConcurrent[position]!, concurrent.rps);
    }
  }
  if (withExplain) {
    for (const target of targets) {
      for (const variant of target.variants) {
        const statement = statementOf(target.db, target.user, variant.query);
        await explain(target.url, `${target.size.label} ${variant.name}`, statement);
      }
      for (const variant of target.entry.variants) {
        await explain(
          target.url,
          `${target.size.label} ${variant.name}`,
          entryStatementOf(target.db, target.entry, variant.query),
        );
      }
    }
  }
  return targets.map((target, position) => ({
    label: target.size.label,
    shipments: target.size.shipments,
    accounts: target.size.accounts,
    targets: largeAccountShipmentsOf(target.size) ? LARGE_ACCOUNT_TARGETS : TARGETS,
    rows: best[position]!,
    pageRows: target.pageRows,
    concurrentRps: bestConcurrent[position]!,
    entry: target.entry,
    entryRows: bestEntry[position]!,
    floor: bestFloor[position]!,
    bareBytes: target.bare.bytes,
    paired: paired[position]!,
  }));
}

/**
 * The large account's shipments moved to a new account of its company in one statement, in a
 * transaction rolled back afterwards (and the database vacuumed, so that the next move and the
 * next run's lists find the tables as they were, not with its dead rows): how long the statement takes with
 * its triggers and indexes, and whether the accounts' counts followed. A third of them and two
 * thirds are moved first, to show how the time grows with the rows moved. The account is new, made in
 * the same transaction, so that the rolled-back index entries fall where no list reads: moved
 * into one of the bench user's own accounts, they left that account's index pages nearly empty
 * after the vacuum, and the next run's search of it read a thousand pages for 700 entries.
 */
async function measureBulkMove(url: string): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ large: number; company: number }>(
      `SELECT c.account_id AS large, a.company_id AS company
       FROM shipment_counts c JOIN accounts a ON a.id = c.account_id
       GROUP BY c.account_id, a.company_id ORDER BY sum(c.shipments) DESC LIMIT 1`,
    );
    const { large, company } = rows[0]!;
    log('');
    for (const thirds of [1, 2, 3]) {
      await client.query('BEGIN');
      try {
        const added = await client.query<{ id: number }>(
          "INSERT INTO accounts (company_id, account_no, name) VALUES ($1, 'BENCH-MOVE', 'Bench move') RETURNING id",
          [company],
        );
        const other = added.rows[0]!.id;
        const started = performance.now();
        const moved = await client.query('UPDATE shipments SET account_id = $2 WHERE account_id = $1 AND id % 3 < $3', [
          large,
          other,
          thirds,
        ]);
        const seconds = (performance.now() - started) / 1000;
        const counts = await client.query<{ kept: string; counted: string }>(
          `SELECT sum(c.shipments)::bigint AS kept, (SELECT count(*) FROM shipments s WHERE s.account_id = c.account_id) AS counted
           FROM shipment_counts c WHERE c.account_id IN ($1, $2) GROUP BY c.account_id`,
          [large, other],
        );
        const right = counts.rows.length === 2 && counts.rows.every((row) => row.kept === row.counted);
        const rowCount = moved.rowCount ?? 0;
        const goal = thirds === 3 ? ` (goal < 30 s: ${seconds < 30 ? 'met' : 'MISSED'})` : '';
        log(
          `bulk move: ${rowCount.toLocaleString('en-US')} shipments to a new account in one statement: ` +
            `${seconds.toFixed(1)} s, ${((seconds / rowCount) * 1e6).toFixed(0)} µs a shipment${goal}; ` +
            `the accounts' counts ${right ? 'followed' : 'are WRONG'}; load ${os.loadavg()[0]!.toFixed(2)}`,
        );
      } finally {
        await client.query('ROLLBACK');
      }
      // Every table: the triggers' counters and rollups too, whose rolled-back rows Home's counters read.
      await client.query('VACUUM ANALYZE');
    }
  });
}

const rowsOf = (count: number) => `${count} row${count === 1 ? '' : 's'}`;

/** A variant whose page holds fewer rows at the base size than here: a realistic small importer's filter that matches less than a page. */
function isShorterThere(report: SizeReport, base: SizeReport, index: number): boolean {
  return base.pageRows[index]! < report.pageRows[index]!;
}

/**
 * A variant's median over the base size's. Where the base size's page is shorter, the base is its
 * plain list, a full page, if that costs more: what a page costs, not how many rows it holds, is what
 * the size must not change.
 */
function growthOf(report: SizeReport, base: SizeReport, index: number): number {
  const own = base.rows[index]!.medianMs;
  const held = isShorterThere(report, base, index) ? Math.max(own, base.rows[0]!.medianMs) : own;
  return report.rows[index]!.medianMs / held;
}

function printReport(report: SizeReport, base: SizeReport | undefined): void {
  log(
    `\n${report.label}: ${report.shipments.toLocaleString('en-US')} shipments over ${report.accounts.toLocaleString('en-US')} accounts`,
  );
  // Both sizes run the same variants in the same order (the search text and page differ).
  logFigures(
    report.rows,
    base && {
      title: `median / ${base.label}`,
      cellOf: (row, index) => {
        const growth = growthOf(report, base, index);
        return `${growth.toFixed(2)}${isShorterThere(report, base, index) ? ' †' : ''}`;
      },
    },
  );
  for (const [index, row] of report.rows.entries()) {
    if (!base || !isShorterThere(report, base, index)) continue;
    log(
      `† ${row.name}: ${rowsOf(base.pageRows[index]!)} at ${base.label} against ${report.pageRows[index]} here, ` +
        `so held to ${base.label}'s plain list, a full page (${base.rows[0]!.medianMs.toFixed(2)} ms), where that costs more; ` +
        `against its own ${base.label} figure ${(row.medianMs / base.rows[index]!.medianMs).toFixed(2)}`,
    );
  }
  log(`\nlist, ${CONCURRENT_CONNECTIONS} connections: ${report.concurrentRps.toFixed(0)} req/s`);

  const targets = report.targets;
  const worstMedian = Math.max(...report.rows.map((row) => row.medianMs));
  const worstP99 = Math.max(...report.rows.map((row) => row.p99Ms));
  const checks = [
    `median ${worstMedian.toFixed(2)} ms < ${targets.medianMs}: ${worstMedian < targets.medianMs ? 'met' : 'MISSED'}`,
    `p99 ${worstP99.toFixed(2)} ms < ${targets.p99Ms}: ${worstP99 < targets.p99Ms ? 'met' : 'MISSED'}`,
    `${CONCURRENT_CONNECTIONS} connections ${report.concurrentRps.toFixed(0)} req/s >= ${targets.concurrentRps}: ${report.concurrentRps >= targets.concurrentRps ? 'met' : 'MISSED'}`,
  ];
  if (base) {
    const growth = Math.max(...report.rows.map((_, index) => growthOf(report, base, index)));
    checks.push(
      `worst median / ${base.label} ${growth.toFixed(2)} <= ${targets.growth}: ${growth <= targets.growth ? 'met' : 'MISSED'}`,
    );
  }
  log(`targets (worst variant): ${checks.join('; ')}`);
  const list = report.rows[0]!;
  const { healthzMs, sessionMs, bareMs, checkedStatementMs } = report.floor;
  log(
    `overhead: list ${list.medianMs.toFixed(2)} ms, its statement ${list.sqlMedianMs.toFixed(2)} ms ` +
      `(${(list.medianMs / list.sqlMedianMs).toFixed(2)}x, each the best of its rounds' medians); ` +
      `the statement with the session's check in it, as the route runs it, ${checkedStatementMs.toFixed(2)} ms; ` +
      `beside it, GET /healthz (no session, SELECT 1) ${healthzMs.toFixed(2)} ms, GET user/session (the session's check) ${sessionMs.toFixed(2)} ms ` +
      `and Node's HTTP server alone answering the list's ${(report.bareBytes / 1024).toFixed(1)} KiB reply ${bareMs.toFixed(2)} ms ` +
      `(the call's floor, that exchange and the statement with the check: ${((checkedStatementMs + bareMs) / list.sqlMedianMs).toFixed(2)}x the statement)`,
  );
  // The goal for the list's own overhead: the call's median at most 1.3 times its statement's, side by
  // side in turns and in blocks. The route runs the list's statement with the session's check in it
  // (decision 0045): that statement is the yardstick; the plain one and the floor of an HTTP exchange
  // are beside it.
  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      0.5,
    );
  const { turns, blocks } = report.paired;
  const [call, bareTurn, bareWithStatementTurn, alone, checked] = [
    turns.callMs,
    turns.bareMs,
    turns.bareWithStatementMs,
    turns.statementMs,
    turns.checkedMs,
  ].map(median) as [number, number, number, number, number];
  const verdict = (ratio: number) => `goal <= 1.3: ${ratio <= 1.3 ? 'met' : 'MISSED'}`;
  // The least any Node server asking PostgreSQL for the statement costs (decision 0047).
  const fromFloorServer = (ratio: number) =>
    `the call ${ratio.toFixed(2)}x that server (decision 0047, ${verdict(ratio)})`;
  log(
    `overhead, side by side in turns: medians of ${turns.callMs.length.toLocaleString('en-US')} turns of the one right after the other: ` +
      `the list's call ${call.toFixed(2)} ms, its statement as the route runs it (the session's check in it) ${checked.toFixed(2)} ms: ` +
      `${(call / checked).toFixed(2)}x (${verdict(call / checked)}); ` +
      `the plain statement ${alone.toFixed(2)} ms (${(call / alone).toFixed(2)}x); Node's HTTP server alone answering the reply ` +
      `${bareTurn.toFixed(2)} ms, so that the floor in turns, that exchange and the route's statement, is ` +
      `${((bareTurn + checked) / checked).toFixed(2)}x, and the call ${(call - bareTurn - checked).toFixed(2)} ms above it; ` +
      `Node's HTTP server running the route's statement through pg and answering its body, nothing else, ` +
      `${bareWithStatementTurn.toFixed(2)} ms (${(bareWithStatementTurn / checked).toFixed(2)}x), ` +
      fromFloorServer(call / bareWithStatementTurn),
  );
  const [blockCall, blockBare, blockBareWithStatement, blockChecked] = [
    blocks.callMs,
    blocks.bareMs,
    blocks.bareWithStatementMs,
    blocks.checkedMs,
  ].map(median) as [number, number, number, number];
  log(
    `overhead, side by side in alternating blocks of ${PAIRED_BLOCK_RUNS} back to back: medians of ` +
      `${blocks.callMs.length.toLocaleString('en-US')} each: the list's call ${blockCall.toFixed(2)} ms, ` +
      `the route's statement ${blockChecked.toFixed(2)} ms: ${(blockCall / blockChecked).toFixed(2)}x ` +
      `(${verdict(blockCall / blockChecked)}); Node's HTTP server alone answering the reply ${blockBare.toFixed(2)} ms, ` +
      `so that the floor is ${((blockBare + blockChecked) / blockChecked).toFixed(2)}x, and the call ` +
      `${(blockCall - blockBare - blockChecked).toFixed(2)} ms above it; Node's HTTP server running the route's ` +
      `statement through pg and answering its body, nothing else, ${blockBareWithStatement.toFixed(2)} ms ` +
      `(${(blockBareWithStatement / blockChecked).toFixed(2)}x), ` +
      fromFloorServer(blockCall / blockBareWithStatement),
  );

  // The entry page is held to the list's targets for one request: a page of the same size.
  const { entry } = report;
  log(
    `\ncustoms entry of shipment ${entry.shipmentId} (${entry.lines} lines, ${ENTRY_LINES_PAGE} a page): ` +
      'GET user/shipments/:id/customs-entry; SQL median: its page of lines alone',
  );
  logFigures(report.entryRows);
  const entryMedian = Math.max(...report.entryRows.map((row) => row.medianMs));
  const entryP99 = Math.max(...report.entryRows.map((row) => row.p99Ms));
  log(
    `targets (worst page): median ${entryMedian.toFixed(2)} ms < ${targets.medianMs}: ${entryMedian < targets.medianMs ? 'met' : 'MISSED'}; ` +
      `p99 ${entryP99.toFixed(2)} ms < ${targets.p99Ms}: ${entryP99 < targets.p99Ms ? 'met' : 'MISSED'}`,
  );
}

const sizes = SIZES.filter((size) => (wantedSizes ? wantedSizes.includes(size.label) : size.byDefault));
if (!lists.includes('shipments')) {
  log(`shipments list: skipped (${args.includes('--import') ? '--import' : '--lists'})`);
} else if (fillOnly) {
  for (const size of sizes) await ensureFilled(size);
} else if (bulkMoveOnly) {
  for (const size of sizes) {
    const url = await ensureFilled(size);
    if (largeAccountShipmentsOf(size)) await measureBulkMove(url);
  }
} else {
  const targets: Target[] = [];
  try {
    const serve = await bundleServer();
    for (const size of sizes) targets.push(await prepare(size, serve));
    const reports = await measure(targets);
    // The growth is measured from 10k to 1m (the same workload on a table a hundred times larger)
    // and to 1m-large (a company of 300,000 shipments against one of 1,500).
    const base = reports.find((report) => report.label === '10k');
    log(
      `\n${new Date().toISOString()}, ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' / ')}, best of ${ROUNDS} rounds`,
    );
    for (const report of reports) printReport(report, report.label.startsWith('1m') ? base : undefined);
    for (const target of targets) if (largeAccountShipmentsOf(target.size)) await measureBulkMove(target.url);
  } finally {
    for (const target of targets) {
      await stopServer(target.child);
      await stopServer(target.bare.child);
      await stopServer(target.bareWithStatement.child);
      await target.db.destroy();
    }
  }
}
if (lists.includes('invoices')) await import('./invoices.bench.ts');
if (lists.includes('reports')) await import('./reports.bench.ts');
if (lists.includes('users')) await import('./users.bench.ts');
if (lists.includes('security-events')) await import('./security-events.bench.ts');
if (lists.includes('demurrage')) await import('./demurrage.bench.ts');
if (lists.includes('import')) await import('./import.bench.ts');
if (lists.includes('embedded')) await import('./embedded.bench.ts');
if (lists.includes('cli-import')) await import('./cli-import.bench.ts');
if (lists.includes('read-replica')) await import('./read-replica.bench.ts');
if (lists.includes('processes')) await import('./processes.bench.ts');
