import os from 'node:os';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import type { SecurityEventsResponse } from '@clearport/contract/security-events';
import { hashPassword } from '../src/lib/passwords.ts';
import { bundleServer, startServer, stopServer } from './bench-server.ts';
import {
  filledDatabase,
  getJson,
  log,
  logFigures,
  loginAs,
  migrate,
  timedSteps,
  withClient,
  type Figures,
  type Variant,
} from './bench-kit.ts';
import { companyNameSql, personNameSql } from './bench-names.ts';
import { drive } from './drive.ts';
import { BENCH_PASSWORD } from './generate.ts';

/*
 * GET user/security-events for a company of 300,000 events (docs/decisions/0037), on PostgreSQL:
 * 1,000 companies of one primary user and 200 events each, and one company
 * (bench-events@bench.test, its primary user) of 200 users and 300,000 events over six months,
 * several to a second (ties on the time), of every kind. The database (bench_events_300k) is filled
 * once and reused while its count matches; the app runs in a child process and autocannon drives
 * it with one client.
 *
 *   npm run bench -- --lists security-events
 */

const DATABASE = 'bench_events_300k';
const COMPANIES = 1_000;
const OTHER_EVENTS = 200;
const LARGE_EVENTS = 300_000;
const LARGE_USERS = 200;
const EMAIL = 'bench-events@bench.test';
/** The browsers the events come from. */
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
];
const ROUNDS = 3;
const SINGLE_SECONDS = 2;
const TARGETS = { medianMs: 5, p99Ms: 25 };
const KINDS = ['sign_in', 'sign_out', 'password_changed', 'authorization_refused', 'second_factor_passed'];

async function fill(url: string): Promise<void> {
  await migrate(url);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await withClient(url, async (client) => {
    const step = timedSteps(client);
    await client.query('BEGIN');
    await step(
      'companies',
      `INSERT INTO companies (name, primary_contact)
       SELECT ${companyNameSql('n')}, ${personNameSql('n')} FROM generate_series(1, $1::int) n`,
      [COMPANIES],
    );
    const large = await client.query<{ id: number }>(
      "INSERT INTO companies (name, primary_contact) VALUES ('Tidewater Outfitters Inc', 'Renee Castillo') RETURNING id",
    );
    const largeId = large.rows[0]!.id;
    await step(
      'primary users',
      `INSERT INTO users (company_id, name, email, password_hash, role)
       SELECT id, primary_contact, CASE WHEN id = $2 THEN $3 ELSE 'bench-' || id || '@bench.test' END, $1, 3
       FROM companies`,
      [passwordHash, largeId, EMAIL],
    );
    await step(
      'the large company’s users',
      `INSERT INTO users (company_id, name, email, password_hash, role)
       SELECT $1, ${personNameSql('n')}, 'user' || n || '@events.bench.test', $2, (ARRAY[4, 5, 5, 11])[1 + n % 4]
       FROM generate_series(1, $3::int) n`,
      [largeId, passwordHash, LARGE_USERS - 1],
    );
    // Six months back from now, about 19 events a second of the large company's at the busiest,
    // so that many share a time to the second: the keyset ties on the id.
    await step(
      'events',
      `INSERT INTO security_events (occurred_at, company_id, user_id, email, actor, ip, user_agent, kind, outcome, detail)
       SELECT date_trunc('second', now() - make_interval(secs => (n * 15552000.0 / $3)::int)),
         u.company_id, u.id, u.email, 'user', '198.51.100.' || (n % 200), ($5::text[])[1 + n % 3],
         ($4::text[])[1 + n % 5], CASE WHEN n % 7 = 0 THEN 'failure' ELSE 'success' END, '{}'::jsonb
       FROM generate_series(1, $3::int) n
       JOIN LATERAL (SELECT id, company_id, email FROM users WHERE company_id = $1 ORDER BY id OFFSET (n % $2) LIMIT 1) u ON true`,
      [largeId, LARGE_USERS, LARGE_EVENTS, KINDS, USER_AGENTS],
    );
    await step(
      'other companies’ events',
      `INSERT INTO security_events (occurred_at, company_id, user_id, email, actor, kind, outcome, detail)
       SELECT now() - make_interval(secs => k * 3600), u.company_id, u.id, u.email, 'user', 'sign_in', 'success', '{}'::jsonb
       FROM users u CROSS JOIN generate_series(1, $2::int) k WHERE u.role = 3 AND u.company_id <> $1`,
      [largeId, OTHER_EVENTS],
    );
    await client.query('COMMIT');
    await step('vacuum analyze', 'VACUUM ANALYZE security_events, users');
  });
}

