import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CBP_PORTS, formatEntryNumber } from '@clearport/contract/customs-entry';
import { API_PATHS } from '@clearport/contract/paths';
import {
  DutyByChapterResponse,
  DutyByMonthResponse,
  EntriesByPortResponse,
  OpenInvoicesResponse,
  ReleaseDaysResponse,
  ReleaseEntriesResponse,
} from '@clearport/contract/reports';
import { apiUrl, demoUsersOf, exactJson, injectAs, testAppForFile, type DemoUser } from '../../../test/build-app.ts';
import { brokerApiOf } from '../../../test/broker-api.ts';
import { calendarDayIn } from '@clearport/contract/calendar';
import { BROKER } from '../access/session-user.ts';
import { setCustomsEntry } from '../customs-entries/set-customs-entry.ts';
import { setEntryLine } from '../customs-entries/set-entry-line.ts';
import { percentileOf } from './reports.rules.ts';

/*
 * Each report against a plain SQL over the rows it stands on (entries through their shipment's
 * account, not through the rollups or the columns migration 0031 keeps), on the demo data and
 * after the writes that move its figures.
 */

const t = testAppForFile();
const { tokens, ids: userIds } = demoUsersOf(t);
const broker = brokerApiOf(t);

type Query = Record<string, string | number>;

const get = (who: DemoUser, path: string, query: Query) =>
  injectAs(t.app, tokens[who]!, { method: 'GET', url: apiUrl(path, {}, query) });

/** The months the demo's entries span, as a report range. */
async function demoRange(): Promise<{ from: string; to: string }> {
  const { rows } = await sql<{ from: string; to: string }>`
    SELECT to_char(min(entry_date), 'YYYY-MM') AS from, to_char(max(entry_date), 'YYYY-MM') AS to FROM customs_entries`.execute(
    t.app.db,
  );
  return rows[0]!;
}

