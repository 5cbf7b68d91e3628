import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import { UNKNOWN_DATE_TIME } from '@clearport/contract/constants';
import type { SortDirection } from '@clearport/contract/http';
import type { HomeCounts, ShipmentListItem, ShipmentSortField } from '@clearport/contract/shipments';
import type { Db } from '../../db/connect.ts';
import { executePrepared } from '../../db/prepared-statements.ts';
import { visibleAccountIds } from '../access/access.repository.ts';
import type { SessionUser } from '../auth/sessions.repository.ts';
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
 * Each reading is one statement, one round trip: the totals, then the page's rows, written as
 * list items, joined to them (LEFT JOIN LATERAL, so a page past the end still brings its total). The page takes, per
 * visible account, the first offset+limit shipments in the sort index's order and merges them.
 * The statements are SQL through Kysely's `sql` template and run as prepared statements:
 * building them with the query builder and planning them took longer than running them.
 * Rows, not JSON: PostgreSQL builds a page of JSON slower than it runs the query.
 * See docs/decisions/0005-shipment-list-queries.md.
 */

export type ShipmentsPageRequest = {
  criteria: ShipmentCriteria;
  sort: ShipmentSortField;
  direction: SortDirection;
  page: number;
  perPage: number;
};

export type ShipmentsPage = { total: number; items: ShipmentListItem[] };

export type HomeShipments = HomeCounts & { accounts: string; items: ShipmentListItem[] };

/** The page's rows are list items as they are; all NULL in the one row of a page past the end. */
type PageRow = ShipmentListItem | { [K in keyof ShipmentListItem]: null };
type ListRow = PageRow & { total: number };
type HomeRow = PageRow & Record<keyof HomeCounts, number> & { accounts: string | null };

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

/** The page's rows in order, written as list items, joined to the totals `t`. */
function pageRows(request: ShipmentsPageRequest) {
  const order = orderOf(request.sort, request.direction);
  const byId = sql.raw(request.direction.toUpperCase());
  return sql`
    LEFT JOIN LATERAL (
      SELECT page.id, page.sort_key, shipments.file_number, page.account_no,
        shipments.master_bills AS master_bill_lading, shipments.house_bills AS house_bill_lading,
        shipments.container_nos AS containers, shipments.customer_reference_no,
        -- DATE_TIME_TEXT_FORMAT, or UNKNOWN_DATE_TIME.
        coalesce(to_char(shipments.est_time_arrive, 'YYYY-MM-DD HH24:MI:SS'), ${sql.lit(UNKNOWN_DATE_TIME)}) AS est_time_arrive,
        shipments.fda_review, shipments.status,
        (
          SELECT coalesce(json_agg(json_build_object('type', d.type, 'submitted', d.submitted) ORDER BY d.id), '[]')
          FROM document_types d WHERE d.shipment_id = page.id AND d.required
        ) AS documents_submitted
      FROM page JOIN shipments ON shipments.id = page.id
    ) AS r ON true
    ORDER BY r.sort_key ${order}, r.id ${byId}`;
}

/** The list item columns of `r`, without the sort key. */
const ITEM_COLUMNS = sql.raw(
  'r.id, r.file_number, r.account_no, r.master_bill_lading, r.house_bill_lading, r.containers, ' +
    'r.customer_reference_no, r.est_time_arrive, r.fda_review, r.status, r.documents_submitted',
);

/** How many shipments of the asked accounts meet the criteria and the extra condition. */
function countOf(criteria: ShipmentCriteria, extra?: ShipmentCondition) {
  const conditions = [...criteriaConditions(criteria), ...(extra ? [extra] : [])];
  return sql`(SELECT count(*) FROM a JOIN shipments ON shipments.account_id = a.id WHERE ${and(conditions)})`;
}

function itemsOf(rows: readonly PageRow[]): ShipmentListItem[] {
  return rows.filter((row): row is ShipmentListItem => row.id !== null);
}

export const shipmentsRepository = {
  /** The list page's statement (the bench times it alone). */
  listQuery(db: Db, user: SessionUser, request: ShipmentsPageRequest): CompiledQuery<ListRow> {
    return sql<ListRow>`
      ${withAccountsAndPage(db, user, request)}
      SELECT t.total, ${ITEM_COLUMNS} FROM (SELECT ${countOf(request.criteria)} AS total) AS t
      ${pageRows(request)}`.compile(db);
  },

  async list(db: Db, user: SessionUser, request: ShipmentsPageRequest): Promise<ShipmentsPage> {
    const rows = await executePrepared(db, shipmentsRepository.listQuery(db, user, request));
    return { total: Number(rows[0]!.total), items: itemsOf(rows) };
  },

  /** Home's statement: the six counts, the caller's account numbers and the first page. */
  homeQuery(db: Db, user: SessionUser, criteria: ShipmentCriteria, perPage: number): CompiledQuery<HomeRow> {
    const request: ShipmentsPageRequest = { criteria, ...DEFAULT_SORT, page: 1, perPage };
    const counts = Object.entries(HOME_COUNT_CONDITIONS).map(
      ([key, condition]) => sql`${countOf(criteria, condition)} AS ${sql.ref(key)}`,
    );
    return sql<HomeRow>`
      ${withAccountsAndPage(db, user, request)}
      SELECT t.*, ${ITEM_COLUMNS} FROM (
        SELECT ${sql.join(counts)},
          (SELECT string_agg(visible.account_no, ',' ORDER BY visible.account_no COLLATE "C") FROM visible) AS accounts
      ) AS t
      ${pageRows(request)}`.compile(db);
  },

  async home(db: Db, user: SessionUser, criteria: ShipmentCriteria, perPage: number): Promise<HomeShipments> {
    const rows = await executePrepared(db, shipmentsRepository.homeQuery(db, user, criteria, perPage));
    const row = rows[0]!;
    const count = (key: keyof HomeCounts) => Number(row[key]);
    return {
      pending_docs: count('pending_docs'),
      '7501_to_review': count('7501_to_review'),
      before_summary: count('before_summary'),
      under_exam: count('under_exam'),
      fda_exam: count('fda_exam'),
      shipments_without_do: count('shipments_without_do'),
      accounts: row.accounts ?? '',
      items: itemsOf(rows),
    };
  },
};
