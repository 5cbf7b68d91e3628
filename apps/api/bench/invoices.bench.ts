import { DEFAULT_TIME_ZONE } from '@clearport/contract/constants';
import os from 'node:os';
import { API_BASE, API_PATHS } from '@clearport/contract/paths';
import { InvoicesQuery, type InvoicesResponse } from '@clearport/contract/invoices';
import { readListCursor } from '@clearport/contract/list-cursor';
import { sql } from 'kysely';
import { connectDatabase, type Db } from '../src/db/connect.ts';
import { FILL_ROLLUP } from '../src/db/migrations/0031-report-rollups.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { containerNumber } from '../src/seed/demo-numbers.ts';
import { visibleAccountIds } from '../src/modules/access/access.repository.ts';
import type { SessionUser } from '../src/modules/access/session-user.ts';
import { invoicesRepository } from '../src/modules/invoices/invoices.repository.ts';
import { criteriaOf, todayOf } from '../src/modules/invoices/invoices.rules.ts';
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
import { accountNameSql, companyNameSql, personNameSql } from './bench-names.ts';
import { drive } from './drive.ts';
import { BENCH_PASSWORD, containerNumberSql } from './generate.ts';
import { sessionUserOf } from '../test/session-users.ts';

/*
 * GET user/invoices under load, on PostgreSQL: 1,000,000 invoices over 2,000 accounts, one
 * importer (bench-1@bench.test, two accounts) holding 300,000 of them and every other account
 * about 350. Late and last pages are read both by number and by keyset (`after` the cursor of
 * the row before them, as the pager steps). The database (bench_invoices_1m on BENCH_DATABASE_URL's server) is filled once
 * and reused while its count matches; the app runs in a child process and autocannon drives it.
 *
 *   npm run bench -- --lists invoices            this bench alone
 *   npm run bench -- --lists invoices --explain  EXPLAIN ANALYZE of each statement as well
 */

const DATABASE = 'bench_invoices_1m';
const INVOICES = 1_000_000;
const ACCOUNTS = 2_000;
const BIG_IMPORTER_INVOICES = 300_000;
const ROUNDS = 3;
const SINGLE_SECONDS = 2;
const CONCURRENT_SECONDS = 3;
const CONCURRENT_CONNECTIONS = 16;
const SQL_RUNS = 100;

const args = process.argv.slice(2);
const withExplain = args.includes('--explain');
const fillOnly = args.includes('--fill-only');

/**
 * 1,000 companies of two accounts, one primary user each; the invoices' list columns written
 * directly (no shipments), with triggers off and the secondary indexes built once at the end.
 */
async function fill(url: string): Promise<void> {
  await migrate(url);
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await withClient(url, async (client) => {
    const step = timedSteps(client);
    await client.query('BEGIN');
    await client.query("SET LOCAL session_replication_role = 'replica'");
    await client.query("SET LOCAL maintenance_work_mem = '1GB'");
    const indexes = await client.query<{ indexname: string; indexdef: string }>(`
      SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = 'invoices'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.indexname))::regclass)`);
    for (const index of indexes.rows) await client.query(`DROP INDEX ${index.indexname}`);
    await step(
      'companies',
      `INSERT INTO companies (name, primary_contact)
       SELECT ${companyNameSql('n')}, ${personNameSql('n')} FROM generate_series(1, $1::int) n`,
      [ACCOUNTS / 2],
    );
    await step(
      'accounts',
      `INSERT INTO accounts (company_id, account_no, name)
       SELECT c.id, (700000 + (c.id - 1) * 2 + k)::text, ${accountNameSql('c.id * 2 + k')}
       FROM companies c CROSS JOIN generate_series(0, 1) k ORDER BY c.id, k`,
    );
    await step(
      'users',
      `INSERT INTO users (company_id, name, email, password_hash, role)
       SELECT id, primary_contact, 'bench-' || id || '@bench.test', $1, 3 FROM companies`,
      [passwordHash],
    );
    // The first 300,000 invoices are the big importer's two accounts; the rest spread over the others.
    await step(
      'invoices',
      `WITH ids AS (SELECT array_agg(id ORDER BY id) AS a FROM accounts)
       INSERT INTO invoices (account_id, proper_name, invoice_number, file_number, customer_reference_no,
         master_bills, container_nos, created_at, amount_cents, due_date, is_paid, path, backup)
       SELECT
         CASE WHEN n <= $1 THEN ids.a[1 + (n % 2)::int] ELSE ids.a[3 + (n % ($2 - 2))::int] END,
         -- The importer's name as the invoice bears it: company n's, whose accounts are 2n - 1 and 2n.
         ${companyNameSql('CASE WHEN n <= $1 THEN 1 ELSE (4 + n % ($2 - 2)) / 2 END')},
         'INV-' || lpad(n::text, 7, '0'),
         'BNC-' || lpad(((n * 7919) % 9000000 + 1000000)::text, 7, '0') || '-0',
         CASE WHEN n % 5 = 0 THEN '' ELSE 'PO-' || ((n * 104729) % 1000000) END,
         ARRAY['MAEU' || lpad(((n * 15485863) % 1000000000)::text, 9, '0')],
         ARRAY(SELECT ${containerNumberSql(['MSCU', 'TGHU', 'CMAU', 'HLXU'], 'n + k', '((n * 31 + k) * 2654435761) % 1000000')}
               FROM generate_series(1, n % 5) k),
         created,
         CASE WHEN n % 50 = 0 THEN NULL ELSE 2500 + (n * 7907) % 2500000 END,
         CASE WHEN n % 50 = 0 THEN NULL ELSE (created AT TIME ZONE 'UTC')::date + 30 END,
         CASE WHEN created < now() - interval '45 days' THEN n % 10 < 9 ELSE n % 10 < 3 END,
         'invoices/bench.pdf',
         CASE WHEN n % 5 = 1 THEN 'invoices/bench-backup.pdf' END
       FROM ids, generate_series(1, $3::bigint) n,
         LATERAL (SELECT now() - make_interval(secs => ((n * 48271) % (3 * 365 * 86400))::double precision) AS created) c`,
      [BIG_IMPORTER_INVOICES, ACCOUNTS, INVOICES],
    );
    for (const index of indexes.rows) await step(index.indexname, index.indexdef);
    await step(
      'account totals',
      `INSERT INTO account_invoice_totals (account_id, invoices, open_cents, unpaid)
       SELECT account_id, count(*), sum(invoice_open_cents(is_paid, amount_cents)), count(*) FILTER (WHERE NOT is_paid)
       FROM invoices GROUP BY account_id`,
    );
    await step(
      'unpaid days',
      `INSERT INTO invoice_unpaid_days (account_id, due_date, invoices, open_cents)
       SELECT account_id, due_date, count(*), sum(coalesce(amount_cents, 0))
       FROM invoices WHERE NOT is_paid AND due_date IS NOT NULL GROUP BY 1, 2`,
    );
    await step('invoice rollups', FILL_ROLLUP.invoice_rollups!);
    await client.query('COMMIT');
    await step('vacuum analyze', 'VACUUM ANALYZE invoices');
  });
}

