import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { centsToAmount } from '@clearport/contract/invoices';
import { CBP_PORTS, formatCents, formatHtsNumber } from '@clearport/contract/customs-entry';
import {
  AGE_BUCKETS,
  chapterName,
  formatReportDay,
  formatReportMonth,
  REPORT_EXPORT_TABLES,
  TOP_HTS_NUMBERS,
  type ReportExportQuery,
  type ReportExportTable,
} from '@clearport/contract/reports';
import type { Db } from '../../db/connect.ts';
import { calendarDayIn } from '@clearport/contract/calendar';
import { csvLine } from '../../lib/csv.ts';
import { reportsRepository, type ReportScope } from './reports.repository.ts';
import { dayRangeOf, dutyByMonth, openInvoices, releaseDays, yearBefore } from './reports.rules.ts';

/*
 * A report's tables as files (docs/decisions/0027-reports.md): CSV, or an Excel workbook with
 * typed cells (numbers, dates, dollars), both streamed as rows are read. The late releases, the
 * one table that can be long, are read a page at a time.
 */

type Kind = 'text' | 'integer' | 'money' | 'date' | 'month';
type Column = { header: string; kind: Kind; width?: number };
/** A row's cells in its columns' order: money in cents, dates as YYYY-MM-DD, months as YYYY-MM. */
type Cell = string | number | null;

type Table = {
  columns: Column[];
  rows: (db: Db, scope: ReportScope, query: ReportExportQuery) => AsyncIterable<Cell[]>;
};

/** The late releases are read this many at a time. */
const EXPORT_BATCH = 2_000;

const money = (header: string): Column => ({ header, kind: 'money', width: 16 });
const count = (header: string): Column => ({ header, kind: 'integer', width: 10 });

/**
 * The duty tables' duty and its parts (decision 0051): the whole duty of the lines flagged Section
 * 301, the Section 301 duty the broker sent of them and how many it did not, and the whole duty of
 * the lines flagged AD/CVD.
 */
const DUTY_PART_COLUMNS: Column[] = [
  money('Duty'),
  money('Duty on Section 301 lines'),
  money('Section 301 duty'),
  { header: 'Section 301 lines without a Section 301 duty', kind: 'integer', width: 18 },
  money('Duty on AD/CVD lines'),
];

function dutyPartsOf(row: Awaited<ReturnType<typeof reportsRepository.dutyByHts>>[number]): Cell[] {
  return [
    row.duty_cents,
    row.section_301_lines_duty_cents,
    row.section_301_duty_cents,
    row.section_301_lines_without_duty,
    row.adcvd_lines_duty_cents,
  ];
}

async function* rowsOf<T>(read: Promise<T[]>, cells: (row: T) => Cell[]): AsyncIterable<Cell[]> {
  for (const row of await read) yield cells(row);
}

