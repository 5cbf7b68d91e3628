import type { ReleaseDaysResponse } from '@clearport/contract/reports';

/** One day of the histogram: how many entries took that many days from arrival to release. */
export type Bar = ReleaseDaysResponse['histogram'][number];

/**
 * The histogram with every day from none to the longest, those without a release at 0: the API
 * lists only the days some entry took, and a chart of those alone would put 6 days beside 8 and
 * 14 as if they were a day apart.
 */
export function everyDayOf(histogram: readonly Bar[]): Bar[] {
  const entriesOf = new Map(histogram.map((row) => [row.days, row.entries]));
  const longest = Math.max(-1, ...histogram.map((row) => row.days));
  return Array.from({ length: longest + 1 }, (_, days) => ({ days, entries: entriesOf.get(days) ?? 0 }));
}