async function ensureFilled(): Promise<string> {
  return filledDatabase(DATABASE, {
    wanted: `${INVOICES} invoices over ${ACCOUNTS} accounts`,
    async check(url) {
      const counts = await withClient(url, async (client) => {
        const result = await client.query<{
          count: number;
          importer: number;
          unpaid: number;
          days: number;
          container: string | null;
        }>(`
          SELECT (SELECT count(*)::int FROM invoices) AS count,
            (SELECT container_nos[1] FROM invoices WHERE cardinality(container_nos) > 0 ORDER BY id LIMIT 1) AS container,
            (SELECT count(*)::int FROM invoices WHERE account_id IN (SELECT id FROM accounts ORDER BY id LIMIT 2)) AS importer,
            (SELECT count(*)::int FROM information_schema.columns
              WHERE table_name = 'account_invoice_totals' AND column_name = 'unpaid') AS unpaid,
            (SELECT count(*)::int FROM information_schema.tables WHERE table_name = 'invoice_unpaid_days') AS days`);
        return result.rows[0]!;
      });
      const isFilled =
        counts.count === INVOICES &&
        counts.importer === BIG_IMPORTER_INVOICES &&
        counts.unpaid === 1 &&
        counts.days === 1 &&
        // Filled before the containers' ISO 6346 check digits: filled again.
        counts.container !== null &&
        containerNumber(counts.container.slice(0, 4), counts.container.slice(4, 10)) === counts.container;
      return { isFilled, line: isFilled ? `reusing ${counts.count} invoices` : undefined };
    },
    fill,
  });
}

const invoicesUrl = (origin: string, query: Record<string, string>) =>
  `${origin}${API_BASE}${API_PATHS.invoices}?${new URLSearchParams(query)}`;

function statementOf(db: Db, user: SessionUser, query: Record<string, string>) {
  const parsed = InvoicesQuery.parse(query);
  const side = parsed.after !== undefined ? 'after' : parsed.before !== undefined ? 'before' : undefined;
  const at = side === undefined ? undefined : readListCursor(parsed[side]!);
  return invoicesRepository.listQuery(db, user, {
    criteria: criteriaOf(parsed, todayOf(new Date(), DEFAULT_TIME_ZONE)),
    sort: parsed.sort,
    direction: parsed.direction,
    page: parsed.page,
    perPage: parsed.per_page,
    ...(side && at ? { cursor: { side, at } } : {}),
  });
}

type Subject = { label: string; email: string; token: string; user: SessionUser; variants: Variant[] };

/** The cursor of the default order's row `offset` rows in (newest first), as a reply gives it. */
async function cursorAt(db: Db, user: SessionUser, offset: number): Promise<string> {
  const { rows } = await sql<{ cursor: string }>`
    SELECT json_build_array(to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US'), id)::text AS cursor
    FROM invoices WHERE account_id IN (${visibleAccountIds(db, user)})
    ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT 1`.execute(db);
  return rows[0]!.cursor;
}

