import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/build-app.ts';

/*
 * The days of the invoices not paid (migration 0047), kept by statement triggers, against a count
 * of the invoices themselves after each kind of write: added, paid, changed, moved and deleted, one
 * invoice or many in a statement, and an account deleted with its invoices.
 */

const t = testAppForFile();

type Day = { account_id: number; due_date: string; invoices: number; open_cents: number };

async function keptAndCounted(): Promise<{ kept: Day[]; counted: Day[] }> {
  const db = t.app.db;
  const kept = await sql<Day>`
    SELECT account_id, due_date::text, invoices::int, open_cents::int FROM invoice_unpaid_days
    ORDER BY 1, 2`.execute(db);
  const counted = await sql<Day>`
    SELECT account_id, due_date::text, count(*)::int AS invoices, sum(coalesce(amount_cents, 0))::int AS open_cents
    FROM invoices WHERE NOT is_paid AND due_date IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  return { kept: kept.rows, counted: counted.rows };
}

async function expectKept(step: string) {
  const { kept, counted } = await keptAndCounted();
  expect(counted.length, step).toBeGreaterThan(0);
  expect(kept, step).toEqual(counted);
}

describe('the days of the unpaid invoices', () => {
  it('follow every write of the invoices', async () => {
    const db = t.app.db;
    await expectKept('the demo data');
    const { rows: accounts } = await sql<{ id: number }>`SELECT id FROM accounts ORDER BY id LIMIT 3`.execute(db);
    const [first, second, third] = accounts.map((account) => account.id) as [number, number, number];

    await sql`INSERT INTO invoices (account_id, invoice_number, file_number, amount_cents, due_date, is_paid, path)
      SELECT ${first}::int, 'DAYS-' || n, 'DAYS-' || n, CASE WHEN n % 4 = 0 THEN NULL ELSE 1000 * n END,
        CASE WHEN n % 5 = 0 THEN NULL ELSE date '2026-10-01' + (n % 3) END, n % 2 = 0, 'invoices/days.pdf'
      FROM generate_series(1, 40) n`.execute(db);
    await expectKept('40 added in one statement, some paid, some without an amount or a due date');

    await sql`UPDATE invoices SET is_paid = true WHERE invoice_number IN ('DAYS-1', 'DAYS-3')`.execute(db);
    await expectKept('two paid');
    await sql`UPDATE invoices SET is_paid = false WHERE invoice_number = 'DAYS-2'`.execute(db);
    await expectKept('one marked not paid again');
    await sql`UPDATE invoices SET amount_cents = amount_cents + 5, due_date = date '2026-11-30'
      WHERE invoice_number LIKE 'DAYS-1%'`.execute(db);
    await expectKept('amounts and due dates changed');
    await sql`UPDATE invoices SET account_id = ${second}::int WHERE invoice_number LIKE 'DAYS-2%'`.execute(db);
    await expectKept('moved to another account');
    await sql`DELETE FROM invoices WHERE invoice_number LIKE 'DAYS-3%'`.execute(db);
    await expectKept('deleted');
    await sql`UPDATE invoices SET is_paid = true WHERE account_id = ${first}::int AND invoice_number LIKE 'DAYS-%'`.execute(
      db,
    );
    await expectKept('every one of an account paid');
    const { rows: left } = await sql<{ days: number }>`
      SELECT count(*)::int AS days FROM invoice_unpaid_days d
      WHERE d.account_id = ${first}::int AND NOT EXISTS (
        SELECT 1 FROM invoices i WHERE i.account_id = d.account_id AND i.due_date = d.due_date AND NOT i.is_paid)`.execute(
      db,
    );
    expect(left[0]!.days, 'a day with nothing left unpaid is removed').toBe(0);

    await sql`INSERT INTO invoices (account_id, invoice_number, file_number, amount_cents, due_date, is_paid, path)
      VALUES (${third}::int, 'DAYS-GONE', 'DAYS-GONE', 500, date '2026-09-01', false, 'invoices/days.pdf')`.execute(db);
    await sql`DELETE FROM invoices WHERE account_id = ${third}::int`.execute(db);
    await expectKept('an account’s invoices all deleted');
  });
});
