import { DEFAULT_TIME_ZONE } from '@clearport/contract/constants';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  INVOICE_CSV_COLUMNS,
  INVOICE_SORT_FIELDS,
  InvoiceResponse,
  InvoicesResponse,
  PaymentInstructionsResponse,
  type Invoice,
  type InvoiceSortField,
} from '@clearport/contract/invoices';
import { API_PATHS } from '@clearport/contract/paths';
import {
  apiUrl,
  DEMO_USERS,
  demoUsersOf,
  exactJson,
  fileUrl,
  injectAs,
  testAppForFile,
  type DemoUser,
} from '../../../test/build-app.ts';
import { runBrokerCommand } from '../../cli/broker.ts';
import { DEMO_PAYMENT_INSTRUCTIONS } from '../../seed/demo-billing.ts';
import { todayOf } from './invoices.rules.ts';

const t = testAppForFile();
const { tokens } = demoUsersOf(t);
type Who = DemoUser;
type Query = Record<string, string | number>;

function get(who: Who, url: string) {
  return injectAs(t.app, tokens[who]!, { method: 'GET', url });
}

/** A list reply, which must be exactly the schema's: every field of its type, none more. */
async function list(who: Who, query: Query = {}): Promise<InvoicesResponse> {
  return exactJson(InvoicesResponse, await get(who, apiUrl(API_PATHS.invoices, {}, query)));
}

async function allPages(who: Who, query: Query = {}): Promise<Invoice[]> {
  const items: Invoice[] = [];
  for (let page = 1; ; page++) {
    const body = await list(who, { ...query, page });
    items.push(...body.result);
    if (page >= body.pagination.last_page) return items;
  }
}

const ids = (items: readonly Invoice[]) => items.map((item) => item.id);
const cents = (amount: string | null) => (amount === null ? null : BigInt(amount.replace('.', '')));

/** The ids of the invoices of some accounts, straight from the table. */
async function invoiceIdsOf(accountNos: readonly string[]): Promise<number[]> {
  const rows = await t.app.db
    .selectFrom('invoices')
    .innerJoin('accounts', 'accounts.id', 'invoices.account_id')
    .select('invoices.id')
    .where('accounts.account_no', 'in', accountNos)
    .execute();
  return rows.map((row) => row.id);
}

/** The sort key of an invoice as the list orders it: text lower-cased, empty lowest. */
function keyOf(invoice: Invoice, field: InvoiceSortField): string | bigint | number | null {
  switch (field) {
    case 'master_bill_lading':
      return (invoice.master_bill_lading.split(', ')[0] ?? '').toLowerCase();
    case 'containers':
      return (invoice.containers[0] ?? '').toLowerCase();
    case 'created_at':
      return invoice.created_at;
    case 'amount':
      return cents(invoice.amount);
    case 'due_date':
      return invoice.due_date;
    case 'is_paid':
      return invoice.is_paid;
    default:
      return invoice[field].toLowerCase();
  }
}

function compareKeys(a: string | bigint | number | null, b: string | bigint | number | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === 'string' && typeof b === 'string') return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return a < b ? -1 : 1;
}

