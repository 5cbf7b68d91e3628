import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readReportRange, reportRangeParams, todayOf, type ReportRange } from '../utils/report-range.ts';

/** The range and account chosen on /reports, kept in the address. */
export function useReportRange(): [ReportRange, (range: ReportRange) => void] {
  const [search, setSearch] = useSearchParams();
  // The day is read once a visit, so the presets do not move under a reader at midnight.
  const [today] = useState(() => todayOf(new Date()));
  const range = useMemo(() => readReportRange(search, today), [search, today]);
  const setRange = useCallback(
    (next: ReportRange) => setSearch(reportRangeParams(next), { replace: true, preventScrollReset: true }),
    [setSearch],
  );
  return [range, setRange];
}
