import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { calendarDayIn } from '@clearport/contract/calendar';
import { readReportRange, reportRangeParams, type ReportRange } from '../utils/report-range.ts';

/** A range chosen on the screen, and the address that names it. */
type Chosen = { address: string; range: ReportRange };

/**
 * The range and account chosen on /reports, kept in the address. The address changes by a
 * navigation, which ends after the route's guard has answered; until then the range just chosen is
 * the one shown, and the next change builds on it, so that two quick changes both stay.
 */
export function useReportRange(timeZone: string | undefined): [ReportRange, (range: ReportRange) => void] {
  const [search, setSearch] = useSearchParams();
  // The moment is read once a visit, so the presets do not move under a reader at midnight; its
  // day is the company's, as the server counts months (the user's own until the profile is read).
  const [visitedAt] = useState(() => new Date());
  const today = calendarDayIn(visitedAt, timeZone);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const address = search.toString();
  // Once the address names the range chosen, the address is read again.
  if (chosen && chosen.address === address) setChosen(null);
  const isPending = chosen !== null && chosen.address !== address;
  const fromAddress = useMemo(() => readReportRange(search, today), [search, today]);
  const setRange = useCallback(
    (next: ReportRange) => {
      const params = reportRangeParams(next);
      // Read back from the address's form, so a preset's months are counted from today at once.
      setChosen({ address: params.toString(), range: readReportRange(params, today) });
      setSearch(params, { replace: true, preventScrollReset: true });
    },
    [setSearch, today],
  );
  return [isPending ? chosen.range : fromAddress, setRange];
}
