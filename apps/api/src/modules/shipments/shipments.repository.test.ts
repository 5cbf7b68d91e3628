import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import {
  HOME_FILTER_VALUES,
  SHIPMENT_SORT_FIELDS,
  type HomeFilter,
  type ShipmentSortField,
} from '@clearport/contract/shipments';
import type { Db } from '../../db/connect.ts';
import { buildTestApp, type TestApp } from '../../../test/build-app.ts';
import type { SessionUser } from '../access/session-user.ts';
import { shipmentsRepository, type ShipmentsPageRequest } from './shipments.repository.ts';
import { criteriaOf } from './shipments.rules.ts';

/*
 * Migration 0002 indexes the expressions shipments.rules.ts writes; PostgreSQL uses an index
 * only while the two stay identical. These plans, with sequential scans and sorts priced out,
 * show each filter and each sort reaching its index.
 */

let t: TestApp;
let db: Db;
let primary: SessionUser;
beforeAll(async () => {
  t = await buildTestApp();
  db = t.app.db;
  primary = await db
    .selectFrom('users')
    .select(['id', 'company_id as companyId', 'role', 'name', 'email'])
    .where('email', '=', 'primary@demo.test')
    .executeTakeFirstOrThrow();
});
afterAll(async () => t?.close());

async function planOf(compiled: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    await sql`SET LOCAL enable_sort = off`.execute(trx);
    const explained = await trx.executeQuery<Record<string, string>>(
      CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
    );
    return explained.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

function listRequest(overrides: Partial<ShipmentsPageRequest> & { filter?: HomeFilter }): ShipmentsPageRequest {
  const { filter, ...rest } = overrides;
  return {
    criteria: criteriaOf({ filter }),
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
  'under-cbp-exam': 'shipments_list_eta_idx',
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
  fda_review: 'shipments_sort_fda_review_idx',
  status: 'shipments_sort_status_idx',
};

describe('the shipments statements use the indexes of migration 0002', () => {
  it.each(HOME_FILTER_VALUES)('filter %s: its page by index, its total from the counters', async (filter) => {
    const plan = await planOf(shipmentsRepository.listQuery(db, primary, listRequest({ filter })));
    expect(plan).toContain(FILTER_INDEXES[filter]);
    expect(plan).toContain('shipment_counts');
  });

  it('Home counts from the counters; with a search, from the indexes, before_summary included', async () => {
    const plan = await planOf(shipmentsRepository.homeQuery(db, primary, criteriaOf({}), 40));
    expect(plan).toContain('shipment_counts');
    const searched = await planOf(shipmentsRepository.homeQuery(db, primary, criteriaOf({ search: 'mscu' }), 40));
    expect(searched).not.toContain('shipment_counts');
    for (const index of [...Object.values(FILTER_INDEXES), 'shipments_filter_before_summary_idx']) {
      expect(searched).toContain(index);
    }
  });

  it.each(SHIPMENT_SORT_FIELDS.flatMap((sort) => [[sort, 'asc'] as const, [sort, 'desc'] as const]))(
    'sort %s %s',
    async (sort, direction) => {
      const plan = await planOf(shipmentsRepository.listQuery(db, primary, listRequest({ sort, direction })));
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
      const plan = await planOf(shipmentsRepository.listQuery(db, primary, listRequest({ sort, direction, cursor })));
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
    request.criteria = criteriaOf({ status: 'mscu', filter: 'without-do', account_no: '40001' });
    await expect(tidy(shipmentsRepository.listQuery(db, primary, request).sql)).toMatchFileSnapshot(
      '__snapshots__/list.sql',
    );
  });

  it('Home', async () => {
    await expect(tidy(shipmentsRepository.homeQuery(db, primary, criteriaOf({}), 40).sql)).toMatchFileSnapshot(
      '__snapshots__/home.sql',
    );
  });
});
