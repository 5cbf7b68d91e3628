import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { digitWindowsCondition, textContains, textLike } from '../../lib/search-text.ts';
import {
  DELIVERY_ORDER_CLOSED_STATUSES,
  FDA_MAY_PROCEED,
  HOME_FILTERS,
  type HomeCountKey,
  type HomeFilter,
  type ShipmentSortField,
} from '@clearport/contract/shipments';
import { FREE_DAYS_DUE_SOON } from '@clearport/contract/free-days';
import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipment-detail';
import { REQUEST_KEY_REUSED, type SortDirection } from '@clearport/contract/http';
import { REQUEST_KEY_HEADER } from '@clearport/contract/constants';
import { SHIPMENT_STATUSES } from '@clearport/contract/statuses';
import { fillText } from '@clearport/contract/texts';
import type { Refusal } from '../../lib/refusal.ts';
import type { ShipmentNotFound } from '../access/change-shipment.ts';

/*
 * What the shipments list selects and how it orders, once each, as SQL on the `shipments`
 * table. Migration 0002 builds an index for each sort key and a partial index for each Home
 * filter that is not a status; PostgreSQL uses them only while the expressions here and there
 * stay the same (shipments.repository.test.ts checks the plans).
 */

/** A condition on the `shipments` table. */
export type ShipmentCondition = RawBuilder<SqlBool>;

const S = SHIPMENT_STATUSES;

/** Constants are written into the SQL, not bound, so they can match a partial index's condition. */
const literals = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));

/** The five Home boxes' filters, as HOME_FILTERS defines them. */
export const HOME_FILTER_CONDITIONS: Record<HomeFilter, ShipmentCondition> = {
  'documents-required': sql<SqlBool>`shipments.status = ${sql.lit(S.pendingDocuments)}`,
  '7501-review': sql<SqlBool>`shipments.path_to_7501 IS NOT NULL AND NOT shipments.reviewed_7501`,
  // A CBP exam or hold status, or CBP's holding disposition of the current entry (migration 0029).
  'under-cbp-exam': sql<SqlBool>`shipments.cbp_hold`,
  // isFdaHold: non-empty and not MAY PROCEED, case and surrounding spaces aside, of the FDA's
  // disposition or, without one, the broker's text (fda_status, migration 0029).
  'under-fda-exam': sql<SqlBool>`upper(btrim(shipments.fda_status)) NOT IN ('', ${sql.lit(FDA_MAY_PROCEED)})`,
  'without-do': sql<SqlBool>`NOT shipments.has_delivery_order AND NOT shipments.ignored_shipment AND shipments.status NOT IN (${literals(DELIVERY_ORDER_CLOSED_STATUSES)})`,
};

/**
 * A 7501 awaiting the approval of the company `companyId` (the caller's: every account it sees
 * is its company's): not reviewed, its current entry with no decision on it (migration 0029's
 * partial index), and duty above what the company's rule lets pass (needsApproval): -1 under
 * "all", the threshold under "above", nothing (NULL) under "none". The rule is read once.
 */
export function awaitingApproval(companyId: number): ShipmentCondition {
  return sql<SqlBool>`shipments.path_to_7501 IS NOT NULL
    AND NOT shipments.reviewed_7501 AND shipments.entry_duty_cents IS NOT NULL
    AND shipments.entry_decided_7501 IS DISTINCT FROM shipments.path_to_7501
    AND shipments.entry_duty_cents > (
      SELECT CASE rule.entry_approval WHEN 'all' THEN -1 WHEN 'above' THEN rule.entry_approval_threshold_cents END
      FROM companies rule WHERE rule.id = ${companyId}
    )`;
}

/**
 * Home's "Possible Charges" box and `charges=possible` (decision 0030): the shipment's nearest
 * last free day (migration 0036) at most FREE_DAYS_DUE_SOON days after the company's calendar day
 * at `now` in its time zone, or past. freeDaysState's day: a last free day is a whole day of the
 * company's. The day is read once per statement (a sub-select, lastChargeFreeDay), and compared
 * as one value: in the partial index's entries, which hold the day, and as a range of an account's
 * kept days (migration 0053).
 */
