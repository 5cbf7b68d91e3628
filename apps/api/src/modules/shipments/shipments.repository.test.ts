import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  HOME_FILTER_VALUES,
  SHIPMENT_SORT_FIELDS,
  type HomeFilter,
  type ShipmentSortField,
} from '@clearport/contract/shipments';
import { indexTestApp, planWithoutScansOrSorts } from '../../../test/query-plans.ts';
import { shipmentsRepository, type ShipmentsPageRequest } from './shipments.repository.ts';
import { criteriaOf } from './shipments.rules.ts';

/*
 * Migration 0002 indexes the expressions shipments.rules.ts writes; PostgreSQL uses an index
 * only while the two stay identical. These plans, with sequential scans and sorts priced out,
 * show each filter and each sort reaching its index.
 */

const demo = indexTestApp();
beforeAll(async () => {
  // As autovacuum leaves a table at rest: its pages all-visible, so that index-only scans pay.
  await sql`VACUUM ANALYZE shipments`.execute(demo.db);
});

/**
 * The plan of a statement. `onlyIndex` drops every other index of shipments but the unique ones
 * for the plan (the transaction is rolled back): on the tests' few hundred rows the planner
 * rightly prefers reading an account's entries of a btree index to the search index, which earns
 * its place only at scale (the bench); this shows that the statement can use it.
 */
async function planOf(compiled: { sql: string; parameters: readonly unknown[] }, onlyIndex?: string): Promise<string> {
  const read = demo.db.transaction().execute(async (trx) => {
    if (onlyIndex) {
      const { rows } = await sql<{ indexname: string }>`
        SELECT index.relname AS indexname FROM pg_index JOIN pg_class index ON index.oid = pg_index.indexrelid
        WHERE pg_index.indrelid = 'shipments'::regclass AND NOT pg_index.indisunique AND index.relname <> ${onlyIndex}
      `.execute(trx);
      for (const { indexname } of rows) await sql`DROP INDEX ${sql.ref(indexname)}`.execute(trx);
    }
    const plan = await planWithoutScansOrSorts(trx, compiled);
    // Thrown, so that the transaction rolls back and the indexes stay.
    if (onlyIndex) throw new PlanRead(plan);
    return plan;
  });
  return read.catch((error: unknown) => {
    if (error instanceof PlanRead) return error.plan;
    throw error;
  });
}

class PlanRead extends Error {
  constructor(readonly plan: string) {
    super('plan read');
  }
}

function listRequest(overrides: Partial<ShipmentsPageRequest> & { filter?: HomeFilter }): ShipmentsPageRequest {
  const { filter, ...rest } = overrides;
  return {
    criteria: criteriaOf({ filter }, demo.primary),
    sort: 'est_time_arrive',
    direction: 'desc',
    page: 1,
    perPage: 40,
    ...rest,
  };
}

const FILTER_INDEXES: Record<HomeFilter, string> = {
  'documents-required': 'shipments_list_status_idx',
  '7501-review': 'shipments_filter_7501_review_idx',
  'under-cbp-exam': 'shipments_filter_cbp_hold_idx',
  'under-fda-exam': 'shipments_filter_fda_hold_idx',
  'without-do': 'shipments_filter_without_do_idx',
};

const SORT_INDEXES: Record<ShipmentSortField, string> = {
  file_number: 'shipments_sort_file_number_idx',
  account_no: 'shipments_list_id_idx',
  master_bill_lading: 'shipments_sort_master_bill_idx',
  house_bill_lading: 'shipments_sort_house_bill_idx',
  containers: 'shipments_sort_container_idx',
  customer_reference_no: 'shipments_sort_reference_idx',
  est_time_arrive: 'shipments_list_eta_idx',
  fda_review: 'shipments_sort_fda_status_idx',
  status: 'shipments_sort_status_idx',
};

/** The search index read for the LIKE of the search text. */
const SEARCH_INDEX_READ = /Bitmap Index Scan on shipments_search_idx[^\n]*\n\s*Index Cond: [^\n]*search_text ~~/;