/** The accounts a demo user sees, by id (the primary user: all of the company's). */
async function accountIdsOf(who: DemoUser): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT a.id FROM accounts a JOIN users u ON u.company_id = a.company_id
    WHERE u.id = ${userIds[who]} AND (u.role = 3 OR a.id IN (SELECT account_id FROM user_accounts WHERE user_id = u.id))
    ORDER BY a.id`.execute(t.app.db);
  return rows.map((row) => row.id);
}

const untilOf = (to: string) => {
  const [year, month] = to.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

/** Entries of the accounts with their shipment's account, dated in the range. */
const entriesIn = (ids: number[], from: string, to: string) => sql`
  SELECT e.*, s.account_id AS shipment_account FROM customs_entries e JOIN shipments s ON s.id = e.shipment_id
  WHERE s.account_id = ANY (${ids}::int[]) AND e.entry_date >= ${`${from}-01`}::date AND e.entry_date < ${untilOf(to)}::date`;

async function expectedByMonth(ids: number[], from: string, to: string) {
  const { rows } = await sql<{ month: string; entries: number; duty: number; fees: number }>`
    SELECT to_char(date_trunc('month', e.entry_date), 'YYYY-MM') AS month, count(*)::int AS entries,
      sum(e.duty_cents)::bigint AS duty,
      sum(coalesce(e.mpf_cents, 0) + coalesce(e.hmf_cents, 0) + coalesce(e.other_fees_cents, 0))::bigint AS fees
    FROM (${entriesIn(ids, from, to)}) e GROUP BY 1 ORDER BY 1`.execute(t.app.db);
  return rows;
}

async function dutyByMonth(who: DemoUser, query: Query) {
  return exactJson(DutyByMonthResponse, await get(who, API_PATHS.reportDutyByMonth, query));
}

describe('GET /api/user/reports: the figures equal the rows', () => {
  it('duty and fees by month, every month of the range with empty ones as zero, and the year before', async () => {
    const range = await demoRange();
    for (const who of ['primary', 'user', 'other'] as const) {
      const report = await dutyByMonth(who, range);
      const expected = await expectedByMonth(await accountIdsOf(who), range.from, range.to);
      const withEntries = report.months.filter((month) => month.entries > 0);
      expect(
        withEntries.map((month) => ({
          month: month.month,
          entries: month.entries,
          duty: month.duty_cents,
          fees: month.mpf_cents + month.hmf_cents + month.other_fees_cents,
        })),
        who,
      ).toEqual(expected);
      for (const month of report.months) {
        expect(month.total_cents).toBe(month.duty_cents + month.mpf_cents + month.hmf_cents + month.other_fees_cents);
      }
    }
    const [year, month] = range.to.split('-').map(Number) as [number, number];
    const later = `${year + 1}-${String(month).padStart(2, '0')}`;
    const nextYear = await dutyByMonth('primary', { from: later, to: later });
    expect(nextYear.months).toEqual([
      expect.objectContaining({
        month: later,
        entries: 0,
        total_cents: 0,
        previous_year_total_cents: expect.any(Number),
      }),
    ]);
    const sameMonth = (await dutyByMonth('primary', { from: range.to, to: range.to })).months[0]!;
    expect(nextYear.months[0]!.previous_year_total_cents).toBe(sameMonth.total_cents);
  });

  it('entries and entered value by port and by mode', async () => {
    const range = await demoRange();
    const report = exactJson(EntriesByPortResponse, await get('primary', API_PATHS.reportEntriesByPort, range));
    const { rows } = await sql<{ port_code: string; entries: number; entered_value_cents: number }>`
      SELECT coalesce(e.port_code, '') AS port_code, count(*)::int AS entries, sum(e.entered_value_cents)::bigint AS entered_value_cents
      FROM (${entriesIn(await accountIdsOf('primary'), range.from, range.to)}) e GROUP BY 1 ORDER BY 2 DESC, 1`.execute(
      t.app.db,
    );
    expect(report.ports.map(({ port_name: _name, ...port }) => port)).toEqual(rows);
    for (const port of report.ports) expect(port.port_name).toBe(CBP_PORTS[port.port_code]);
    expect(report.modes.reduce((sum, mode) => sum + mode.entries, 0)).toBe(
      rows.reduce((sum, port) => sum + port.entries, 0),
    );
  });

  it('duty by HTS chapter and the HTS numbers with the most duty, Section 301 and AD/CVD apart', async () => {
    const range = await demoRange();
    const report = exactJson(DutyByChapterResponse, await get('primary', API_PATHS.reportDutyByChapter, range));
    const { rows } = await sql<{
      chapter: string;
      duty_cents: number;
      section_301_lines_duty_cents: number;
      section_301_duty_cents: number;
      section_301_lines_without_duty: number;
      adcvd_lines_duty_cents: number;
    }>`
      SELECT left(l.hts_number, 2) AS chapter, sum(l.duty_cents)::bigint AS duty_cents,
        coalesce(sum(l.duty_cents) FILTER (WHERE l.section_301), 0)::bigint AS section_301_lines_duty_cents,
        coalesce(sum(l.section_301_duty_cents), 0)::bigint AS section_301_duty_cents,
        (count(*) FILTER (WHERE l.section_301 AND l.section_301_duty_cents IS NULL))::int AS section_301_lines_without_duty,
        coalesce(sum(l.duty_cents) FILTER (WHERE l.adcvd), 0)::bigint AS adcvd_lines_duty_cents
      FROM customs_entry_lines l JOIN (${entriesIn(await accountIdsOf('primary'), range.from, range.to)}) e ON e.id = l.entry_id
      GROUP BY 1 ORDER BY 2 DESC, 1`.execute(t.app.db);
    expect(rows.length).toBeGreaterThan(1);
    expect(report.chapters.map(({ entered_value_cents: _value, name: _name, ...figures }) => figures)).toEqual(rows);
    // The demo files every Section 301 line's part apart, less than the line's whole duty where the goods pay a base rate.
    const section301 = rows.filter((row) => row.section_301_lines_duty_cents > 0);
    expect(section301.length).toBeGreaterThan(0);
    expect(section301.every((row) => row.section_301_lines_without_duty === 0 && row.section_301_duty_cents > 0)).toBe(
      true,
    );
    expect(section301.some((row) => row.section_301_duty_cents < row.section_301_lines_duty_cents)).toBe(true);
    expect(report.chapters.find((chapter) => chapter.chapter === '94')?.name).toContain('Furniture');
    expect(report.top_hts.length).toBeLessThanOrEqual(20);
    const duties = report.top_hts.map((hts) => hts.duty_cents);
    expect(duties).toEqual([...duties].sort((a, b) => b - a));
  });

  it('days from arrival to release: median, 90th percentile, weeks, and the drill-down page by page', async () => {
    const range = await demoRange();
    const ids = await accountIdsOf('primary');
    const report = exactJson(
      ReleaseDaysResponse,
      await get('primary', API_PATHS.reportReleaseDays, { ...range, over: 3 }),
    );
    const { rows } = await sql<{ median: number | null; p90: number | null; entries: number; over: number }>`
      SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY d.days) AS median,
        percentile_disc(0.9) WITHIN GROUP (ORDER BY d.days) AS p90, count(*)::int AS entries,
        (count(*) FILTER (WHERE d.days > 3))::int AS over
      FROM (
        SELECT greatest(e.release_date - coalesce(s.shipment_discharge_date, s.est_time_arrive)::date, 0) AS days
        FROM customs_entries e JOIN shipments s ON s.id = e.shipment_id
        WHERE s.account_id = ANY (${ids}::int[]) AND e.release_date >= ${`${range.from}-01`}::date
          AND e.release_date < ${untilOf(range.to)}::date
          AND coalesce(s.shipment_discharge_date, s.est_time_arrive) IS NOT NULL
      ) d`.execute(t.app.db);
    const expected = rows[0]!;
    expect(expected.entries).toBeGreaterThan(0);
    expect({
      median: report.median_days,
      p90: report.p90_days,
      entries: report.entries,
      over: report.over_threshold,
    }).toEqual({
      median: expected.median,
      p90: expected.p90,
      entries: expected.entries,
      over: expected.over,
    });
    expect(report.weeks.reduce((sum, week) => sum + week.entries, 0)).toBe(expected.entries);

    const listed: ReleaseEntriesResponse['entries'] = [];
    let after: string | null = null;
    do {
      const page: ReleaseEntriesResponse = exactJson(
        ReleaseEntriesResponse,
        await get('primary', API_PATHS.reportReleaseDaysEntries, { ...range, over: 3, ...(after ? { after } : {}) }),
      );
      listed.push(...page.entries);
      after = page.next;
    } while (after !== null);
    expect(listed.length).toBe(expected.over);
    for (const entry of listed) expect(entry.days).toBeGreaterThan(3);
    const order = listed.map((entry) => entry.release_date);
    expect(order).toEqual([...order].sort().reverse());
  });

  it('open invoices by age, in all and per account, counted to the company’s day', async () => {
    const report = exactJson(OpenInvoicesResponse, await get('primary', API_PATHS.reportOpenInvoices, {}));
    const today = calendarDayIn(new Date(), 'America/New_York');
    expect(report.as_of).toBe(today);
    const { rows } = await sql<{ bucket: string; invoices: number; amount_cents: number }>`
      SELECT CASE
          WHEN i.due_date IS NULL OR ${today}::date - i.due_date <= 30 THEN '0-30'
          WHEN ${today}::date - i.due_date <= 60 THEN '31-60'
          WHEN ${today}::date - i.due_date <= 90 THEN '61-90'
          ELSE 'over-90' END AS bucket,
        count(*)::int AS invoices, coalesce(sum(i.amount_cents), 0)::bigint AS amount_cents
      FROM invoices i WHERE i.account_id = ANY (${await accountIdsOf('primary')}::int[]) AND NOT i.is_paid
      GROUP BY 1 ORDER BY 1`.execute(t.app.db);
    expect(report.buckets.filter((bucket) => bucket.invoices > 0)).toEqual(
      rows.sort(
        (a, b) =>
          ['0-30', '31-60', '61-90', 'over-90'].indexOf(a.bucket) -
          ['0-30', '31-60', '61-90', 'over-90'].indexOf(b.bucket),
      ),
    );
    const perAccount = report.accounts
      .flatMap((account) => account.buckets)
      .reduce((sum, bucket) => sum + bucket.amount_cents, 0);
    expect(perAccount).toBe(report.buckets.reduce((sum, bucket) => sum + bucket.amount_cents, 0));
  });

  it('never counts another company’s or an unlinked account’s rows, asked for by number or not', async () => {
    const range = await demoRange();
    const other = await dutyByMonth('other', range);
    const otherAccount = await t.app.db
      .selectFrom('accounts')
      .innerJoin('companies', 'companies.id', 'accounts.company_id')
      .select('accounts.account_no')
      .where('companies.name', '<>', 'Demo Imports LLC')
      .executeTakeFirstOrThrow();
    const asked = await dutyByMonth('primary', { ...range, account_no: otherAccount.account_no });
    expect(asked.months.every((month) => month.entries === 0 && month.total_cents === 0)).toBe(true);
    expect(other.months.some((month) => month.entries > 0)).toBe(true);
    const unlinked = await dutyByMonth('user', { ...range, account_no: '40002' });
    expect(unlinked.months.every((month) => month.entries === 0)).toBe(true);
  });
});

describe('the rollups follow every write', () => {
  it('after an entry is filed, its line changes, its shipment moves to another account, and it is deleted', async () => {
    const shipment = await t.app.db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .select(['shipments.id', 'shipments.file_number'])
      .where('accounts.account_no', '=', '40001')
      .orderBy('shipments.id')
      .executeTakeFirstOrThrow();
    // The last day of a month and the first of the next are two months.
    const month = { from: '2031-01', to: '2031-02' };
    const figures = async (who: DemoUser, accountNo: string) =>
      (await dutyByMonth(who, { ...month, account_no: accountNo })).months.map((row) => [
        row.month,
        row.entries,
        row.duty_cents,
      ]);
    const january = formatEntryNumber('DMI', 7300001);
    const february = formatEntryNumber('DMI', 7300002);
    await setCustomsEntry({ db: t.app.db }, BROKER, {
      entryNumber: january,
      shipmentId: shipment.id,
      fields: { entry_type: '01', port_code: '2704', entry_date: '2031-01-31', mode: 'ocean', mpf_cents: 3_358 },
    });
    await setCustomsEntry({ db: t.app.db }, BROKER, {
      entryNumber: february,
      shipmentId: shipment.id,
      fields: { entry_type: '01', port_code: '2704', entry_date: '2031-02-01', mode: 'ocean' },
    });
    await setEntryLine({ db: t.app.db }, BROKER, {
      entryNumber: january,
      lineNumber: 1,
      fields: {
        hts_number: '9403608081',
        duty_rate: '25%',
        entered_value_cents: 1_000_001,
        duty_cents: 250_001,
        section_301: true,
      },
    });
    expect(await figures('primary', '40001')).toEqual([
      ['2031-01', 1, 250_001],
      ['2031-02', 1, 0],
    ]);
    const chapters = exactJson(
      DutyByChapterResponse,
      await get('primary', API_PATHS.reportDutyByChapter, { ...month, account_no: '40001' }),
    );
    expect(chapters.chapters).toEqual([
      expect.objectContaining({
        chapter: '94',
        duty_cents: 250_001,
        section_301_lines_duty_cents: 250_001,
        section_301_duty_cents: 0,
        section_301_lines_without_duty: 1,
        adcvd_lines_duty_cents: 0,
      }),
    ]);

    await setEntryLine({ db: t.app.db }, BROKER, {
      entryNumber: january,
      lineNumber: 1,
      fields: { duty_cents: 199_999 },
    });
    expect(await figures('primary', '40001')).toEqual([
      ['2031-01', 1, 199_999],
      ['2031-02', 1, 0],
    ]);

    const moved = await broker.results<{ outcome: string; reason?: string }>([
      { kind: 'shipment', file_number: shipment.file_number, account_no: '40002' },
    ]);
    expect(moved[0]!.outcome, moved[0]!.reason).toBe('updated');
    expect(await figures('primary', '40001')).toEqual([
      ['2031-01', 0, 0],
      ['2031-02', 0, 0],
    ]);
    expect(await figures('primary', '40002')).toEqual([
      ['2031-01', 1, 199_999],
      ['2031-02', 1, 0],
    ]);
    const movedChapters = exactJson(
      DutyByChapterResponse,
      await get('primary', API_PATHS.reportDutyByChapter, { ...month, account_no: '40002' }),
    );
    expect(movedChapters.chapters.map((chapter) => chapter.duty_cents)).toEqual([199_999]);

    // The shipment's discharge date reaches its entries as their arrival (migrations 0031 and 0055).
    const discharged = await broker.results<{ outcome: string; reason?: string }>([
      { kind: 'shipment', file_number: shipment.file_number, shipment_discharge_date: '2031-01-20 08:00:00' },
    ]);
    expect(discharged[0]!.outcome, discharged[0]!.reason).toBe('updated');
    const arrivals = await t.app.db
      .selectFrom('customs_entries')
      .select(sql<string>`arrival_date::text`.as('arrival'))
      .where('entry_number', 'in', [january, february])
      .execute();
    expect(arrivals.map((entry) => entry.arrival)).toEqual(['2031-01-20', '2031-01-20']);

    await t.app.db.deleteFrom('customs_entries').where('entry_number', 'in', [january, february]).execute();
    expect(await figures('primary', '40002')).toEqual([
      ['2031-01', 0, 0],
      ['2031-02', 0, 0],
    ]);
    const emptied = exactJson(
      DutyByChapterResponse,
      await get('primary', API_PATHS.reportDutyByChapter, { ...month, account_no: '40002' }),
    );
    expect(emptied.chapters).toEqual([]);
    await broker.results([{ kind: 'shipment', file_number: shipment.file_number, account_no: '40001' }]);
  });

  it('sums the Section 301 duty the broker sent and counts the flagged lines without it, through every change of a line', async () => {
    const shipment = await t.app.db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .select(['shipments.id', 'shipments.file_number'])
      .where('accounts.account_no', '=', '40001')
      .orderBy('shipments.id', 'desc')
      .executeTakeFirstOrThrow();
    const range = { from: '2032-03', to: '2032-03' };
    const entryNumber = formatEntryNumber('DMI', 7300101);
    await setCustomsEntry({ db: t.app.db }, BROKER, {
      entryNumber,
      shipmentId: shipment.id,
      fields: { entry_type: '01', port_code: '2704', entry_date: '2032-03-10', mode: 'ocean' },
    });
    /** The chapter's figures of the account: its duty, its Section 301 lines' duty, their Section 301 duty, and how many lack it. */
    const figures = async (accountNo: string) => {
      const report = exactJson(
        DutyByChapterResponse,
        await get('primary', API_PATHS.reportDutyByChapter, { ...range, account_no: accountNo }),
      );
      const top = report.top_hts.map((hts) => [
        hts.hts_number,
        hts.lines,
        hts.section_301_duty_cents,
        hts.section_301_lines_without_duty,
      ]);
      return {
        chapters: report.chapters.map((row) => [
          row.chapter,
          row.duty_cents,
          row.section_301_lines_duty_cents,
          row.section_301_duty_cents,
          row.section_301_lines_without_duty,
        ]),
        top,
      };
    };
    // Written by the broker API, whose batch adds to the rollups once before its commit, and by the action alone.
    const line = (lineNumber: number, fields: Record<string, unknown>) => ({
      kind: 'entry_line',
      entry_number: entryNumber,
      line_number: lineNumber,
      ...fields,
    });
    const sent = await broker.results<{ outcome: string; reason?: string }>([
      line(1, {
        hts_number: '6109100012',
        entered_value: '10000.00',
        duty_rate: '16.5% + 7.5%',
        duty: '2400.00',
        section_301: true,
        section_301_duty: '750.00',
      }),
      line(2, {
        hts_number: '6109100012',
        entered_value: '2000.00',
        duty_rate: '16.5% + 7.5%',
        duty: '480.00',
        section_301: true,
      }),
    ]);
    expect(sent.map((result) => result.outcome)).toEqual(['created', 'created']);
    await setEntryLine({ db: t.app.db }, BROKER, {
      entryNumber,
      lineNumber: 3,
      fields: {
        hts_number: '9403608081',
        duty_rate: 'Free + 25%',
        entered_value_cents: 400_000,
        duty_cents: 100_000,
        section_301: true,
        section_301_duty_cents: 100_000,
      },
    });
    expect(await figures('40001')).toEqual({
      chapters: [
        ['61', 2_880_00, 2_880_00, 750_00, 1],
        ['94', 1_000_00, 1_000_00, 1_000_00, 0],
      ],
      top: [
        ['6109100012', 2, 750_00, 1],
        ['9403608081', 1, 1_000_00, 0],
      ],
    });

    // The second line's part comes; the first's is corrected; the third loses its flag and its part.
    const changed = await broker.results<{ outcome: string; reason?: string }>([
      line(2, { section_301_duty: '150.00' }),
      line(1, { section_301_duty: '700.00' }),
    ]);
    expect(changed.map((result) => result.outcome)).toEqual(['updated', 'updated']);
    await setEntryLine({ db: t.app.db }, BROKER, {
      entryNumber,
      lineNumber: 3,
      fields: { section_301: false, section_301_duty_cents: null },
    });
    expect(await figures('40001')).toEqual({
      chapters: [
        ['61', 2_880_00, 2_880_00, 850_00, 0],
        ['94', 1_000_00, 0, 0, 0],
      ],
      top: [
        ['6109100012', 2, 850_00, 0],
        ['9403608081', 1, 0, 0],
      ],
    });

    // The part cleared again counts its line as without it; the shipment's move takes the figures along.
    expect((await broker.results<{ outcome: string }>([line(2, { section_301_duty: null })]))[0]!.outcome).toBe(
      'updated',
    );
    const moved = await broker.results<{ outcome: string; reason?: string }>([
      { kind: 'shipment', file_number: shipment.file_number, account_no: '40002' },
    ]);
    expect(moved[0]!.outcome, moved[0]!.reason).toBe('updated');
    expect(await figures('40001')).toEqual({ chapters: [], top: [] });
    expect((await figures('40002')).chapters).toEqual([
      ['61', 2_880_00, 2_880_00, 700_00, 1],
      ['94', 1_000_00, 0, 0, 0],
    ]);

    // A line deleted takes its part and its count away.
    const deleted = await broker.results<{ outcome: string }>([
      { kind: 'entry_line', entry_number: entryNumber, line_number: 2, deleted: true },
    ]);
    expect(deleted[0]!.outcome).toBe('deleted');
    expect((await figures('40002')).chapters).toEqual([
      ['61', 2_400_00, 2_400_00, 700_00, 0],
      ['94', 1_000_00, 0, 0, 0],
    ]);
    await t.app.db.deleteFrom('customs_entries').where('entry_number', '=', entryNumber).execute();
    expect(await figures('40002')).toEqual({ chapters: [], top: [] });
    await broker.results([{ kind: 'shipment', file_number: shipment.file_number, account_no: '40001' }]);
  });

  it('counts an invoice open until it is paid', async () => {
    const before = exactJson(
      OpenInvoicesResponse,
      await get('primary', API_PATHS.reportOpenInvoices, { account_no: '40003' }),
    );
    const invoice = await t.app.db
      .selectFrom('invoices')
      .innerJoin('accounts', 'accounts.id', 'invoices.account_id')
      .select(['invoices.id', 'invoices.amount_cents'])
      .where('accounts.account_no', '=', '40003')
      .where('invoices.is_paid', '=', false)
      .orderBy('invoices.id')
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('invoices').set({ is_paid: true }).where('id', '=', invoice.id).execute();
    const after = exactJson(
      OpenInvoicesResponse,
      await get('primary', API_PATHS.reportOpenInvoices, { account_no: '40003' }),
    );
    const sum = (report: typeof before) => report.buckets.reduce((total, bucket) => total + bucket.amount_cents, 0);
    expect(sum(after)).toBe(sum(before) - (invoice.amount_cents ?? 0));
    await t.app.db.updateTable('invoices').set({ is_paid: false }).where('id', '=', invoice.id).execute();
  });
});

describe('the reports’ rules and refusals', () => {
  it('takes the nearest-rank percentile of a distribution', () => {
    const counts = [
      { days: 1, entries: 5 },
      { days: 2, entries: 4 },
      { days: 9, entries: 1 },
    ];
    expect(percentileOf(counts, 0.5)).toBe(1);
    expect(percentileOf(counts, 0.9)).toBe(2);
    expect(percentileOf(counts, 0.91)).toBe(9);
    expect(percentileOf([], 0.5)).toBeNull();
  });

  it('answers Shipments Info 403, and a bad range 400 naming its field', async () => {
    expect((await get('viewer', API_PATHS.reportDutyByMonth, { from: '2026-01', to: '2026-02' })).statusCode).toBe(403);
    const cases: Array<[Query, string]> = [
      [{ from: '2026-13', to: '2026-12' }, 'from'],
      [{ from: '2026-05', to: '2026-04' }, 'to'],
      [{ from: '2020-01', to: '2026-12' }, 'to'],
      [{ from: '2026-01' }, 'to'],
    ];
    for (const [query, field] of cases) {
      const response = await get('primary', API_PATHS.reportDutyByMonth, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().field).toBe(field);
    }
    const badPlace = await get('primary', API_PATHS.reportReleaseDaysEntries, {
      from: '2026-01',
      to: '2026-02',
      after: '2026-02-31.5',
    });
    expect(badPlace.statusCode).toBe(400);
    expect(badPlace.json().field).toBe('after');
    const tooMany = await get('primary', API_PATHS.reportReleaseDays, { from: '2026-01', to: '2026-02', over: 10_000 });
    expect(tooMany.json().field).toBe('over');
  });
});
