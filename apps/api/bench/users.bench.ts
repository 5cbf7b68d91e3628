import os from 'node:os';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { SubusersQuery, type SubusersResponse } from '@clearport/contract/subusers';
import { connectDatabase } from '../src/db/connect.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { subusersRepository } from '../src/modules/subusers/subusers.repository.ts';
import { bundleServer, startServer, stopServer } from './bench-server.ts';
import {
  explain,
  filledDatabase,
  getJson,
  log,
  logFigures,
  loginAs,
  migrate,
  timedSteps,
  timeStatement,
  withClient,
  type Figures,
  type Variant,
} from './bench-kit.ts';
import { accountNameSql, companyNameSql, firstNameSql, lastNameSql, personNameSql } from './bench-names.ts';
import { drive } from './drive.ts';
import { BENCH_PASSWORD } from './generate.ts';

/*
 * GET user/user/subusers for a company of 10,000 users (docs/decisions/0028-users-list-in-sql.md),
 * on PostgreSQL: 1,000 companies of one primary user and two accounts, and one company
 * (bench-users@bench.test, its primary user) of 20 accounts and 10,000 users, each linked to
 * one to three of them. The database (bench_users_10k) is filled once and reused while its count
 * matches; the app runs in a child process and autocannon drives it with one client.
 *
 *   npm run bench -- --lists users            this bench alone
 *   npm run bench -- --lists users --explain  EXPLAIN ANALYZE of each statement as well
 */

const DATABASE = 'bench_users_10k';
const COMPANIES = 1_000;
const LARGE_COMPANY_USERS = 10_000;
const LARGE_COMPANY_ACCOUNTS = 20;
const EMAIL = 'bench-users@bench.test';
const ROUNDS = 3;
const SINGLE_SECONDS = 2;
const SQL_RUNS = 100;
const TARGETS = { medianMs: 5, p99Ms: 25 };

const args = process.argv.slice(2);
const withExplain = args.includes('--explain');

/** The companies, accounts, users and links, through the tables' own triggers (the kept account lists). */
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
      "INSERT INTO companies (name, primary_contact) VALUES ('Northwind Retail Group Inc', 'Dana Whitfield') RETURNING id",
    );
    const largeId = large.rows[0]!.id;
    await step(
      'accounts',
      `INSERT INTO accounts (company_id, account_no, name)
       SELECT c.id, (800000 + c.id * 100 + k)::text, ${accountNameSql('c.id * 2 + k')}
       FROM companies c CROSS JOIN LATERAL generate_series(0, CASE WHEN c.id = $1 THEN $2 - 1 ELSE 1 END) k
       ORDER BY c.id, k`,
      [largeId, LARGE_COMPANY_ACCOUNTS],
    );
    await step(
      'primary users',
      `INSERT INTO users (company_id, name, email, password_hash, role)
       SELECT id, primary_contact, CASE WHEN id = $2 THEN $3 ELSE 'bench-' || id || '@bench.test' END, $1, 3
       FROM companies`,
      [passwordHash, largeId, EMAIL],
    );
    // Names and positions repeat, so the orders have ties; one user in 250 is a "Keller".
    await step(
      'the large company’s users',
      `INSERT INTO users (company_id, name, email, password_hash, role, active)
       SELECT $1, ${firstNameSql('n')} || ' ' || CASE WHEN n % 250 = 0 THEN 'Keller' ELSE ${lastNameSql('n')} END,
         'user' || n || '@users.bench.test', $2, (ARRAY[4, 5, 5, 11])[1 + n % 4], n % 10 <> 0
       FROM generate_series(1, $3::int) n`,
      [largeId, passwordHash, LARGE_COMPANY_USERS - 1],
    );
    await step(
      'links',
      `INSERT INTO user_accounts (user_id, account_id)
       SELECT u.id, a.id FROM users u
       CROSS JOIN LATERAL generate_series(0, u.id % 3) k
       JOIN accounts a ON a.company_id = u.company_id
         AND a.account_no = (800000 + u.company_id * 100 + (u.id * 7 + k * 5) % $2)::text
       WHERE u.company_id = $1 AND u.role <> 3`,
      [largeId, LARGE_COMPANY_ACCOUNTS],
    );
    await client.query('COMMIT');
    await step('vacuum analyze', 'VACUUM ANALYZE users, user_accounts, accounts');
  });
}