export function possibleCharges(of: PossibleChargesOf): ShipmentCondition {
  return sql<SqlBool>`shipments.next_free_day IS NOT NULL AND shipments.next_free_day <= ${lastChargeFreeDay(of)}`;
}

/** The last of the last free days that count as possible charges: the company's day at `now`, plus FREE_DAYS_DUE_SOON. */
export function lastChargeFreeDay({ companyId, now }: PossibleChargesOf): RawBuilder<unknown> {
  return sql`(
      SELECT (cast(${now.toISOString()} AS timestamptz) AT TIME ZONE zone.time_zone)::date + ${sql.lit(FREE_DAYS_DUE_SOON)}
      FROM companies zone WHERE zone.id = ${companyId}
    )`;
}

/** The company whose day the "Possible Charges" box counts from (the caller's), and the instant. */
export type PossibleChargesOf = { companyId: number; now: Date };

/** before_summary, which has no box (see HomeCounts): no 7501 yet and not released. */
const BEFORE_SUMMARY: ShipmentCondition = sql<SqlBool>`shipments.path_to_7501 IS NULL AND shipments.status <> ${sql.lit(S.released)}`;

/** Each Home count with its condition: a box counts exactly what its filter lists. */
export const HOME_COUNT_CONDITIONS = {
  ...(Object.fromEntries(HOME_FILTERS.map((box) => [box.countKey, HOME_FILTER_CONDITIONS[box.value]])) as Record<
    (typeof HOME_FILTERS)[number]['countKey'],
    ShipmentCondition
  >),
  before_summary: BEFORE_SUMMARY,
} satisfies Record<HomeCountKey, ShipmentCondition>;

export const HOME_COUNT_KEYS = Object.keys(HOME_COUNT_CONDITIONS) as HomeCountKey[];

/**
 * HOME_FILTER_CONDITIONS on a counter row `c` of shipment_counts (migration 0017), which keeps,
 * per account and status, how many shipments meet each condition that is not a status.
 */
export const HOME_FILTER_COUNTER_CONDITIONS: Record<HomeFilter, ShipmentCondition> = {
  'documents-required': sql<SqlBool>`c.status = ${sql.lit(S.pendingDocuments)}`,
  '7501-review': sql<SqlBool>`c.review_7501`,
  'under-cbp-exam': sql<SqlBool>`c.cbp_hold`,
  'under-fda-exam': sql<SqlBool>`c.fda_hold`,
  'without-do': sql<SqlBool>`c.without_do`,
};

/** HOME_COUNT_CONDITIONS on a counter row `c`. */
export const HOME_COUNT_COUNTER_CONDITIONS = {
  ...(Object.fromEntries(
    HOME_FILTERS.map((box) => [box.countKey, HOME_FILTER_COUNTER_CONDITIONS[box.value]]),
  ) as Record<(typeof HOME_FILTERS)[number]['countKey'], ShipmentCondition>),
  before_summary: sql<SqlBool>`c.before_summary`,
} satisfies Record<HomeCountKey, ShipmentCondition>;

const STORED_STATUSES: readonly string[] = Object.values(SHIPMENT_STATUSES);

/** What the list is asked for, once the query is read. */
export type ShipmentCriteria = {
  accountNo?: string;
  /** A stored status. */
  status?: string;
  /** Texts looked for in entry number, reference, bills and containers; a shipment matches each. */
  searches: string[];
  /** ETA bounds, inclusive, as `timestamp` texts. */
  etaFrom?: string;
  etaTo?: string;
  filter?: HomeFilter;
  /** The current customs entry's port of entry, its type, and whether an agency holds it. */
  entryPort?: string;
  entryType?: string;
  isAgencyHold?: boolean;
  /** The company whose 7501s awaiting approval are asked for (the caller's), if they are. */
  awaitingApprovalOf?: number;
  /** The company and instant whose day the "Possible Charges" filter counts from, if it is asked for. */
  possibleChargesOf?: PossibleChargesOf;
};

type FilterQuery = {
  status?: string;
  search?: string;
  account_no?: string;
  date_from?: string;
  date_to?: string;
  filter?: HomeFilter;
  port?: string;
  entry_type?: string;
  agency_hold?: '1';
  approval?: 'awaiting';
  charges?: 'possible';
};