describe('GET user/invoices', () => {
  it('pages every invoice of the caller’s accounts, newest first, with the total and the open total', async () => {
    const first = await list('primary');
    const all = await allPages('primary');
    expect(first.pagination).toMatchObject({ current_page: 1, per_page: 40, total: all.length });
    expect(first.pagination.last_page).toBe(Math.ceil(all.length / 40));
    expect(all.length).toBeGreaterThan(80);
    expect(ids(all).sort()).toEqual((await invoiceIdsOf(['40001', '40002', '40003'])).sort());
    expect(new Set(ids(all)).size).toBe(all.length);
    for (let index = 1; index < all.length; index++) {
      const [before, after] = [all[index - 1]!, all[index]!];
      expect(before.created_at >= after.created_at).toBe(true);
    }
    const open = all
      .filter((invoice) => invoice.is_paid === 0)
      .reduce((sum, invoice) => sum + cents(invoice.amount)!, 0n);
    expect(cents(first.open_total)).toBe(open);
    expect(first.result[0]).toMatchObject({
      invoice_number: expect.stringMatching(/^INV-\d+$/),
      due_date: expect.any(String),
    });
  });

  it('shows user@demo.test only the invoices of account 40001, and no account of theirs is nothing', async () => {
    const mine = await allPages('user');
    expect(ids(mine).sort()).toEqual((await invoiceIdsOf(['40001'])).sort());
    expect(mine.every((invoice) => invoice.account_no === '40001')).toBe(true);
    expect((await list('user', { account_no: '40002' })).pagination.total).toBe(0);
    expect((await list('other', { account_no: '40001' })).result).toEqual([]);
  });

  it('filters by account number', async () => {
    const of40002 = await allPages('primary', { account_no: '40002' });
    expect(of40002.length).toBeGreaterThan(0);
    expect(ids(of40002).sort()).toEqual((await invoiceIdsOf(['40002'])).sort());
  });

  it('filters by payment status: paid, not paid and overdue, each the matching share of the whole', async () => {
    const all = await allPages('primary');
    const paid = await allPages('primary', { payment_status: 'paid' });
    const notPaid = await allPages('primary', { payment_status: 'not-paid' });
    const overdue = await allPages('primary', { payment_status: 'overdue' });
    const today = todayOf(new Date(), DEFAULT_TIME_ZONE);
    expect(ids(paid).sort()).toEqual(ids(all.filter((invoice) => invoice.is_paid === 1)).sort());
    expect(ids(notPaid).sort()).toEqual(ids(all.filter((invoice) => invoice.is_paid === 0)).sort());
    expect(overdue.length).toBeGreaterThan(0);
    expect(notPaid.length).toBeGreaterThan(overdue.length);
    expect(paid.length).toBeGreaterThan(0);
    for (const invoice of overdue) {
      expect(invoice).toMatchObject({ is_paid: 0, is_overdue: 1 });
      expect(invoice.due_date! < today).toBe(true);
    }
    expect(ids(overdue).sort()).toEqual(ids(all.filter((invoice) => invoice.is_overdue === 1)).sort());
    expect((await list('primary', { payment_status: 'paid' })).open_total).toBe('0.00');
    expect((await list('primary', { payment_status: '' })).pagination.total).toBe(all.length);
  });

  it('searches invoice number, file number, reference, bill of lading and container fragments, case aside', async () => {
    const all = await allPages('primary');
    const withContainer = all.find((invoice) => invoice.containers.length > 0)!;
    const withBill = all.find((invoice) => invoice.master_bill_lading !== '')!;
    const withReference = all.find((invoice) => invoice.customer_reference_no !== '')!;
    const fragments = [
      withContainer.containers[0]!.slice(2, 9).toLowerCase(),
      withBill.master_bill_lading.split(', ')[0]!.slice(1, 8),
      withReference.customer_reference_no.slice(0, 6).toUpperCase(),
      all[3]!.invoice_number,
      all[5]!.file_number.slice(0, 10),
    ];
    for (const fragment of fragments) {
      const found = await allPages('primary', { search: fragment });
      const expected = all.filter((invoice) =>
        [
          invoice.invoice_number,
          invoice.file_number,
          invoice.customer_reference_no,
          invoice.master_bill_lading,
          ...invoice.containers,
        ]
          .join('\u001f')
          .toLowerCase()
          .includes(fragment.toLowerCase()),
      );
      expect(found.length, fragment).toBeGreaterThan(0);
      expect(ids(found).sort(), fragment).toEqual(ids(expected).sort());
    }
    expect((await list('primary', { search: '%' })).pagination.total).toBe(0);
    expect((await list('primary', { search: '   ' })).pagination.total).toBe(all.length);
    const combined = await allPages('primary', { search: 'inv-', payment_status: 'not-paid', account_no: '40001' });
    expect(combined.every((invoice) => invoice.is_paid === 0 && invoice.account_no === '40001')).toBe(true);
    expect(combined.length).toBe(
      all.filter((invoice) => invoice.is_paid === 0 && invoice.account_no === '40001').length,
    );
  });

  it.each(
    INVOICE_SORT_FIELDS.flatMap((field) => (['asc', 'desc'] as const).map((direction) => ({ field, direction }))),
  )('sorts by $field $direction across pages, ties by id', async ({ field, direction }) => {
    const sorted = await allPages('primary', { sort: field, direction });
    const all = await allPages('primary');
    expect(ids(sorted).sort()).toEqual(ids(all).sort());
    const sign = direction === 'asc' ? 1 : -1;
    for (let index = 1; index < sorted.length; index++) {
      const [before, after] = [sorted[index - 1]!, sorted[index]!];
      const byKey =
        field === 'account_no'
          ? compareKeys(before.account_no, after.account_no)
          : compareKeys(keyOf(before, field), keyOf(after, field));
      const order = byKey === 0 ? Math.sign(before.id - after.id) : byKey;
      expect(order * sign, `${field} ${direction} at ${index}`).toBe(-1);
    }
  });

  it('answers 400 naming the field for bad query values', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=x', 'page'],
      ['page=0x2', 'page'],
      ['per_page=1e1', 'per_page'],
      ['per_page=41', 'per_page'],
      ['sort=price', 'sort'],
      ['direction=up', 'direction'],
      ['payment_status=maybe', 'payment_status'],
      [`search=${'x'.repeat(201)}`, 'search'],
    ] as const) {
      const response = await get('primary', `${apiUrl(API_PATHS.invoices)}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ field: string }>().field, query).toBe(field);
      const csv = await get('primary', `${apiUrl(API_PATHS.invoicesCsv)}?${query}`);
      if (!query.startsWith('page') && !query.startsWith('per_page')) expect(csv.statusCode, query).toBe(400);
    }
  });

  it('refuses role 11 every billing call with 403', async () => {
    const [someId] = await invoiceIdsOf(['40001']);
    for (const url of [
      apiUrl(API_PATHS.invoices),
      apiUrl(API_PATHS.invoice, { id: someId! }),
      apiUrl(API_PATHS.invoicePdf, { id: someId! }),
      apiUrl(API_PATHS.invoiceBackup, { id: someId! }),
      apiUrl(API_PATHS.invoicesCsv),
      apiUrl(API_PATHS.paymentInstructions),
    ]) {
      expect((await get('viewer', url)).statusCode, url).toBe(403);
    }
  });
});

describe('amounts', () => {
  it('are exact to the cent, however large, in the list, the invoice, the open total and the CSV', async () => {
    const db = t.app.db;
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('account_no', '=', '40003')
      .executeTakeFirstOrThrow();
    const before = await list('primary');
    const big = await db
      .insertInto('invoices')
      .values({
        account_id: account.id,
        shipment_id: null,
        invoice_number: 'EXACT-1',
        amount_cents: 1_999_999_999_999,
        is_paid: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cent = await db
      .insertInto('invoices')
      .values({ account_id: account.id, shipment_id: null, invoice_number: 'EXACT-2', amount_cents: 1, is_paid: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('invoices')
      .values({ account_id: account.id, shipment_id: null, invoice_number: 'EXACT-3', amount_cents: 10, is_paid: true })
      .execute();
    try {
      // The unfiltered totals are kept by triggers: they follow every insert, update and delete.
      const after = await list('primary');
      expect(after.pagination.total).toBe(before.pagination.total + 3);
      expect(cents(after.open_total)).toBe(cents(before.open_total)! + 2_000_000_000_000n);
      await db.updateTable('invoices').set({ is_paid: true }).where('id', '=', cent.id).execute();
      expect(cents((await list('primary')).open_total)).toBe(cents(before.open_total)! + 1_999_999_999_999n);
      await db.updateTable('invoices').set({ is_paid: false }).where('id', '=', cent.id).execute();
      const found = await list('primary', { search: 'exact-', sort: 'invoice_number', direction: 'asc' });
      expect(found.result.map((invoice) => invoice.amount)).toEqual(['19999999999.99', '0.01', '0.10']);
      expect(found.open_total).toBe('20000000000.00');
      expect(found.result[0]).toMatchObject({
        shipment: null,
        containers: [],
        master_bill_lading: '',
        due_date: null,
        is_overdue: 0,
      });
      const one = InvoiceResponse.parse((await get('primary', apiUrl(API_PATHS.invoice, { id: cent.id }))).json());
      expect(one.invoice.amount).toBe('0.01');
      const csv = await get('primary', apiUrl(API_PATHS.invoicesCsv, {}, { search: 'EXACT-1' }));
      expect(csv.body).toContain(',19999999999.99,');
      expect(big.id).toBeGreaterThan(0);
    } finally {
      await db.deleteFrom('invoices').where('invoice_number', 'like', 'EXACT-%').execute();
    }
    const restored = await list('primary');
    expect(restored.pagination.total).toBe(before.pagination.total);
    expect(restored.open_total).toBe(before.open_total);
  });
});

describe('GET user/invoices/{id} and its files', () => {
  async function otherCompanyInvoice() {
    return t.app.db
      .selectFrom('invoices')
      .innerJoin('accounts', 'accounts.id', 'invoices.account_id')
      .innerJoin('users', 'users.company_id', 'accounts.company_id')
      .select(['invoices.id', 'invoices.path', 'invoices.backup'])
      .where('users.email', '=', DEMO_USERS.other)
      .where('invoices.backup', 'is not', null)
      .executeTakeFirstOrThrow();
  }

  it('answers the invoice with its shipment link', async () => {
    const [listed] = (await list('user')).result;
    const response = await get('user', apiUrl(API_PATHS.invoice, { id: listed!.id }));
    expect(response.statusCode).toBe(200);
    const body = InvoiceResponse.parse(response.json());
    expect(body).toEqual(response.json());
    expect(body.invoice).toEqual(listed);
    expect(body.invoice.shipment).toMatchObject({ file_number: listed!.file_number });
  });

  it('dates the invoice on the company’s day, as its PDF does, not on the UTC day', async () => {
    const [listed] = (await list('user')).result;
    const { created_at } = await t.app.db
      .selectFrom('invoices')
      .select('created_at')
      .where('id', '=', listed!.id)
      .executeTakeFirstOrThrow();
    // 22:00 on the 25th in New York (the demo's companies' zone) is the 26th in UTC.
    await t.app.db
      .updateTable('invoices')
      .set({ created_at: new Date('2026-11-26T03:00:00Z') })
      .where('id', '=', listed!.id)
      .execute();
    try {
      const body = InvoiceResponse.parse((await get('user', apiUrl(API_PATHS.invoice, { id: listed!.id }))).json());
      expect(body.invoice).toMatchObject({ created_at: '2026-11-26T03:00:00.000Z', invoice_date: '2026-11-25' });
      const csv = (await get('user', apiUrl(API_PATHS.invoicesCsv, {}, { search: listed!.invoice_number }))).body;
      expect(csv).toContain(',2026-11-25,');
    } finally {
      await t.app.db.updateTable('invoices').set({ created_at }).where('id', '=', listed!.id).execute();
    }
  });

  it('serves the PDF inline and the backup as an attachment with its own type', async () => {
    const withBackup = (await allPages('primary')).find((invoice) => invoice.backup !== null)!;
    const pdf = await get('primary', apiUrl(API_PATHS.invoicePdf, { id: withBackup.id }));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="Invoice INV-\d+\.pdf"/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const backup = await get('primary', apiUrl(API_PATHS.invoiceBackup, { id: withBackup.id }));
    expect(backup.statusCode).toBe(200);
    expect(backup.headers['content-type']).toBe('application/pdf');
    expect(backup.headers['content-disposition']).toMatch(/^attachment; filename="Invoice INV-\d+ backup\.pdf"/);
    expect(backup.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const withoutBackup = (await allPages('primary')).find((invoice) => invoice.backup === null)!;
    expect((await get('primary', apiUrl(API_PATHS.invoiceBackup, { id: withoutBackup.id }))).statusCode).toBe(404);
  });

  it('answers 404 for another company’s invoice and its files, by id and by path', async () => {
    const theirs = await otherCompanyInvoice();
    for (const url of [
      apiUrl(API_PATHS.invoice, { id: theirs.id }),
      apiUrl(API_PATHS.invoicePdf, { id: theirs.id }),
      apiUrl(API_PATHS.invoiceBackup, { id: theirs.id }),
      fileUrl(theirs.path!),
      fileUrl(theirs.backup!),
    ]) {
      expect((await get('primary', url)).statusCode, url).toBe(404);
    }
    expect((await get('other', apiUrl(API_PATHS.invoicePdf, { id: theirs.id }))).statusCode).toBe(200);
    const of40002 = (await allPages('primary', { account_no: '40002' }))[0]!;
    expect((await get('user', apiUrl(API_PATHS.invoice, { id: of40002.id }))).statusCode).toBe(404);
    expect((await get('user', apiUrl(API_PATHS.invoicePdf, { id: of40002.id }))).statusCode).toBe(404);
    expect((await get('primary', apiUrl(API_PATHS.invoice, { id: 2147483647 }))).statusCode).toBe(404);
    expect((await get('primary', apiUrl(API_PATHS.invoice, { id: 2147483648 }))).statusCode).toBe(400);
    expect((await get('primary', apiUrl(API_PATHS.invoicePdf, { id: 'abc' }))).statusCode).toBe(400);
  });
});

describe('GET user/invoices/export.csv', () => {
  it('writes every filtered invoice, all pages, in the list’s order', async () => {
    const query = { payment_status: 'not-paid', sort: 'amount', direction: 'desc' };
    const listed = await allPages('primary', query);
    const response = await get('primary', apiUrl(API_PATHS.invoicesCsv, {}, query));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(INVOICE_CSV_COLUMNS.map((column) => column.header).join(','));
    expect(lines).toHaveLength(listed.length + 1);
    expect(lines[1]!.split(',')[0]).toBe(listed[0]!.invoice_number);
    expect(lines.slice(1).every((line) => line.endsWith(',Not Paid'))).toBe(true);
    const user = await get('user', apiUrl(API_PATHS.invoicesCsv));
    expect(user.body.trimEnd().split('\r\n')).toHaveLength((await invoiceIdsOf(['40001'])).length + 1);
  });
});

describe('GET user/payment-instructions', () => {
  it('answers what the broker command set last, without a restart', async () => {
    const first = PaymentInstructionsResponse.parse((await get('user', apiUrl(API_PATHS.paymentInstructions))).json());
    expect(first.payment_instructions).toEqual(DEMO_PAYMENT_INSTRUCTIONS);
    const changed = {
      ...DEMO_PAYMENT_INSTRUCTIONS,
      check_image_emails: ['a@pay.example', 'b@pay.example', 'c@pay.example'],
    };
    const file = path.join(t.dataDir, 'instructions.json');
    await writeFile(file, JSON.stringify(changed));
    expect((await runBrokerCommand(t.app.db, ['payment-instructions', 'set', file])).code).toBe(0);
    const after = (await get('primary', apiUrl(API_PATHS.paymentInstructions))).json<unknown>();
    expect(after).toEqual({ payment_instructions: changed });
    await sql`DELETE FROM payment_instructions`.execute(t.app.db);
    expect((await get('primary', apiUrl(API_PATHS.paymentInstructions))).json()).toEqual({
      payment_instructions: null,
    });
  });
});
