import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { API_PATHS } from '@clearport/contract/paths';
import { DutyByChapterResponse, DutyByMonthResponse, ReleaseEntriesResponse } from '@clearport/contract/reports';
import { apiUrl, demoUsersOf, exactJson, injectAs, testAppForFile, type DemoUser } from '../../../test/build-app.ts';

/*
 * The reports' tables as CSV and as Excel workbooks: the same figures as the reports, typed
 * cells in the workbook (read back with the library that wrote it), named by table and range.
 */

const t = testAppForFile();
const { tokens } = demoUsersOf(t);

const get = (who: DemoUser, path: string, params: Record<string, string>, query: Record<string, string | number>) =>
  injectAs(t.app, tokens[who]!, { method: 'GET', url: apiUrl(path, params, query) });

async function demoRange() {
  const { rows } = await sql<{ from: string; to: string }>`
    SELECT to_char(min(entry_date), 'YYYY-MM') AS from, to_char(max(entry_date), 'YYYY-MM') AS to FROM customs_entries`.execute(
    t.app.db,
  );
  return rows[0]!;
}

async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('GET /api/user/reports/export/:table', () => {
  it('gives duty and fees by month as CSV with the report’s figures, in dollars, named by the range', async () => {
    const range = await demoRange();
    const report = exactJson(DutyByMonthResponse, await get('primary', API_PATHS.reportDutyByMonth, {}, range));
    const response = await get(
      'primary',
      API_PATHS.reportExport,
      { table: 'duty-by-month' },
      { ...range, format: 'csv' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      `clearport-duty-by-month-${range.from}-to-${range.to}.csv`,
    );
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Month,Entries,Duty,MPF,HMF,Other fees,Total,Total a year before');
    expect(lines.length - 1).toBe(report.months.length);
    const first = report.months[0]!;
    const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    expect(lines[1]).toBe(
      [
        first.month,
        first.entries,
        dollars(first.duty_cents),
        dollars(first.mpf_cents),
        dollars(first.hmf_cents),
        dollars(first.other_fees_cents),
        dollars(first.total_cents),
        dollars(first.previous_year_total_cents),
      ].join(','),
    );
  });

  it('gives the Section 301 duty beside the whole duty of the flagged lines, and the flagged lines without it, as the report', async () => {
    const range = await demoRange();
    const report = exactJson(DutyByChapterResponse, await get('primary', API_PATHS.reportDutyByChapter, {}, range));
    const response = await get(
      'primary',
      API_PATHS.reportExport,
      { table: 'duty-by-chapter' },
      { ...range, format: 'csv' },
    );
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Chapter,Chapter name,Entered value,Duty,Duty on Section 301 lines,Section 301 duty,' +
        'Section 301 lines without a Section 301 duty,Duty on AD/CVD lines',
    );
    const dollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const figures = (line: string) => line.split(',').slice(-5);
    expect(lines.slice(1).map(figures)).toEqual(
      report.chapters.map((chapter) => [
        dollars(chapter.duty_cents),
        dollars(chapter.section_301_lines_duty_cents),
        dollars(chapter.section_301_duty_cents),
        String(chapter.section_301_lines_without_duty),
        dollars(chapter.adcvd_lines_duty_cents),
      ]),
    );
    expect(report.chapters.some((chapter) => chapter.section_301_duty_cents > 0)).toBe(true);
  });

  it('gives the top HTS numbers’ Section 301 duty as dollars and the lines without it as a number in the workbook', async () => {
    const range = await demoRange();
    const report = exactJson(DutyByChapterResponse, await get('primary', API_PATHS.reportDutyByChapter, {}, range));
    const response = await get(
      'primary',
      API_PATHS.reportExport,
      { table: 'top-hts-numbers' },
      { ...range, format: 'xlsx' },
    );
    expect(response.statusCode).toBe(200);
    const sheet = await workbookOf(response.rawPayload);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'HTS number',
      'Lines',
      'Entered value',
      'Duty',
      'Duty on Section 301 lines',
      'Section 301 duty',
      'Section 301 lines without a Section 301 duty',
      'Duty on AD/CVD lines',
    ]);
    const index = report.top_hts.findIndex((hts) => hts.section_301_duty_cents > 0);
    expect(index).toBeGreaterThanOrEqual(0);
    const hts = report.top_hts[index]!;
    const row = sheet.getRow(index + 2);
    expect(row.getCell(5).value).toBeCloseTo(hts.section_301_lines_duty_cents / 100, 2);
    expect(row.getCell(6).value).toBeCloseTo(hts.section_301_duty_cents / 100, 2);
    expect(row.getCell(6).numFmt).toBe('"$"#,##0.00');
    expect(row.getCell(7).value).toBe(hts.section_301_lines_without_duty);
  });

  it('gives a workbook with typed cells: months as dates, counts as numbers, amounts as dollars', async () => {
    const range = await demoRange();
    const report = exactJson(DutyByMonthResponse, await get('primary', API_PATHS.reportDutyByMonth, {}, range));
    const response = await get(
      'primary',
      API_PATHS.reportExport,
      { table: 'duty-by-month' },
      { ...range, format: 'xlsx' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = await workbookOf(response.rawPayload);
    expect(sheet.name).toBe('Duty and fees by month');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Month',
      'Entries',
      'Duty',
      'MPF',
      'HMF',
      'Other fees',
      'Total',
      'Total a year before',
    ]);
    const busiest = report.months.reduce((best, month) => (month.duty_cents > best.duty_cents ? month : best));
    const row = sheet.getRow(report.months.indexOf(busiest) + 2);
    expect(row.getCell(1).value).toEqual(new Date(`${busiest.month}-01T00:00:00Z`));
    expect(row.getCell(1).numFmt).toBe('mmm yyyy');
    expect(row.getCell(2).value).toBe(busiest.entries);
    expect(row.getCell(3).value).toBeCloseTo(busiest.duty_cents / 100, 2);
    expect(row.getCell(3).numFmt).toBe('"$"#,##0.00');
    expect(sheet.rowCount).toBe(report.months.length + 1);
  });

  it('gives every late release of the drill-down, as its pages list them', async () => {
    const range = await demoRange();
    const listed: ReleaseEntriesResponse['entries'] = [];
    let after: string | null = null;
    do {
      const page: ReleaseEntriesResponse = exactJson(
        ReleaseEntriesResponse,
        await get(
          'primary',
          API_PATHS.reportReleaseDaysEntries,
          {},
          { ...range, over: 1, ...(after ? { after } : {}) },
        ),
      );
      listed.push(...page.entries);
      after = page.next;
    } while (after !== null);
    expect(listed.length).toBeGreaterThan(0);
    const response = await get(
      'primary',
      API_PATHS.reportExport,
      { table: 'late-releases' },
      { ...range, over: 1, format: 'xlsx' },
    );
    const sheet = await workbookOf(response.rawPayload);
    expect(sheet.rowCount - 1).toBe(listed.length);
    expect(sheet.getRow(2).getCell(1).value).toBe(listed[0]!.entry_number);
    expect(sheet.getRow(2).getCell(6).value).toEqual(new Date(`${listed[0]!.release_date}T00:00:00Z`));
    expect(sheet.getRow(2).getCell(7).value).toBe(listed[0]!.days);
  });

  it('exports each table, and refuses an unknown table, a bad format and Shipments Info', async () => {
    const range = await demoRange();
    for (const table of [
      'entries-by-port',
      'entries-by-mode',
      'duty-by-chapter',
      'top-hts-numbers',
      'release-days-by-week',
      'open-invoices',
    ]) {
      const response = await get('primary', API_PATHS.reportExport, { table }, { ...range, format: 'csv' });
      expect(response.statusCode, table).toBe(200);
      expect(response.body.split('\r\n').length, table).toBeGreaterThan(2);
    }
    const unknown = await get('primary', API_PATHS.reportExport, { table: 'everything' }, { ...range, format: 'csv' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toBe('table');
    const format = await get(
      'primary',
      API_PATHS.reportExport,
      { table: 'duty-by-month' },
      { ...range, format: 'pdf' },
    );
    expect(format.json().field).toBe('format');
    const viewer = await get('viewer', API_PATHS.reportExport, { table: 'duty-by-month' }, { ...range, format: 'csv' });
    expect(viewer.statusCode).toBe(403);
  });
});