/**
 * `status` is a stored status or search text, `search` search text; empty values are no filter.
 * The caller's company reads the 7501 approval's rule, and its time zone the day of `now` (the
 * request's) that possible charges count from.
 */
export function criteriaOf(
  query: FilterQuery,
  caller: { companyId: number },
  now: Date = new Date(),
): ShipmentCriteria {
  const status = query.status || undefined;
  const isStatus = status !== undefined && STORED_STATUSES.includes(status);
  const searches = [isStatus ? undefined : status, query.search || undefined];
  return {
    accountNo: query.account_no || undefined,
    status: isStatus ? status : undefined,
    searches: [...new Set(searches.filter((text) => text !== undefined))],
    etaFrom: query.date_from === undefined ? undefined : wallClockOf(query.date_from),
    etaTo: query.date_to === undefined ? undefined : wallClockOf(query.date_to),
    filter: query.filter,
    entryPort: query.port,
    entryType: query.entry_type,
    isAgencyHold: query.agency_hold === '1' || undefined,
    awaitingApprovalOf: query.approval === 'awaiting' ? caller.companyId : undefined,
    possibleChargesOf: query.charges === 'possible' ? { companyId: caller.companyId, now } : undefined,
  };
}

/**
 * Whether the criteria filter by what no counter row keeps: the customs entry's type or holds
 * (its port is kept, migration 0049), the approval, or the last free days, which depend on the day.
 */
export function hasUncountedFilter(criteria: ShipmentCriteria): boolean {
  return (
    criteria.entryType !== undefined ||
    criteria.isAgencyHold === true ||
    criteria.awaitingApprovalOf !== undefined ||
    criteria.possibleChargesOf !== undefined
  );
}

/**
 * The date and time an ISO 8601 text is written with, as a `timestamp` text. ETAs are
 * wall-clock texts without a zone, so the bound's offset is not applied (see the contract's
 * shipment filters). Fractions past microseconds are cut, not rounded up to the next second.
 */
export function wallClockOf(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)/.exec(iso);
  if (!match) throw new Error(`Not an ISO date-time: ${iso}`);
  return `${match[1]} ${match[2]}`;
}

/**
 * How search text is looked for on the shipment rows: with `LIKE`, or with `strpos`, which no
 * index answers, so that an account's own ETA index entries (which carry search_text) are read
 * instead: the cheaper way for an account of a few thousand shipments, whose cost then does not
 * grow with the table. A large account's search is first looked for in the whole table's search
 * texts (tableSearchConditions).
 */
export type SearchBy = 'like' | 'entries';

/** Each search text of the criteria, found in the shipment row's search_text. */
export function searchConditions(criteria: ShipmentCriteria, searchBy: SearchBy = 'like'): ShipmentCondition[] {
  const column = sql`shipments.search_text`;
  return criteria.searches.map((search) =>
    searchBy === 'like' ? textLike(column, search) : textContains(column, search),
  );
}

/**
 * Each search text of the criteria, found in the whole table's search texts (`texts`, rows of
 * shipment_search_texts, migration 0050): a text with five digits in a row through the index of
 * their windows (0052), which gives a superset of the matches, the text itself then checked on
 * those rows; any other through the trigram index (`LIKE`).
 */
export function tableSearchConditions(criteria: ShipmentCriteria): ShipmentCondition[] {
  const column = sql`texts.search_text`;
  return criteria.searches.map((search) => digitWindowsCondition(column, search) ?? textLike(column, search));
}

