import { CalendarDate } from '@clearport/contract/calendar';
import type { SecurityEventKind } from '@clearport/contract/security-events';
import { unsavedList, type ListStore } from '../../../components/ui/list-state.ts';

/** The list's filters as chosen: '' is no filter; `from` and `to` are days (YYYY-MM-DD). */
export type SecurityEventFilters = { userId: string; kind: SecurityEventKind | ''; from: string; to: string };

/** The CSV's query: the filters the API's SecurityEventsExportQuery reads, as sent. */
export type SecurityEventsFilterQuery = { user_id?: string; kind?: SecurityEventKind; from?: string; to?: string };

/** A page's query: the filters, the page number and the place it is read from (SecurityEventsQuery). */
export type SecurityEventsPageQuery = SecurityEventsFilterQuery & { page?: number; after?: string; before?: string };

/** One order only: newest first. */
export type SecurityEventSort = null;

/**
 * The list opens unfiltered on its newest page each time: its pages are read by keyset from the
 * page beside them, so a saved page number could not be read again by itself.
 */
export const SECURITY_EVENTS_LIST: ListStore<SecurityEventFilters, SecurityEventSort> = unsavedList<
  SecurityEventFilters,
  SecurityEventSort
>({
  filters: { userId: '', kind: '', from: '', to: '' },
  sort: null,
});

const dayOrNone = (text: string) => (CalendarDate.safeParse(text).success ? text : '');

/** The days between, from and to, when both are typed and the wrong way round; null otherwise. */
export function reversedDays(filters: SecurityEventFilters): readonly [string, string] | null {
  const [from, to] = [dayOrNone(filters.from), dayOrNone(filters.to)];
  return from && to && to < from ? [to, from] : null;
}

/**
 * The filters as the API's query (the CSV takes the same, without the page). A day typed the
 * wrong way round selects the days between (the pickers' min and max offer only that), and a day
 * the API would refuse (a five-digit year typed where `max` is not kept) is no filter.
 */
export function filterQueryOf(filters: SecurityEventFilters): SecurityEventsFilterQuery {
  const typed = [dayOrNone(filters.from), dayOrNone(filters.to)] as const;
  const [from, to] = reversedDays(filters) ?? typed;
  return {
    ...(filters.userId ? { user_id: filters.userId } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

/** A user agent cut to its first product and the platform in its first brackets ("Mozilla/5.0 (X11; Linux x86_64)"). */
export function shortUserAgent(userAgent: string | null): string {
  if (!userAgent) return '';
  const match = /^[^\s(]+(?:\s*\([^)]*\))?/.exec(userAgent);
  const short = match?.[0] ?? userAgent;
  return short.length > 60 ? `${short.slice(0, 59)}…` : short;
}