async function ensureFilled(): Promise<string> {
  return filledDatabase(DATABASE, {
    wanted: `a company of ${LARGE_EVENTS} security events among ${COMPANIES} others`,
    async check(url) {
      const count = await withClient(url, async (client) => {
        const result = await client.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM security_events
           WHERE company_id = (SELECT company_id FROM users WHERE email = $1)`,
          [EMAIL],
        );
        return result.rows[0]!.count;
      });
      const isFilled = count === LARGE_EVENTS;
      return { isFilled, line: isFilled ? `reusing ${count} events` : undefined };
    },
    fill,
  });
}

const eventsUrl = (origin: string, query: Record<string, string>) =>
  `${origin}${API_BASE}${API_PATHS.securityEvents}?${new URLSearchParams(query)}`;

const url = await ensureFilled();
const { child, origin } = await startServer(await bundleServer(), url);
try {
  const token = await loginAs(origin, EMAIL, BENCH_PASSWORD);
  const first = await getJson<SecurityEventsResponse>(eventsUrl(origin, {}), token);
  log(`${EMAIL}: ${first.pagination.total} events (${first.pagination.last_page} pages)`);
  // A place three quarters down the list, as the cursor of the page before it would name it.
  const late = await withClient(url, async (client) => {
    const result = await client.query<{ key: string; id: string }>(
      `SELECT to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS key, id::text AS id
       FROM security_events WHERE company_id = (SELECT company_id FROM users WHERE email = $1)
       ORDER BY occurred_at DESC, id DESC OFFSET $2 LIMIT 1`,
      [EMAIL, Math.round(LARGE_EVENTS * 0.75)],
    );
    return JSON.stringify([result.rows[0]!.key, Number(result.rows[0]!.id)]);
  });
  const someUser = first.result.find((event) => event.user_id !== null)!.user_id!;
  const month = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  const monthEnd = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  const variants: Variant[] = [
    { name: 'page 1', query: {} },
    { name: 'three quarters down (after)', query: { after: late } },
    { name: 'three quarters down (before)', query: { before: late } },
    { name: 'page 2 by number', query: { page: '2' } },
    {
      name: `last page (${first.pagination.last_page}) by number`,
      query: { page: String(first.pagination.last_page) },
    },
    { name: 'kind sign_out', query: { kind: 'sign_out' } },
    { name: 'one user', query: { user_id: String(someUser) } },
    { name: 'one user, kind sign_in', query: { user_id: String(someUser), kind: 'sign_in' } },
    { name: 'a month, three months back', query: { from: month, to: monthEnd } },
  ];
  for (const variant of variants) {
    for (let run = 0; run < 20; run++) await getJson(eventsUrl(origin, variant.query), token);
  }
  const best: Figures[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    log(`round ${round} of ${ROUNDS}`);
    for (const [index, variant] of variants.entries()) {
      const figures = await drive(eventsUrl(origin, variant.query), token, 1, SINGLE_SECONDS);
      const previous = best[index];
      if (!previous || figures.medianMs < previous.medianMs) {
        best[index] = { name: variant.name, ...figures, sqlMedianMs: Number.NaN };
      }
    }
  }
  log(
    `\n${new Date().toISOString()}, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, best of ${ROUNDS} rounds`,
  );
  log(`the security events of a company of ${LARGE_EVENTS.toLocaleString('en-US')} events (${EMAIL})`);
  logFigures(best);
  const worstMedian = Math.max(...best.map((row) => row.medianMs));
  const worstP99 = Math.max(...best.map((row) => row.p99Ms));
  log(
    `targets (worst variant): median ${worstMedian.toFixed(2)} <= ${TARGETS.medianMs} ms: ${worstMedian <= TARGETS.medianMs ? 'met' : 'MISSED'}; ` +
      `p99 ${worstP99.toFixed(2)} <= ${TARGETS.p99Ms} ms: ${worstP99 <= TARGETS.p99Ms ? 'met' : 'MISSED'}`,
  );
} finally {
  await stopServer(child);
}
