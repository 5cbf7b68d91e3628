import {
  AGE_BUCKETS,
  ageBucketOf,
  monthIndex,
  monthOfIndex,
  monthsBetween,
  type AgeBucket,
  type DutyByMonthResponse,
  type OpenInvoicesResponse,
  type ReleaseDaysResponse,
} from '@clearport/contract/reports';
import type { DayRange, MonthFigures } from './reports.repository.ts';

/** The days of the months `from` to `to` (YYYY-MM): the first day, and the first day after. */
export function dayRangeOf(from: string, to: string): DayRange {
  return { from: `${from}-01`, until: `${monthOfIndex(monthIndex(to) + 1)}-01` };
}

/** The same months a year before. */
export function yearBefore(from: string, to: string): { from: string; to: string } {
  return { from: monthOfIndex(monthIndex(from) - 12), to: monthOfIndex(monthIndex(to) - 12) };
}

const totalOf = (row: Omit<MonthFigures, 'month' | 'entries'>) =>
  row.duty_cents + row.mpf_cents + row.hmf_cents + row.other_fees_cents;

/** Every month of the range, empty months as zeros, each with its total a year before. */
export function dutyByMonth(
  from: string,
  to: string,
  rows: readonly MonthFigures[],
  yearBeforeRows: readonly MonthFigures[],
): DutyByMonthResponse {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const before = new Map(yearBeforeRows.map((row) => [row.month, totalOf(row)]));
  return {
    months: monthsBetween(from, to).map((month) => {
      const row = byMonth.get(month) ?? {
        month,
        entries: 0,
        duty_cents: 0,
        mpf_cents: 0,
        hmf_cents: 0,
        other_fees_cents: 0,
      };
      return {
        ...row,
        total_cents: totalOf(row),
        previous_year_total_cents: before.get(monthOfIndex(monthIndex(month) - 12)) ?? 0,
      };
    }),
  };
}

/**
 * The nearest-rank percentile of a distribution given as counts by value (ascending values): the
 * smallest value with at least `share` of the entries at or below it; null without entries.
 */
export function percentileOf(counts: ReadonlyArray<{ days: number; entries: number }>, share: number): number | null {
  const total = counts.reduce((sum, row) => sum + row.entries, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(share * total));
  let seen = 0;
  for (const row of counts) {
    seen += row.entries;
    if (seen >= rank) return row.days;
  }
  return counts.at(-1)!.days;
}

function figuresOf(counts: Map<number, number>) {
  const histogram = [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([days, entries]) => ({ days, entries }));
  return {
    histogram,
    entries: histogram.reduce((sum, row) => sum + row.entries, 0),
    median_days: percentileOf(histogram, 0.5),
    p90_days: percentileOf(histogram, 0.9),
  };
}

/** Median, 90th percentile, the histogram and the weeks, from entries by week of release and days. */
export function releaseDays(
  rows: ReadonlyArray<{ week: string; days: number; entries: number }>,
  thresholdDays: number,
): ReleaseDaysResponse {
  const all = new Map<number, number>();
  const weeks = new Map<string, Map<number, number>>();
  for (const row of rows) {
    all.set(row.days, (all.get(row.days) ?? 0) + row.entries);
    const counts = weeks.get(row.week) ?? new Map<number, number>();
    counts.set(row.days, (counts.get(row.days) ?? 0) + row.entries);
    weeks.set(row.week, counts);
  }
  const { histogram, entries, median_days, p90_days } = figuresOf(all);
  return {
    entries,
    median_days,
    p90_days,
    histogram,
    weeks: [...weeks.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([week, counts]) => {
        const { histogram: _histogram, ...figures } = figuresOf(counts);
        return { week, ...figures };
      }),
    over_threshold: histogram.filter((row) => row.days > thresholdDays).reduce((sum, row) => sum + row.entries, 0),
  };
}

/** Whole days from a due date to today; a due date in the future, or none (`infinity`), is 0. */
export function daysPastDue(dueDate: string, today: string): number {
  if (dueDate === 'infinity') return 0;
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000;
  return Math.max(0, days);
}

type Aged = { bucket: AgeBucket; invoices: number; amount_cents: number };

const emptyBuckets = (): Aged[] => AGE_BUCKETS.map((bucket) => ({ bucket: bucket.key, invoices: 0, amount_cents: 0 }));

/** Open invoices by age, in all and per account, counted to the company's `today`. */
export function openInvoices(
  rows: ReadonlyArray<{ account_no: string; due_date: string; invoices: number; amount_cents: number }>,
  today: string,
): OpenInvoicesResponse {
  const total = emptyBuckets();
  const accounts = new Map<string, Aged[]>();
  for (const row of rows) {
    const index = AGE_BUCKETS.findIndex((bucket) => bucket.key === ageBucketOf(daysPastDue(row.due_date, today)));
    const own = accounts.get(row.account_no) ?? emptyBuckets();
    accounts.set(row.account_no, own);
    for (const buckets of [total, own]) {
      buckets[index]!.invoices += row.invoices;
      buckets[index]!.amount_cents += row.amount_cents;
    }
  }
  return {
    as_of: today,
    buckets: total,
    accounts: [...accounts.entries()].map(([account_no, buckets]) => ({ account_no, buckets })),
  };
}