const TABLES: Record<ReportExportTable, Table> = {
  'duty-by-month': {
    columns: [
      { header: 'Month', kind: 'month', width: 12 },
      count('Entries'),
      money('Duty'),
      money('MPF'),
      money('HMF'),
      money('Other fees'),
      money('Total'),
      money('Total a year before'),
    ],
    async *rows(db, scope, { from, to }) {
      const before = yearBefore(from, to);
      const report = dutyByMonth(
        from,
        to,
        await reportsRepository.dutyByMonth(db, scope, dayRangeOf(from, to)),
        await reportsRepository.dutyByMonth(db, scope, dayRangeOf(before.from, before.to)),
      );
      for (const month of report.months) {
        yield [
          month.month,
          month.entries,
          month.duty_cents,
          month.mpf_cents,
          month.hmf_cents,
          month.other_fees_cents,
          month.total_cents,
          month.previous_year_total_cents,
        ];
      }
    },
  },
  'entries-by-port': {
    columns: [
      { header: 'Port code', kind: 'text', width: 10 },
      { header: 'Port', kind: 'text', width: 36 },
      count('Entries'),
      money('Entered value'),
    ],
    rows: (db, scope, { from, to }) =>
      rowsOf(reportsRepository.entriesBy(db, scope, dayRangeOf(from, to), 'port_code'), (row) => [
        row.key,
        CBP_PORTS[row.key] ?? '',
        row.entries,
        row.entered_value_cents,
      ]),
  },
  'entries-by-mode': {
    columns: [{ header: 'Mode', kind: 'text', width: 10 }, count('Entries'), money('Entered value')],
    rows: (db, scope, { from, to }) =>
      rowsOf(reportsRepository.entriesBy(db, scope, dayRangeOf(from, to), 'mode'), (row) => [
        row.key,
        row.entries,
        row.entered_value_cents,
      ]),
  },
  'duty-by-chapter': {
    columns: [
      { header: 'Chapter', kind: 'text', width: 8 },
      { header: 'Chapter name', kind: 'text', width: 40 },
      money('Entered value'),
      ...DUTY_PART_COLUMNS,
    ],
    rows: (db, scope, { from, to }) =>
      rowsOf(reportsRepository.dutyByHts(db, scope, dayRangeOf(from, to), 'chapter'), (row) => [
        row.key,
        chapterName(row.key),
        row.entered_value_cents,
        ...dutyPartsOf(row),
      ]),
  },
  'top-hts-numbers': {
    columns: [
      { header: 'HTS number', kind: 'text', width: 14 },
      count('Lines'),
      money('Entered value'),
      ...DUTY_PART_COLUMNS,
    ],
    rows: (db, scope, { from, to }) =>
      rowsOf(reportsRepository.dutyByHts(db, scope, dayRangeOf(from, to), 'hts_number', TOP_HTS_NUMBERS), (row) => [
        formatHtsNumber(row.key),
        row.lines,
        row.entered_value_cents,
        ...dutyPartsOf(row),
      ]),
  },
  'release-days-by-week': {
    columns: [
      { header: 'Week of', kind: 'date', width: 12 },
      count('Entries'),
      count('Median days'),
      count('90th percentile days'),
    ],
    async *rows(db, scope, { from, to, over }) {
      const report = releaseDays(await reportsRepository.releaseDays(db, scope, dayRangeOf(from, to)), over);
      for (const week of report.weeks) yield [week.week, week.entries, week.median_days, week.p90_days];
    },
  },
  'late-releases': {
    columns: [
      { header: 'Entry number', kind: 'text', width: 16 },
      { header: 'File number', kind: 'text', width: 16 },
      { header: 'Account', kind: 'text', width: 10 },
      { header: 'Port code', kind: 'text', width: 10 },
      { header: 'Arrival', kind: 'date', width: 12 },
      { header: 'Release', kind: 'date', width: 12 },
      count('Days'),
    ],
    async *rows(db, scope, { from, to, over }) {
      let after: { releaseDate: string; id: number } | undefined;
      for (;;) {
        const page = await reportsRepository.releaseEntries(db, scope, dayRangeOf(from, to), {
          over,
          after,
          limit: EXPORT_BATCH,
        });
        for (const row of page) {
          yield [
            row.entry_number,
            row.file_number,
            row.account_no,
            row.port_code,
            row.arrival_date,
            row.release_date,
            row.days,
          ];
        }
        const last = page.at(-1);
        if (page.length < EXPORT_BATCH || !last) return;
        after = { releaseDate: last.release_date, id: last.id };
      }
    },
  },
  'open-invoices': {
    columns: [
      { header: 'Account', kind: 'text', width: 10 },
      ...AGE_BUCKETS.flatMap((bucket) => [count(`${bucket.label}: invoices`), money(`${bucket.label}: amount`)]),
    ],
    async *rows(db, scope) {
      const report = openInvoices(
        await reportsRepository.openInvoices(db, scope),
        calendarDayIn(new Date(), scope.user.timeZone),
      );
      for (const account of report.accounts) {
        yield [account.account_no, ...account.buckets.flatMap((bucket) => [bucket.invoices, bucket.amount_cents])];
      }
    },
  },
};

