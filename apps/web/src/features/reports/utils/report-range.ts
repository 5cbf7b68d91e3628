import {
  RELEASE_DAYS_THRESHOLD,
  presetRange,
  REPORT_PRESETS,
  ReportQuery,
  type ReportPreset,
} from '@clearport/contract/reports';

/** A report asked for again within this time comes from the cache. */
export const REPORT_STALE_TIME_MS = 60_000;

/** The release report's query: a range and the days after which a release counts as late. */
export type ReleaseQuery = ReportQuery & { over: number };

export const DEFAULT_REPORT_PRESET = 'last12Months' satisfies ReportPreset;

/** The search parameters that keep the chosen range and account, so a reload or Back finds them. */
export const REPORT_PARAMS = { preset: 'range', from: 'from', to: 'to', account: 'account', over: 'over' } as const;

/** The release report's threshold goes from 0 to this many days, as the API takes it. */
export const MAX_RELEASE_THRESHOLD = 365;

/** Days typed as the release report's threshold, or null when they are not a whole number the API takes. */
export function releaseThresholdOf(text: string): number | null {
  const days = Number(text);
  return text.trim() !== '' && Number.isInteger(days) && days >= 0 && days <= MAX_RELEASE_THRESHOLD ? days : null;
}

export type ReportRange = {
  preset: ReportPreset;
  /** YYYY-MM; for Custom, what the month fields hold (possibly blank). */
  from: string;
  to: string;
  /** One of the user's accounts, or '' for all of them. */
  account: string;
  /** The release report lists the entries released more than this many days after arrival. */
  over: number;
};

function isPreset(value: string | null): value is ReportPreset {
  return value !== null && Object.hasOwn(REPORT_PRESETS, value);
}

/** The range the search parameters name; a preset's months are counted from `today`. */
export function readReportRange(search: URLSearchParams, today: string): ReportRange {
  const named = search.get(REPORT_PARAMS.preset);
  const preset = isPreset(named) ? named : DEFAULT_REPORT_PRESET;
  const account = search.get(REPORT_PARAMS.account) ?? '';
  const over = releaseThresholdOf(search.get(REPORT_PARAMS.over) ?? '') ?? RELEASE_DAYS_THRESHOLD;
  if (preset !== 'custom') return { preset, ...presetRange(preset, today), account, over };
  const fallback = presetRange(DEFAULT_REPORT_PRESET, today);
  return {
    preset,
    from: search.get(REPORT_PARAMS.from) ?? fallback.from,
    to: search.get(REPORT_PARAMS.to) ?? fallback.to,
    account,
    over,
  };
}

/** The search parameters of a range: only what differs from the defaults, so /reports stays short. */
export function reportRangeParams(range: ReportRange): URLSearchParams {
  const params = new URLSearchParams();
  if (range.preset !== DEFAULT_REPORT_PRESET) params.set(REPORT_PARAMS.preset, range.preset);
  if (range.preset === 'custom') {
    params.set(REPORT_PARAMS.from, range.from);
    params.set(REPORT_PARAMS.to, range.to);
  }
  if (range.account) params.set(REPORT_PARAMS.account, range.account);
  if (range.over !== RELEASE_DAYS_THRESHOLD) params.set(REPORT_PARAMS.over, String(range.over));
  return params;
}

/** The API's query for a range, or null while a custom range is not one the API takes (its own schema says). */
export function reportQueryOf(range: ReportRange): ReportQuery | null {
  const query = ReportQuery.safeParse({
    from: range.from,
    to: range.to,
    ...(range.account ? { account_no: range.account } : {}),
  });
  return query.success ? query.data : null;
}