describe('the shipments statements use the indexes of migration 0002', () => {
  it.each(HOME_FILTER_VALUES)('filter %s: its page by index, its total from the counters', async (filter) => {
    const plan = await planOf(shipmentsRepository.listQuery(demo.db, demo.primary, listRequest({ filter })));
    expect(plan).toContain(FILTER_INDEXES[filter]);
    expect(plan).toContain('shipment_counts');
  });

  it.each([
    [{ port: '4601' }, 'shipments_filter_entry_port_idx'],
    [{ entry_type: '01' }, 'shipments_filter_entry_type_idx'],
    [{ agency_hold: '1' }, 'shipments_filter_agency_hold_idx'],
    [{ approval: 'awaiting' }, 'shipments_awaiting_approval_idx'],
  ] as const)(
    'entry filter %o: its page and its total by its index (migrations 0027 and 0029)',
    async (query, index) => {
      const request = listRequest({});
      request.criteria = criteriaOf(query, demo.primary);
      const plan = await planOf(shipmentsRepository.listQuery(demo.db, demo.primary, request));
      expect(plan.split(index).length - 1).toBe(2);
      expect(plan).not.toContain('shipment_counts c');
    },
  );

  it('possible charges: the page and the total read a range of the last free day index (migration 0036)', async () => {
    const request = listRequest({});
    request.criteria = criteriaOf({ charges: 'possible' }, demo.primary);
    const index = 'shipments_next_free_day_idx';
    // A range of days up to the company's day + 3, which is read once (an InitPlan: `$n` before
    // PostgreSQL 17).
    const range = /Index Cond: \([^\n]*next_free_day <= (\(InitPlan \d+\)|\$\d+)/g;
    const plan = await planOf(shipmentsRepository.listQuery(demo.db, demo.primary, request), index);
    expect(plan.split(index).length - 1).toBe(2);
    expect(plan.match(range)).toHaveLength(2);
    expect(plan).not.toContain('shipment_counts c');
    const home = await planOf(
      shipmentsRepository.homeQuery(demo.db, demo.primary, criteriaOf({}, demo.primary), 40),
      index,
    );
    expect(home).toContain(index);
    expect(home.match(range)).toHaveLength(1);
  });

  it('Home counts from the counters; with a search, from the matches, through the search index', async () => {
    const plan = await planOf(shipmentsRepository.homeQuery(demo.db, demo.primary, criteriaOf({}, demo.primary), 40));
    expect(plan).toContain('shipment_counts');
    const searched = await planOf(
      shipmentsRepository.homeQuery(demo.db, demo.primary, criteriaOf({ search: 'mscu' }, demo.primary), 40),
      'shipments_search_idx',
    );
    expect(searched).toMatch(SEARCH_INDEX_READ);
  });

  it.each(SHIPMENT_SORT_FIELDS)(
    'a search sorted by %s reads a small account’s ETA index entries, a large one’s search index',
    async (sort) => {
      const request = listRequest({ sort });
      request.criteria = criteriaOf({ search: 'mscu' }, demo.primary);
      const plan = await planOf(shipmentsRepository.listQuery(demo.db, demo.primary, request));
      expect(plan).toMatch(
        /Index Only Scan using shipments_list_eta_idx on shipments[^\n]*\n\s*Index Cond: \(account_id = a\.id\)/,
      );
      const large = await planOf(shipmentsRepository.listQuery(demo.db, demo.primary, request), 'shipments_search_idx');
      expect(large).toMatch(SEARCH_INDEX_READ);
    },
  );

  it.each(SHIPMENT_SORT_FIELDS.flatMap((sort) => [[sort, 'asc'] as const, [sort, 'desc'] as const]))(
    'sort %s %s',
    async (sort, direction) => {
      const plan = await planOf(shipmentsRepository.listQuery(demo.db, demo.primary, listRequest({ sort, direction })));
      expect(plan).toContain(SORT_INDEXES[sort]);
    },
  );
});

describe('a step from a cursor', () => {
  const after = (key: string | null, id: number) => ({ side: 'after' as const, at: { key, id } });

  it.each([
    ['est_time_arrive', after('2026-03-01 00:00:00.000000', 5)],
    ['est_time_arrive', after(null, 5)],
    ['file_number', after('dmi-4120', 5)],
    ['account_no', after('40002', 5)],
  ] as const)('by %s starts the index scan at the cursor', async (sort, cursor) => {
    for (const direction of ['asc', 'desc'] as const) {
      const plan = await planOf(
        shipmentsRepository.listQuery(demo.db, demo.primary, listRequest({ sort, direction, cursor })),
      );
      expect(plan).toContain(SORT_INDEXES[sort]);
      // The index condition holds the cursor: a row comparison of key and id, or a bound on the id.
      expect(plan).toMatch(/Index Cond: \(\(account_id = a\.id\) AND .*(ROW\(|\(id [<>] )/);
    }
  });
});

describe('the statements, as a reviewer reads them', () => {
  const tidy = (text: string) => `${text.replace(/\n\s*\n/g, '\n').trim()}\n`;

  it('list page: a search, a filter and a sort', async () => {
    const request = listRequest({ sort: 'containers', direction: 'asc', page: 3 });
    request.criteria = criteriaOf({ status: 'mscu', filter: 'without-do', account_no: '40001' }, demo.primary);
    await expect(tidy(shipmentsRepository.listQuery(demo.db, demo.primary, request).sql)).toMatchFileSnapshot(
      '__snapshots__/list.sql',
    );
  });

  it('Home', async () => {
    await expect(
      tidy(shipmentsRepository.homeQuery(demo.db, demo.primary, criteriaOf({}, demo.primary), 40).sql),
    ).toMatchFileSnapshot('__snapshots__/home.sql');
  });
});