async function ensureFilled(): Promise<string> {
  return filledDatabase(DATABASE, {
    wanted: `a company of ${LARGE_COMPANY_USERS} users among ${COMPANIES} others`,
    async check(url) {
      const count = await withClient(url, async (client) => {
        const result = await client.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM users WHERE company_id = (SELECT company_id FROM users WHERE email = $1)',
          [EMAIL],
        );
        return result.rows[0]!.count;
      });
      const isFilled = count === LARGE_COMPANY_USERS;
      return { isFilled, line: isFilled ? `reusing ${count} users` : undefined };
    },
    fill,
  });
}

const usersUrl = (origin: string, query: Record<string, string>) =>
  `${origin}${API_BASE}${API_PATHS.subusers}?${new URLSearchParams(query)}`;

const url = await ensureFilled();
const db = await connectDatabase({ databaseUrl: url });
const { child, origin } = await startServer(await bundleServer(), url);
try {
  const token = await loginAs(origin, EMAIL, BENCH_PASSWORD);
  const first = await getJson<SubusersResponse>(usersUrl(origin, {}), token);
  const lastPage = first.pagination.last_page;
  const latePage = Math.round(lastPage * 0.75);
  const beforeLate = await getJson<SubusersResponse>(usersUrl(origin, { page: String(latePage - 1) }), token);
  const afterId = String(beforeLate.company.subusers.at(-1)!.id);
  log(`${EMAIL}: ${first.pagination.total} users (${lastPage} pages)`);
  // The account search asks for one of the company's account numbers.
  const someAccount = first.company.subusers.find((user) => user.role !== 3)!.linked_accounts[0]!;
  const variants: Variant[] = [
    { name: 'page 1', query: {} },
    { name: `page ${latePage}`, query: { page: String(latePage) } },
    { name: `page ${latePage} by keyset (after)`, query: { page: String(latePage), after: afterId } },
    { name: `last page (${lastPage})`, query: { page: String(lastPage) } },
    {
      name: `last page, account order descending`,
      query: { page: String(lastPage), field: 'account_no', order_by: 'desc' },
    },
    { name: 'search "keller"', query: { search: 'keller' } },
    { name: `search "${someAccount}"`, query: { search: someAccount } },
    { name: 'filter Shipments Info (11)', query: { filter: '11' } },
    { name: 'filter Managers (4), page 10', query: { filter: '4', page: '10' } },
  ];
  const companyId = (
    await db.selectFrom('users').select('company_id').where('email', '=', EMAIL).executeTakeFirstOrThrow()
  ).company_id;
  for (const variant of variants) {
    for (let run = 0; run < 30; run++) await getJson(usersUrl(origin, variant.query), token);
  }
  const best: Figures[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    log(`round ${round} of ${ROUNDS}`);
    for (const [index, variant] of variants.entries()) {
      const figures = await drive(usersUrl(origin, variant.query), token, 1, SINGLE_SECONDS);
      const previous = best[index];
      if (!previous || figures.medianMs < previous.medianMs) {
        best[index] = { name: variant.name, ...figures, sqlMedianMs: Number.NaN };
      }
    }
  }
  for (const [index, variant] of variants.entries()) {
    const statement = subusersRepository.listQuery(db, companyId, SubusersQuery.parse(variant.query));
    best[index]!.sqlMedianMs = await timeStatement(url, statement, SQL_RUNS);
    if (withExplain) await explain(url, variant.name, statement);
  }
  log(`\n${new Date().toISOString()}, ${os.cpus().length} cores, best of ${ROUNDS} rounds`);
  log(`the users list of a company of ${LARGE_COMPANY_USERS.toLocaleString('en-US')} users (${EMAIL})`);
  logFigures(best);
  const worstMedian = Math.max(...best.map((row) => row.medianMs));
  const worstP99 = Math.max(...best.map((row) => row.p99Ms));
  log(
    `targets (worst variant): median ${worstMedian.toFixed(2)} <= ${TARGETS.medianMs} ms: ${worstMedian <= TARGETS.medianMs ? 'met' : 'MISSED'}; ` +
      `p99 ${worstP99.toFixed(2)} <= ${TARGETS.p99Ms} ms: ${worstP99 <= TARGETS.p99Ms ? 'met' : 'MISSED'}`,
  );
} finally {
  await stopServer(child);
  await db.destroy();
}
