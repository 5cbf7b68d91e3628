import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import { UNKNOWN_DATE_TIME } from '@clearport/contract/constants';
import type { SortDirection } from '@clearport/contract/http';
import type { ShipmentSortField } from '@clearport/contract/shipments';
import type { Db } from '../../db/connect.ts';
import { executePrepared } from '../../db/prepared-statements.ts';
import { visibleAccountIds } from '../access/access.repository.ts';
import type { SessionUser } from '../access/session-user.ts';
import {
  criteriaConditions,
  DEFAULT_SORT,
  HOME_COUNT_CONDITIONS,
  nullsFirstFor,
  SORT_KEYS,
  type ShipmentCondition,
  type ShipmentCriteria,
} from './shipments.rules.ts';

/*
 * Each reading is one statement, one round trip, and its reply is the HTTP body as PostgreSQL
 * writes it (json_build_object): the totals and the page's items, each written as a list item
 * of the contract. The page takes, per visible account, the first offset+limit shipments in the
 * sort index's order and merges them. The statements are SQL through Kysely's `sql` template
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

/** ASC or DESC and the place of NULL: the same in the index scan and in the merge. */
function orderOf(sort: ShipmentSortField, direction: SortDirection): RawBuilder<unknown> {
  const sortKey = SORT_KEYS[sort];
  const nullsFirst = sortKey !== 'account' && nullsFirstFor(sortKey.nullsFirst, direction);
  return sql.raw(`${direction.toUpperCase()} NULLS ${nullsFirst ? 'FIRST' : 'LAST'}`);
}

/**
 * `visible`: the caller's accounts (the access check); `a`: those the criteria ask for;
 * `page`: the ids and sort keys of the page.
 */
function withAccountsAndPage(db: Db, user: SessionUser, request: ShipmentsPageRequest) {
  const { criteria, sort, direction, perPage } = request;
  const offset = (request.page - 1) * perPage;
  const sortKey = SORT_KEYS[sort];
  const order = orderOf(sort, direction);
  const byId = sql.raw(direction.toUpperCase());
  const narrowed = criteria.accountNo === undefined ? sql`true` : sql`visible.account_no = ${criteria.accountNo}`;
  // Per account its first offset+perPage in index order, the key and the id only; by id
  // alone when the key is the account itself. Then the merge.
  const top =
    sortKey === 'account'
      ? sql`SELECT shipments.id, NULL AS sort_key FROM shipments
            WHERE shipments.account_id = a.id AND ${and(criteriaConditions(criteria))}
            ORDER BY shipments.id ${byId} LIMIT ${offset + perPage}`
      : sql`SELECT shipments.id, ${sortKey.key} AS sort_key FROM shipments
            WHERE shipments.account_id = a.id AND ${and(criteriaConditions(criteria))}
            ORDER BY ${sortKey.key} ${order}, shipments.id ${byId} LIMIT ${offset + perPage}`;
  const pageKey = sortKey === 'account' ? sql`a.account_no COLLATE "C"` : sql`top.sort_key`;
  return sql`
    WITH visible AS MATERIALIZED (
      SELECT accounts.id, accounts.account_no FROM accounts
      WHERE accounts.id IN (${visibleAccountIds(db, user)})
    ),
    a AS MATERIALIZED (SELECT * FROM visible WHERE ${narrowed}),
    page AS (
      SELECT top.id, ${pageKey} AS sort_key, a.account_no
      FROM a CROSS JOIN LATERAL (${top}) AS top
      ORDER BY sort_key ${order}, top.id ${byId}
      LIMIT ${perPage} OFFSET ${offset}
    )`;
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
      'fda_review', shipments.fda_review,
      'status', shipments.status,
      'documents_submitted', shipments.required_documents
    ) ORDER BY page.sort_key ${order}, page.id ${byId}), '[]')
    FROM page JOIN shipments ON shipments.id = page.id
  )`;
}

/**
 * How many shipments of the asked accounts meet the criteria and the extra condition; without
 * any, the accounts' kept counts (migration 0005).
 */
function countOf(criteria: ShipmentCriteria, extra?: ShipmentCondition) {
  const conditions = [...criteriaConditions(criteria), ...(extra ? [extra] : [])];
  if (conditions.length === 0) {
    return sql`(SELECT coalesce(sum(c.shipments), 0)::bigint FROM a JOIN account_shipment_counts c ON c.account_id = a.id)`;
  }
  return sql`(SELECT count(*) FROM a JOIN shipments ON shipments.account_id = a.id WHERE ${and(conditions)})`;
}

export const shipmentsRepository = {
  /** The list page's statement (the bench times it alone). */
  listQuery(db: Db, user: SessionUser, request: ShipmentsPageRequest): CompiledQuery<BodyRow> {
    const { page, perPage } = request;
    // The total is a CTE so that it is counted once, though the reply names it twice.
    return sql<BodyRow>`
      ${withAccountsAndPage(db, user, request)},
      t AS MATERIALIZED (SELECT ${countOf(request.criteria)} AS total)
      SELECT json_build_object(
        'data', ${pageItems(request)},
        'pagination', json_build_object(
          'total', t.total,
          'last_page', greatest(1, (t.total + ${perPage}::int - 1) / ${perPage}::int),
          'current_page', ${page}::int,
          'per_page', ${perPage}::int
        )
      )::text AS body
      FROM t`.compile(db);
  },

  /** ShipmentsListResponse as JSON text. */
  async list(db: Db, user: SessionUser, request: ShipmentsPageRequest): Promise<string> {
    const [row] = await executePrepared(db, shipmentsRepository.listQuery(db, user, request));
    return row!.body;
  },

  /** Home's statement: the six counts, the caller's account numbers and the first page. */
  homeQuery(db: Db, user: SessionUser, criteria: ShipmentCriteria, perPage: number): CompiledQuery<BodyRow> {
    const request: ShipmentsPageRequest = { criteria, ...DEFAULT_SORT, page: 1, perPage };
    const counts = Object.entries(HOME_COUNT_CONDITIONS).map(
      ([key, condition]) => sql`${sql.lit(key)}, ${countOf(criteria, condition)}`,
    );
    return sql<BodyRow>`
      ${withAccountsAndPage(db, user, request)}
      SELECT json_build_object(
        ${sql.join(counts)},
        'accounts', coalesce(
          (SELECT string_agg(visible.account_no, ',' ORDER BY visible.account_no COLLATE "C") FROM visible), ''),
        'data', items.list,
        'result', items.list
      )::text AS body
      FROM (SELECT ${pageItems(request)} AS list) AS items`.compile(db);
  },

  /** HomeShipmentsResponse as JSON text. */
  async home(db: Db, user: SessionUser, criteria: ShipmentCriteria, perPage: number): Promise<string> {
    const [row] = await executePrepared(db, shipmentsRepository.homeQuery(db, user, criteria, perPage));
    return row!.body;
  },
};
