import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_SORT_FIELDS, InvoicesResponse } from '@clearport/contract/invoices';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, exactJson, injectAs, login, testAppForFile } from '../../../test/build-app.ts';
import { hashPassword } from '../../lib/passwords.ts';

/*
 * Keyset steps of the billing list against its pages by number (the plain order), for every
 * order and direction: an account of 130 invoices whose every sort key ties (equal numbers but
 * for case, equal amounts, days and times, empty amounts and due dates) read with a filter and
 * a search, and an account above LARGE_ACCOUNT_INVOICES searched through the trigram index. A
 * page by number past the middle is read from the end: the pages by number of the small account
 * meet the keyset steps, and the last pages of both accounts the reversed order's first rows.
 */

const t = testAppForFile();
const PASSWORD = 'keyset-pass-1';
const PER_PAGE = 13;
let token: string;

beforeAll(async () => {
  const db = t.app.db;
  const { id: companyId } = await db
    .insertInto('companies')
    .values({ name: 'Keyset Billing Co' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const accounts = await db
    .insertInto('accounts')
    .values([
      { company_id: companyId, account_no: 'KB-SMALL', name: 'Small' },
      { company_id: companyId, account_no: 'KB-LARGE', name: 'Large' },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('users')
    .values({
      company_id: companyId,
      name: 'Keyset Billing',
      email: 'keyset-billing@test.test',
      password_hash: await hashPassword(PASSWORD),
      role: 3,
    })
    .execute();
  await sql`
    INSERT INTO invoices (account_id, invoice_number, file_number, created_at, amount_cents, due_date, is_paid, path)
    SELECT ${accounts[0]!.id}::int,
      (ARRAY['INV-A1', 'inv-a1', 'INV-B2', 'Inv-C3'])[1 + n % 4],
      'F-' || (n % 9),
      timestamptz '2026-10-01 12:00:00+00' - make_interval(days => n % 11),
      CASE WHEN n % 7 = 0 THEN NULL ELSE 1000 * (n % 5) END,
      CASE WHEN n % 6 = 0 THEN NULL ELSE date '2026-10-20' - (n % 8) * 10 END,
      n % 3 = 0,
      'invoices/keyset.pdf'
    FROM generate_series(1, 130) n`.execute(db);
  await sql`
    INSERT INTO invoices (account_id, invoice_number, file_number, created_at, amount_cents, due_date, is_paid, path)
    SELECT ${accounts[1]!.id}::int,
      CASE WHEN n % 250 = 0 THEN 'RARE-' || (n % 2) ELSE 'LRG-' || n END,
      'L-' || (n % 13),
      timestamptz '2026-10-01 12:00:00+00' - make_interval(hours => n % 50),
      1000 * (n % 3),
      date '2026-09-01',
      n % 2 = 0,
      'invoices/keyset.pdf'
    FROM generate_series(1, 10100) n`.execute(db);
  await sql`VACUUM ANALYZE invoices`.execute(db);
  token = await login(t.app, 'keyset-billing@test.test', PASSWORD);
});

type Query = Record<string, string | number>;

async function list(query: Query): Promise<InvoicesResponse> {
  const response = await injectAs(t.app, token, {
    method: 'GET',
    url: apiUrl(API_PATHS.invoices, {}, { per_page: PER_PAGE, ...query }),
  });
  return exactJson(InvoicesResponse, response);
}

/** A page without its cursors, which depend on how the page was asked for only in their presence. */
const shown = (reply: InvoicesResponse) => ({ ...reply, pagination: { ...reply.pagination, cursors: null } });

const VARIANTS: readonly Query[] = [
  { account_no: 'KB-SMALL' },
  { account_no: 'KB-SMALL', payment_status: 'overdue' },
  { account_no: 'KB-SMALL', payment_status: 'paid' },
  { account_no: 'KB-SMALL', search: 'a1' },
  { account_no: 'KB-LARGE', search: 'rare' },
];
/** Variants over both accounts, the large one's 10,100 invoices among them. */
const BOTH_ACCOUNTS: readonly Query[] = [{}, { payment_status: 'paid' }];
/** Every order both ways with each variant, named for the test's title. */
const casesOf = (variants: readonly Query[]) =>
  INVOICE_SORT_FIELDS.flatMap((sort) =>
    (['asc', 'desc'] as const).flatMap((direction) =>
      variants.map(
        (variant) => [`${sort} ${direction} ${JSON.stringify(variant)}`, { sort, direction, ...variant }] as const,
      ),
    ),
  );

describe('the billing list by keyset', () => {
  it.each(casesOf(VARIANTS))('steps forward and back through the pages by number: %s', async (_, query) => {
    const first = await list(query);
    const lastPage = first.pagination.last_page;
    expect(lastPage, 'the variant spans pages').toBeGreaterThan(1);
    const byNumber = [first];
    for (let page = 2; page <= lastPage; page++) byNumber.push(await list({ ...query, page }));
    const everyId = byNumber.flatMap((reply) => reply.result.map((invoice) => invoice.id));
    expect(new Set(everyId).size).toBe(first.pagination.total);

    let reply = first;
    for (let page = 2; page <= lastPage; page++) {
      reply = await list({ ...query, page, after: reply.pagination.cursors.after! });
      expect(shown(reply)).toEqual(shown(byNumber[page - 1]!));
    }
    expect((await list({ ...query, page: lastPage + 1, after: reply.pagination.cursors.after! })).result).toEqual([]);
    for (let page = lastPage - 1; page >= 1; page--) {
      reply = await list({ ...query, page, before: reply.pagination.cursors.before! });
      expect(shown(reply)).toEqual(shown(byNumber[page - 1]!));
    }
    expect(reply.pagination.cursors).toEqual(first.pagination.cursors);
  });

  it.each(casesOf(BOTH_ACCOUNTS))(
    'reads the last pages by number from the end of both accounts: %s',
    async (_, query) => {
      const { total, last_page: lastPage } = (await list(query)).pagination;
      expect(lastPage, 'the variant spans many pages').toBeGreaterThan(100);
      const reversed = { ...query, direction: query.direction === 'asc' ? 'desc' : 'asc' };
      const head = await list(reversed);
      const tail = [
        ...head.result,
        ...(await list({ ...reversed, page: 2, after: head.pagination.cursors.after! })).result,
      ]
        .map((invoice) => invoice.id)
        .reverse();
      const onLast = total - (lastPage - 1) * PER_PAGE;
      const ids = async (page: number) => (await list({ ...query, page })).result.map((invoice) => invoice.id);
      expect(await ids(lastPage)).toEqual(tail.slice(tail.length - onLast));
      expect(await ids(lastPage - 1)).toEqual(tail.slice(tail.length - onLast - PER_PAGE, tail.length - onLast));
      expect(await ids(lastPage + 1)).toEqual([]);
    },
  );

  it('refuses a cursor that is not a place of the order (400 naming it)', async () => {
    for (const [query, field] of [
      [{ sort: 'created_at', after: '["not a time", 1]' }, 'after'],
      [{ sort: 'amount', before: '["1.5", 1]' }, 'before'],
      [{ sort: 'due_date', after: '["2026-13-40", 1]' }, 'after'],
      [{ sort: 'is_paid', after: '["yes", 1]' }, 'after'],
      [{ sort: 'invoice_number', after: '[null, 1]' }, 'after'],
      [{ after: '["2026-10-01 12:00:00", 1]', before: '["2026-10-01 12:00:00", 1]' }, 'before'],
    ] as const) {
      const response = await injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.invoices, {}, query) });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().field).toBe(field);
    }
  });
});