async function subjectOf(db: Db, origin: string, label: string, email: string): Promise<Subject> {
  const user = await sessionUserOf(db, email);
  const token = await loginAs(origin, email, BENCH_PASSWORD);
  const first = await getJson<InvoicesResponse>(invoicesUrl(origin, {}), token);
  const container = first.result.flatMap((invoice) => invoice.containers)[0] ?? 'MSCU0000000';
  const fragment = container.slice(3, 9).toLowerCase();
  const accountNo = first.result[0]?.account_no ?? '';
  const { last_page: lastPage, per_page: perPage } = first.pagination;
  const latePage = Math.max(2, Math.round(lastPage * 0.93));
  const lateCursor = await cursorAt(db, user, (latePage - 1) * perPage - 1);
  const lastCursor = await cursorAt(db, user, (lastPage - 1) * perPage - 1);
  log(`${label}: ${email}, ${first.pagination.total} invoices visible (${lastPage} pages)`);
  return {
    label,
    email,
    token,
    user,
    variants: [
      { name: 'list', query: {} },
      { name: 'page 2', query: { page: '2' } },
      { name: `page ${latePage} by number`, query: { page: String(latePage) } },
      { name: `page ${latePage} by keyset`, query: { page: String(latePage), after: lateCursor } },
      { name: `last page (${lastPage}) by number`, query: { page: String(lastPage) } },
      { name: `last page (${lastPage}) by keyset`, query: { page: String(lastPage), after: lastCursor } },
      { name: `search "${fragment}"`, query: { search: fragment } },
      { name: 'search "inv-00001"', query: { search: 'inv-00001' } },
      { name: 'payment_status=paid', query: { payment_status: 'paid' } },
      { name: 'payment_status=not-paid', query: { payment_status: 'not-paid' } },
      { name: 'payment_status=overdue', query: { payment_status: 'overdue' } },
      { name: `account_no=${accountNo}`, query: { account_no: accountNo } },
      { name: 'sort amount ascending', query: { sort: 'amount', direction: 'asc' } },
      { name: 'sort due date descending', query: { sort: 'due_date', direction: 'desc' } },
      { name: 'sort containers ascending', query: { sort: 'containers', direction: 'asc' } },
    ],
  };
}

function printTable(subject: Subject, rows: Figures[], concurrentRps: number): void {
  log(`\n${subject.label} (${subject.email})`);
  logFigures(rows);
  log(`\nlist, ${CONCURRENT_CONNECTIONS} connections: ${concurrentRps.toFixed(0)} req/s`);
}

const url = await ensureFilled();
if (!fillOnly) {
  const db = await connectDatabase({ databaseUrl: url });
  const { child, origin } = await startServer(await bundleServer(), url);
  try {
    const subjects = [
      await subjectOf(db, origin, 'the importer of 300,000 invoices', 'bench-1@bench.test'),
      await subjectOf(db, origin, 'a typical importer', 'bench-500@bench.test'),
    ];
    for (const subject of subjects) {
      for (const variant of subject.variants) {
        for (let run = 0; run < 30; run++) await getJson(invoicesUrl(origin, variant.query), subject.token);
      }
    }
    const best = subjects.map(() => [] as Figures[]);
    const bestConcurrent = subjects.map(() => 0);
    for (let round = 1; round <= ROUNDS; round++) {
      log(`round ${round} of ${ROUNDS}`);
      for (const [position, subject] of subjects.entries()) {
        for (const [index, variant] of subject.variants.entries()) {
          const figures = await drive(invoicesUrl(origin, variant.query), subject.token, 1, SINGLE_SECONDS);
          const previous = best[position]![index];
          if (!previous || figures.medianMs < previous.medianMs) {
            best[position]![index] = { name: variant.name, ...figures, sqlMedianMs: Number.NaN };
          }
        }
        const concurrent = await drive(
          invoicesUrl(origin, {}),
          subject.token,
          CONCURRENT_CONNECTIONS,
          CONCURRENT_SECONDS,
        );
        bestConcurrent[position] = Math.max(bestConcurrent[position]!, concurrent.rps);
      }
    }
    for (const [position, subject] of subjects.entries()) {
      for (const [index, variant] of subject.variants.entries()) {
        const statement = statementOf(db, subject.user, variant.query);
        best[position]![index]!.sqlMedianMs = await timeStatement(url, statement, SQL_RUNS);
        if (withExplain) await explain(url, `${subject.label} ${variant.name}`, statement);
      }
    }
    log(`\n${new Date().toISOString()}, ${os.cpus().length} cores, best of ${ROUNDS} rounds`);
    log(`${INVOICES.toLocaleString('en-US')} invoices over ${ACCOUNTS.toLocaleString('en-US')} accounts`);
    for (const [position, subject] of subjects.entries())
      printTable(subject, best[position]!, bestConcurrent[position]!);
  } finally {
    await stopServer(child);
    await db.destroy();
  }
}