/** The conditions of the criteria, the account aside (the access check's business). */
export function criteriaConditions(criteria: ShipmentCriteria, searchBy: SearchBy = 'like'): ShipmentCondition[] {
  const conditions: ShipmentCondition[] = [];
  if (criteria.filter) conditions.push(HOME_FILTER_CONDITIONS[criteria.filter]);
  if (criteria.status !== undefined) conditions.push(sql<SqlBool>`shipments.status = ${criteria.status}`);
  // Migration 0027's indexes: the port and the type lead their own, the hold is a partial one.
  if (criteria.entryPort !== undefined) {
    conditions.push(sql<SqlBool>`shipments.entry_port_code = ${criteria.entryPort}`);
  }
  if (criteria.entryType !== undefined) conditions.push(sql<SqlBool>`shipments.entry_type = ${criteria.entryType}`);
  if (criteria.isAgencyHold) conditions.push(sql<SqlBool>`shipments.has_agency_hold`);
  if (criteria.awaitingApprovalOf !== undefined) conditions.push(awaitingApproval(criteria.awaitingApprovalOf));
  if (criteria.possibleChargesOf !== undefined) conditions.push(possibleCharges(criteria.possibleChargesOf));
  conditions.push(...searchConditions(criteria, searchBy));
  if (criteria.etaFrom !== undefined) {
    conditions.push(sql<SqlBool>`shipments.est_time_arrive >= cast(${criteria.etaFrom} as timestamp)`);
  }
  if (criteria.etaTo !== undefined) {
    conditions.push(sql<SqlBool>`shipments.est_time_arrive <= cast(${criteria.etaTo} as timestamp)`);
  }
  return conditions;
}

/**
 * How a column sorts: its key on the `shipments` row, and whether an empty key (NULL) comes
 * first in ascending order. Text keys are never NULL: they sort lower-cased, byte-wise
 * ("C"), the empty text first, and a list by its first value ('' when empty). The unknown ETA
 * is NULL, placed first ascending, so it is last in the default descending order. Account
 * numbers are not on the row: `account` sorts by the account, then by id.
 */
export type SortKey = { key: RawBuilder<unknown>; nullsFirst: boolean } | 'account';

const textKey = (expression: RawBuilder<unknown>): SortKey => ({
  key: sql`lower(${expression}) COLLATE "C"`,
  nullsFirst: false,
});

export const SORT_KEYS: Record<ShipmentSortField, SortKey> = {
  file_number: textKey(sql`shipments.file_number`),
  account_no: 'account',
  master_bill_lading: textKey(sql`coalesce(shipments.master_bills[1], '')`),
  house_bill_lading: textKey(sql`coalesce(shipments.house_bills[1], '')`),
  containers: textKey(sql`coalesce(shipments.container_nos[1], '')`),
  customer_reference_no: textKey(sql`shipments.customer_reference_no`),
  est_time_arrive: { key: sql`shipments.est_time_arrive`, nullsFirst: true },
  fda_review: textKey(sql`shipments.fda_status`),
  status: textKey(sql`shipments.status`),
};

/** The list's order when none is asked for (the contract's defaults). */
export const DEFAULT_SORT = { sort: 'est_time_arrive', direction: 'desc' } as const satisfies {
  sort: ShipmentSortField;
  direction: SortDirection;
};

/** NULLS FIRST or LAST for a direction: one index, read forward or backward, serves both. */
export function nullsFirstFor(nullsFirstAscending: boolean, direction: SortDirection): boolean {
  return direction === 'asc' ? nullsFirstAscending : !nullsFirstAscending;
}

/** The ways the detail's repositories refuse a change, by name. */
export type ShipmentRefusal =
  | ShipmentNotFound
  | { refused: 'documentNotFound' }
  | { refused: 'documentKept' }
  | { refused: 'isfOnFile' }
  | { refused: 'no7501' }
  | { refused: 'notesFull' }
  | { refused: 'documentsFull' }
  | { refused: 'requestKeyReused' }
  | { refused: 'unknownTypes'; types: string[] };

const REFUSAL_STATUSES: Record<ShipmentRefusal['refused'], number> = {
  shipmentNotFound: 404,
  documentNotFound: 404,
  documentKept: 403,
  isfOnFile: 409,
  no7501: 409,
  notesFull: 409,
  documentsFull: 409,
  requestKeyReused: 422,
  unknownTypes: 400,
};

/** How the detail answers each refusal: the message alone, unknown types naming `types`. */
export function refusalOf(named: ShipmentRefusal): Refusal {
  const status = REFUSAL_STATUSES[named.refused];
  if (named.refused === 'requestKeyReused') return { status, message: REQUEST_KEY_REUSED, field: REQUEST_KEY_HEADER };
  if (named.refused === 'unknownTypes') {
    const message = fillText(SHIPMENT_DETAIL_ERRORS.unknownTypes, { types: named.types.join(', ') });
    return { status, message, field: 'types' };
  }
  return { status, message: SHIPMENT_DETAIL_ERRORS[named.refused] };
}
