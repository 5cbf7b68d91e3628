import { sql, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import { UNKNOWN_DATE_TIME } from '@clearport/contract/constants';
import { MAX_ID, type SortDirection } from '@clearport/contract/http';
import { seesEntryMoney } from '@clearport/contract/customs-entry';
import type { ListCursor } from '@clearport/contract/list-cursor';
import type { HomeCountKey, ShipmentSortField } from '@clearport/contract/shipments';
import type { Db } from '../../db/connect.ts';
import { pageWindow, readFromNearerEnd, type RowWindow } from '../../db/page-by-number.ts';
import { visibleAccountIds } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';
import {
  awaitingApproval,
  criteriaConditions,
  DEFAULT_SORT,
  hasUncountedFilter,
  HOME_COUNT_CONDITIONS,
  HOME_COUNT_COUNTER_CONDITIONS,
  HOME_COUNT_KEYS,
  HOME_FILTER_COUNTER_CONDITIONS,
  lastChargeFreeDay,
  nullsFirstFor,
  possibleCharges,
  type PossibleChargesOf,
  SORT_KEYS,
  type ShipmentCondition,
  searchConditions,
  tableSearchConditions,
  type SearchBy,
  type ShipmentCriteria,
} from './shipments.rules.ts';

/*
 * Each reading is one statement, one round trip, and its reply is the HTTP body as PostgreSQL
 * writes it (json_build_object): the totals and the page's items, each written as a list item
 * of the contract. The page takes, per visible account, the first shipments in the sort
 * index's order (from the cursor on, when the pager steps) and merges them; a search reads the
 * matching shipments once through the search index; counts without a search are sums of kept
 * counter rows. The statements are SQL through Kysely's `sql` template
 * and run as prepared statements: building them with the query builder and planning them took
 * longer than running them, and reading forty rows into objects and writing them out again took
 * longer than PostgreSQL takes to write the JSON. The route tests check every reply against the
 * contract's schema. See docs/decisions/0005-shipment-list-queries.md.
 */

export type ShipmentsPageRequest = {
  criteria: ShipmentCriteria;
  sort: ShipmentSortField;
  direction: SortDirection;
  page: number;
  perPage: number;
  /** The place the page follows (`after`) or precedes (`before`); without it, the page is counted from the start. */
  cursor?: { side: 'after' | 'before'; at: ListCursor };
};

/** A reply body: JSON text of ShipmentsListResponse or HomeShipmentsResponse. */
type BodyRow = { body: string };

const and = (conditions: readonly ShipmentCondition[]) =>
  conditions.length === 0
    ? sql`true`
    : sql.join(
        conditions.map((condition) => sql`(${condition})`),
        sql` AND `,
      );

const reverse = (direction: SortDirection): SortDirection => (direction === 'asc' ? 'desc' : 'asc');

/** ASC or DESC and the place of NULL: the same in the index scan and in the merge. */
function orderOf(sort: ShipmentSortField, direction: SortDirection): RawBuilder<unknown> {
  const sortKey = SORT_KEYS[sort];
  const nullsFirst = sortKey !== 'account' && nullsFirstFor(sortKey.nullsFirst, direction);
  return sql.raw(`${direction.toUpperCase()} NULLS ${nullsFirst ? 'FIRST' : 'LAST'}`);
}

/** A sort key as a cursor writes it (ListCursor): the ETA to the microsecond, text as it is. */
function cursorKeyOf(sort: ShipmentSortField, key: RawBuilder<unknown>): RawBuilder<unknown> {
  return sort === 'est_time_arrive' ? sql`to_char(${key}, 'YYYY-MM-DD HH24:MI:SS.US')` : key;
}

/**
 * The rows that come after `at` in the order `direction` (already reversed when reading before
 * it), as conditions on a sort key and an id, each read in index order and appended: one range
 * of the key and id, and for the nullable ETA the unknown ones on their side of it. Row
 * comparisons, so that an index reads from the cursor on.
 */
function rowsAfter(
  sort: ShipmentSortField,
  direction: SortDirection,
  at: ListCursor,
  { key, id }: { key: RawBuilder<unknown>; id: RawBuilder<unknown> },
): ShipmentCondition[] {
  const beyond = sql.raw(direction === 'asc' ? '>' : '<');
  const sortKey = SORT_KEYS[sort];
  // Only the ETA has empty (NULL) keys: text keys are never NULL, nor is an account.
  if (sort !== 'est_time_arrive' || sortKey === 'account') {
    return [sql<SqlBool>`(${key}, ${id}) ${beyond} (${at.key}, ${at.id}::int)`];
  }
  const unknownFirst = nullsFirstFor(sortKey.nullsFirst, direction);
  if (at.key === null) {
    const unknownAfter = sql<SqlBool>`${key} IS NULL AND ${id} ${beyond} ${at.id}::int`;
    return unknownFirst ? [unknownAfter, sql<SqlBool>`${key} IS NOT NULL`] : [unknownAfter];
  }
  const knownAfter = sql<SqlBool>`(${key}, ${id}) ${beyond} (cast(${at.key} AS timestamp), ${at.id}::int)`;
  return unknownFirst ? [knownAfter] : [knownAfter, sql<SqlBool>`${key} IS NULL`];
}

const either = (conditions: readonly ShipmentCondition[]) =>
  sql<SqlBool>`(${sql.join(
    conditions.map((condition) => sql`(${condition})`),
    sql` OR `,
  )})`;

/** How a page is read: its order (reversed before a cursor) and how many rows are skipped. */
function readingOf(request: ShipmentsPageRequest) {
  const { cursor, sort } = request;
  // Reading before a cursor is reading after it in the reverse order; pageItems puts the rows back.
  const direction = cursor?.side === 'before' ? reverse(request.direction) : request.direction;
  return {
    direction,
    order: orderOf(sort, direction),
    byId: sql.raw(direction.toUpperCase()),
    offset: cursor ? 0 : (request.page - 1) * request.perPage,
  };
}

/**
 * Without a search, per account its first offset+perPage (after the cursor) in index order, the
 * key and the id only, by id alone when the key is the account itself; then the merge: `page`.
 * A page asked for by number past the first is read from the nearer end of the order when the
 * statement counts its `total` before the page (the list's; Home has only a first page).
 */
function pageByAccount(request: ShipmentsPageRequest, total?: RawBuilder<unknown>) {
  const { perPage, cursor } = request;
  const { direction, offset } = readingOf(request);
  if (cursor || offset === 0 || !total) {
    return sql`page AS MATERIALIZED (
      ${mergedByAccount(request, direction, pageWindow(offset, perPage))}
    )`;
  }
  const pageRows = readFromNearerEnd({ offset, perPage, total }, (reversed, window) =>
    mergedByAccount(request, reversed ? reverse(direction) : direction, window),
  );
  return sql`page AS MATERIALIZED (${pageRows})`;
}

/**
 * The merge of the asked accounts' shipments in `direction` (reversed when reading before a cursor
 * or from the end): each account's first rows to the window's end in index order, then the window.
 */
function mergedByAccount(request: ShipmentsPageRequest, direction: SortDirection, window: RowWindow) {
  const { criteria, sort, cursor } = request;
  const order = orderOf(sort, direction);
  const byId = sql.raw(direction.toUpperCase());
  const sortKey = SORT_KEYS[sort];
  const conditions = criteriaConditions(criteria);
  let top: RawBuilder<unknown>;
  let accountsFrom = sql``;
  if (sortKey === 'account') {
    const idBound: ShipmentCondition[] = [];
    if (cursor) {
      // The cursor's own account from the id on, the accounts beyond it whole.
      const [beyondOrAt, beyond, whole] = direction === 'asc' ? ['>=', '>', 0] : ['<=', '<', MAX_ID + 1];
      accountsFrom = sql` WHERE a.account_no COLLATE "C" ${sql.raw(beyondOrAt)} ${cursor.at.key}`;
      idBound.push(sql<SqlBool>`shipments.id ${sql.raw(beyond)}
        (CASE WHEN a.account_no = ${cursor.at.key} THEN ${cursor.at.id}::bigint ELSE ${whole}::bigint END)`);
    }
    top = sql`SELECT shipments.id, NULL AS sort_key FROM shipments
              WHERE shipments.account_id = a.id AND ${and([...conditions, ...idBound])}
              ORDER BY shipments.id ${byId} LIMIT ${window.end}`;
  } else {
    const columns = { key: sortKey.key, id: sql`shipments.id` };
    const parts = cursor ? rowsAfter(sort, direction, cursor.at, columns).map((part) => [part]) : [[]];
    const read = (part: ShipmentCondition[]) =>
      sql`SELECT shipments.id, ${sortKey.key} AS sort_key FROM shipments
          WHERE shipments.account_id = a.id AND ${and([...conditions, ...part])}
          ORDER BY ${sortKey.key} ${order}, shipments.id ${byId} LIMIT ${window.end}`;
    top =
      parts.length === 1
        ? read(parts[0]!)
        : sql.join(
            parts.map((part) => sql`(${read(part)})`),
            sql` UNION ALL `,
          );
  }
  const pageKey = sortKey === 'account' ? sql`a.account_no COLLATE "C"` : sql`top.sort_key`;
  const cursorKey = sortKey === 'account' ? sql`a.account_no` : cursorKeyOf(sort, sql`top.sort_key`);
  return sql`SELECT top.id, ${pageKey} AS sort_key, a.account_no, json_build_array(${cursorKey}, top.id)::text AS cursor
      FROM a CROSS JOIN LATERAL (${top}) AS top${accountsFrom}
      ORDER BY sort_key ${order}, top.id ${byId}
      LIMIT ${window.take} OFFSET ${window.skip}`;
}

/**
 * Above this many shipments, an account's search is first looked for in the whole table's search
 * texts (migration 0050), through their trigram index or, for a text with five digits in a row,
 * the index of their digit windows; up to it, by reading the account's own index entries, which
 * is cheaper there and costs the same in a table of any size.
 */
const LARGE_ACCOUNT_SHIPMENTS = 10_000;

/**
 * A large account's search reads the table's matches through either index while there are
 * at most this many (an entry, container or file number is in a few shipments of the whole
 * table); beyond, the text is common, and the account's own index entries are read instead.
 */
const TABLE_MATCHES = 5_000;

/**
 * With a search, the matching shipments of the asked accounts once (`matches`, with each Home
 * count's condition), and the page and the counts from them: reading a large account in a sort
 * index's order instead scanned it until forty rows matched, and all of it when fewer do.
 */
function pageOfMatches(request: ShipmentsPageRequest) {
  const { criteria, sort, perPage, cursor } = request;
  const { direction, order, byId, offset } = readingOf(request);
  const sortKey = SORT_KEYS[sort];
  const matchKey = sortKey === 'account' ? sql`a.account_no COLLATE "C"` : sortKey.key;
  const columns = { key: sql`matches.sort_key`, id: sql`matches.id` };
  const after = cursor ? sql` WHERE ${either(rowsAfter(sort, direction, cursor.at, columns))}` : sql``;
  const flags = HOME_COUNT_KEYS.map((key) => sql`(${HOME_COUNT_CONDITIONS[key]}) AS ${sql.ref(key)}`);
  const isSmall = sql<SqlBool>`NOT a.is_large`;
  const isLarge = sql<SqlBool>`a.is_large`;
  const isFewInTable = sql<SqlBool>`(SELECT count(*) FROM table_matches) <= ${sql.lit(TABLE_MATCHES)}`;
  // The matching ids of accounts read by their ETA index entries alone, which carry search_text
  // (the OFFSET keeps the planner from reading whole rows to find them); only those rows are read.
  const byEntries = sql`sized a CROSS JOIN LATERAL (
      SELECT shipments.id FROM shipments
      WHERE shipments.account_id = a.id AND ${and(searchConditions(criteria, 'entries'))} OFFSET 0
    ) AS found JOIN shipments ON shipments.id = found.id`;
  const matchesOf = (rows: RawBuilder<unknown>, accounts: ShipmentCondition, searchBy: SearchBy) =>
    sql`SELECT shipments.id, ${matchKey} AS sort_key, a.account_no, ${sql.join(flags)}
      FROM ${rows}
      WHERE ${accounts} AND ${and(criteriaConditions(criteria, searchBy))}`;
  // The whole table's matches (ids and accounts, one more than TABLE_MATCHES at most), read only
  // when a large account is asked for. Each match's account is looked up by its id: the planner
  // cannot know how many rows a LIKE of a parameter finds (it guesses 5,000 of the million), and
  // joined, it once read the whole shipments table to hash 12 matches (196 ms instead of 3).
  return sql`sized AS MATERIALIZED (
      SELECT a.*, (SELECT coalesce(sum(c.shipments), 0) FROM shipment_counts c WHERE c.account_id = a.id)
        > ${sql.lit(LARGE_ACCOUNT_SHIPMENTS)} AS is_large
      FROM a
    ),
    table_matches AS MATERIALIZED (
      SELECT texts.shipment_id AS id,
        (SELECT shipments.account_id FROM shipments WHERE shipments.id = texts.shipment_id) AS account_id
      FROM shipment_search_texts texts
      WHERE EXISTS (SELECT 1 FROM sized a WHERE ${isLarge}) AND ${and(tableSearchConditions(criteria))}
      LIMIT ${sql.lit(TABLE_MATCHES + 1)}
    ),
    matches AS MATERIALIZED (
      ${matchesOf(byEntries, isSmall, 'entries')}
      UNION ALL
      ${matchesOf(
        sql`sized a JOIN table_matches found ON found.account_id = a.id JOIN shipments ON shipments.id = found.id`,
        sql<SqlBool>`${isLarge} AND ${isFewInTable}`,
        'like',
      )}
      UNION ALL
      ${matchesOf(byEntries, sql<SqlBool>`${isLarge} AND NOT ${isFewInTable}`, 'entries')}
    ),
    page AS MATERIALIZED (
      SELECT matches.id, matches.sort_key, matches.account_no,
        json_build_array(${cursorKeyOf(sort, sql`matches.sort_key`)}, matches.id)::text AS cursor
      FROM matches${after}
      ORDER BY matches.sort_key ${order}, matches.id ${byId}
      LIMIT ${perPage} OFFSET ${offset}
    )`;
}

/**
 * `visible`: the caller's accounts (the access check); `a`: those the criteria ask for;
 * `page`: the ids, sort keys and cursors of the page, in the order read (reversed before a
 * cursor); with a search, `matches` too; `withTotal`, `t`: the count (countOf) as `total`, once
 * though the reply names it twice, before the page, which reads it, or after the matches it counts.
 */
function withAccountsAndPage(db: Db, user: SessionUser, request: ShipmentsPageRequest, withTotal = false) {
  const { criteria } = request;
  const narrowed = criteria.accountNo === undefined ? sql`true` : sql`visible.account_no = ${criteria.accountNo}`;
  const isSearch = criteria.searches.length > 0;
  const page = isSearch
    ? pageOfMatches(request)
    : pageByAccount(request, withTotal ? sql`(SELECT t.total FROM t)` : undefined);
  const total = sql`t AS MATERIALIZED (SELECT ${countOf(criteria)} AS total)`;
  const pageAndTotal = !withTotal ? [page] : isSearch ? [page, total] : [total, page];
  return sql`
    WITH visible AS MATERIALIZED (
      SELECT accounts.id, accounts.account_no FROM accounts
      WHERE accounts.id IN (${visibleAccountIds(db, user)})
    ),
    a AS MATERIALIZED (SELECT * FROM visible WHERE ${narrowed}),
    ${sql.join(pageAndTotal, sql.raw(',\n    '))}`;
}

/** The page's shipments as one JSON array of list items, in the page's order. */
function pageItems(request: ShipmentsPageRequest) {
  const order = orderOf(request.sort, request.direction);
  const byId = sql.raw(request.direction.toUpperCase());
  return sql`(
    SELECT coalesce(json_agg(json_build_object(
      'id', shipments.id,
      'file_number', shipments.file_number,
      'account_no', page.account_no,
      'master_bill_lading', shipments.master_bills,
      'house_bill_lading', shipments.house_bills,
      'containers', shipments.container_nos,
      'customer_reference_no', shipments.customer_reference_no,
      -- DATE_TIME_TEXT_FORMAT, or UNKNOWN_DATE_TIME.
      'est_time_arrive', coalesce(to_char(shipments.est_time_arrive, 'YYYY-MM-DD HH24:MI:SS'), ${sql.lit(UNKNOWN_DATE_TIME)}),
      'fda_review', shipments.fda_status,
      'status', shipments.status,
      'documents_submitted', shipments.required_documents,
      'next_free_day', shipments.next_free_day,
      'next_free_day_kind', shipments.next_free_day_kind
    ) ORDER BY page.sort_key ${order}, page.id ${byId}), '[]')
    FROM page JOIN shipments ON shipments.id = page.id
  )`;
}

/**
 * How many shipments of the asked accounts meet the criteria and, if named, a Home count's
 * condition: with a search, the matches counted; with ETA bounds or a filter no counter row
 * keeps, the shipments (their index entries); without any, a sum of the accounts' counter rows
 * (migrations 0017 and 0049, the port of entry among their keys).
 */
function countOf(criteria: ShipmentCriteria, count?: HomeCountKey) {
  const { filter, status, entryPort, searches, etaFrom, etaTo, possibleChargesOf } = criteria;
  if (possibleChargesOf !== undefined && !count && isOnlyAccounts({ ...criteria, possibleChargesOf: undefined })) {
    return chargesByDay(possibleChargesOf);
  }
  if (searches.length > 0) {
    return sql`(SELECT count(*) FROM matches${count ? sql` WHERE matches.${sql.ref(count)}` : sql``})`;
  }
  if (etaFrom !== undefined || etaTo !== undefined || hasUncountedFilter(criteria)) {
    const conditions = [...criteriaConditions(criteria), ...(count ? [HOME_COUNT_CONDITIONS[count]] : [])];
    return sql`(SELECT count(*) FROM a JOIN shipments ON shipments.account_id = a.id WHERE ${and(conditions)})`;
  }
  const conditions = [
    ...(filter ? [HOME_FILTER_COUNTER_CONDITIONS[filter]] : []),
    ...(status === undefined ? [] : [sql<SqlBool>`c.status = ${status}`]),
    ...(entryPort === undefined ? [] : [sql<SqlBool>`c.entry_port_code = ${entryPort}`]),
    ...(count ? [HOME_COUNT_COUNTER_CONDITIONS[count]] : []),
  ];
  return sql`(SELECT coalesce(sum(c.shipments), 0)::bigint FROM a JOIN shipment_counts c ON c.account_id = a.id
              WHERE ${and(conditions)})`;
}

/** Whether the criteria ask for nothing but accounts. */
const isOnlyAccounts = (criteria: ShipmentCriteria) => criteriaConditions(criteria).length === 0;

/**
 * The possible charges of the asked accounts, summed over their shipments' last free days up to
 * the company's day + 3 (migration 0053): a range of each account's days, not of its shipments.
 */
function chargesByDay(of: PossibleChargesOf) {
  return sql`(SELECT coalesce(sum(d.shipments), 0)::bigint FROM a JOIN shipment_free_days d ON d.account_id = a.id
              WHERE d.next_free_day <= ${lastChargeFreeDay(of)})`;
}

export const shipmentsRepository = {
  /** The list page's statement (the bench times it alone). */
  listQuery(db: Db, user: SessionUser, request: ShipmentsPageRequest): CompiledQuery<BodyRow> {
    return shipmentsRepository.listStatement(db, user, request).compile(db);
  },

  /** The list page's statement, to compile alone or within another (a session's check). */
  listStatement(db: Db, user: SessionUser, request: ShipmentsPageRequest): RawBuilder<BodyRow> {
    const { page, perPage, sort, direction } = request;
    const edge = (at: SortDirection) =>
      sql`(SELECT page.cursor FROM page
           ORDER BY page.sort_key ${orderOf(sort, at)}, page.id ${sql.raw(at.toUpperCase())} LIMIT 1)`;
    return sql<BodyRow>`
      ${withAccountsAndPage(db, user, request, true)}
      SELECT json_build_object(
        'data', ${pageItems(request)},
        'pagination', json_build_object(
          'total', t.total,
          'last_page', greatest(1, (t.total + ${perPage}::int - 1) / ${perPage}::int),
          'current_page', ${page}::int,
          'per_page', ${perPage}::int,
          'cursors', json_build_object('before', ${edge(direction)}, 'after', ${edge(reverse(direction))})
        )
      )::text AS body
      FROM t`;
  },

  /**
   * Home's statement: the six counts, the 7501s awaiting approval, the possible charges on the
   * company's day at `now`, the caller's account numbers and the first page.
   */
  homeQuery(
    db: Db,
    user: SessionUser,
    criteria: ShipmentCriteria,
    perPage: number,
    now: Date = new Date(),
  ): CompiledQuery<BodyRow> {
    return shipmentsRepository.homeStatement(db, user, criteria, perPage, now).compile(db);
  },

  /** Home's statement, to compile alone or within another (a session's check). */
  homeStatement(
    db: Db,
    user: SessionUser,
    criteria: ShipmentCriteria,
    perPage: number,
    now: Date = new Date(),
  ): RawBuilder<BodyRow> {
    const request: ShipmentsPageRequest = { criteria, ...DEFAULT_SORT, page: 1, perPage };
    const counts = HOME_COUNT_KEYS.map((key) => sql`${sql.lit(key)}, ${countOf(criteria, key)}`);
    const duty = seesEntryMoney(user.role) ? sql`coalesce(sum(shipments.entry_duty_cents), 0)` : sql`NULL`;
    const awaiting = sql`CASE WHEN (SELECT entry_approval FROM companies WHERE id = ${user.companyId}) <> 'none' THEN (
        SELECT json_build_object('count', count(*), 'duty_cents', ${duty})
        FROM a JOIN shipments ON shipments.account_id = a.id
        WHERE ${and([...criteriaConditions(criteria), awaitingApproval(user.companyId)])}
      ) END`;
    const chargesOf = { companyId: user.companyId, now };
    const charges = isOnlyAccounts(criteria)
      ? chargesByDay(chargesOf)
      : sql`(SELECT count(*) FROM a JOIN shipments ON shipments.account_id = a.id
          WHERE ${and([...criteriaConditions(criteria), possibleCharges(chargesOf)])})`;
    return sql<BodyRow>`
      ${withAccountsAndPage(db, user, request)}
      SELECT json_build_object(
        ${sql.join(counts)},
        'awaiting_approval', ${awaiting},
        'possible_charges', ${charges},
        'accounts', coalesce(
          (SELECT string_agg(visible.account_no, ',' ORDER BY visible.account_no COLLATE "C") FROM visible), ''),
        'data', items.list,
        'result', items.list
      )::text AS body
      FROM (SELECT ${pageItems(request)} AS list) AS items`;
  },
};