function csvCell(kind: Kind, cell: Cell): string {
  if (cell === null) return '';
  if (kind === 'money') return centsToAmount(Number(cell));
  return String(cell);
}

/** CSV lines are sent this many at a time. */
const CSV_CHUNK_LINES = 1_000;

async function* csvOf(table: Table, rows: AsyncIterable<Cell[]>): AsyncIterable<string> {
  // A byte order mark, so that Excel opening the CSV reads it as UTF-8.
  let chunk = [`\ufeff${csvLine(table.columns.map((column) => column.header))}`];
  for await (const row of rows) {
    chunk.push(csvLine(row.map((cell, index) => csvCell(table.columns[index]!.kind, cell))));
    if (chunk.length >= CSV_CHUNK_LINES) {
      yield chunk.join('');
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk.join('');
}

const EXCEL_FORMATS: Partial<Record<Kind, string>> = {
  money: '"$"#,##0.00',
  integer: '#,##0',
  date: 'yyyy-mm-dd',
  month: 'mmm yyyy',
};

function excelCell(kind: Kind, cell: Cell): ExcelJS.CellValue {
  if (cell === null) return null;
  switch (kind) {
    case 'money':
      return Number(cell) / 100;
    case 'date':
      return new Date(`${cell}T00:00:00Z`);
    case 'month':
      return new Date(`${cell}-01T00:00:00Z`);
    default:
      return cell;
  }
}

/** The workbook, written row by row into the stream it returns. */
function workbookOf(table: Table, title: string, rows: AsyncIterable<Cell[]>): Readable {
  const stream = new PassThrough();
  void (async () => {
    try {
      // Loaded at the first workbook rather than at the server's start.
      const { default: Excel } = await import('exceljs');
      const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
      const sheet = workbook.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = table.columns.map((column) => ({
        header: column.header,
        width: column.width ?? 14,
        style: EXCEL_FORMATS[column.kind] ? { numFmt: EXCEL_FORMATS[column.kind] } : {},
      }));
      sheet.getRow(1).font = { bold: true };
      for await (const row of rows) {
        sheet.addRow(row.map((cell, index) => excelCell(table.columns[index]!.kind, cell))).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      stream.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return stream;
}

/** The table as the file asked for: its content type and a stream of its bytes. */
export function exportOf(
  db: Db,
  scope: ReportScope,
  tableName: ReportExportTable,
  query: ReportExportQuery,
): { contentType: string; body: Readable } {
  const table = TABLES[tableName];
  const rows = table.rows(db, scope, query);
  if (query.format === 'csv')
    return { contentType: 'text/csv; charset=utf-8', body: Readable.from(csvOf(table, rows)) };
  return {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: workbookOf(table, REPORT_EXPORT_TABLES[tableName], rows),
  };
}

function displayCell(kind: Kind, cell: Cell): string {
  if (cell === null) return '';
  if (kind === 'money') return formatCents(Number(cell));
  if (kind === 'integer') return Number(cell).toLocaleString('en-US');
  // As the Reports page writes them.
  if (kind === 'date') return formatReportDay(String(cell));
  if (kind === 'month') return formatReportMonth(String(cell));
  return String(cell);
}

/** The table's headers and rows as people read them (the monthly e-mail shows it). */
export async function displayTableOf(
  db: Db,
  scope: ReportScope,
  tableName: ReportExportTable,
  query: ReportExportQuery,
): Promise<{ headers: string[]; rows: string[][]; isNumber: boolean[] }> {
  const table = TABLES[tableName];
  const rows: string[][] = [];
  for await (const row of table.rows(db, scope, query)) {
    rows.push(row.map((cell, index) => displayCell(table.columns[index]!.kind, cell)));
  }
  return {
    headers: table.columns.map((column) => column.header),
    rows,
    // Counts and amounts, which a table lines up at their end.
    isNumber: table.columns.map((column) => column.kind === 'integer' || column.kind === 'money'),
  };
}
