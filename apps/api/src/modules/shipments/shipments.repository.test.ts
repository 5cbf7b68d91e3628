import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { readListCursor, type ListCursor } from '@clearport/contract/list-cursor';
import type { Database } from '../../db/schema.ts';
import {
  HOME_FILTER_VALUES,
  SHIPMENT_SORT_FIELDS,
  type HomeFilter,
  type ShipmentSortField,
} from '@clearport/contract/shipments';
import { indexTestApp, planWithoutScansOrSorts } from '../../../test/query-plans.ts';
import { shipmentsRepository, type ShipmentsPageRequest } from './shipments.repository.ts';
import { criteriaOf } from './shipments.rules.ts';
import { digitWindows } from '../../lib/search-text.ts';

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

/**
 * The plan of a search statement, plain index scans priced out too: on the tests' few hundred
 * rows the planner reads the whole table's search texts in their primary key's order, which the
 * LIMIT makes cheap, where the bench's million are read through their GIN indexes.
 */
async function searchPlanOf(compiled: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  return demo.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_indexscan = off`.execute(trx);
    return planWithoutScansOrSorts(trx, compiled);
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

/** The trigram index of the whole table's search texts (migration 0050), read for the LIKE of the search text. */
const SEARCH_INDEX_READ =
  /Bitmap Index Scan on shipment_search_texts_trigrams_idx[^\n]*\n\s*Index Cond: \(search_text ~~/;
/**
 * The index of their digit windows (migrations 0050 and 0052), read for a text with five digits in a
 * row; the windows a value of the statement's own (a sub-select), which the planner does not see,
 * so that PostgreSQL settles on one generic plan for every search instead of planning each anew.
 */
const DIGITS_INDEX_READ =
  /Bitmap Index Scan on shipment_search_texts_digits_idx[^\n]*\n\s*Index Cond: \(search_digit_windows\(search_text, 5\) @> (\(InitPlan \d+\)\.col1|\$\d+)\)/;

describe('the shipments statements use the indexes of migration 0002', () => {
  it.each(HOME_FILTER_VALUES)('filter %s: its page by index, its total from the counters', async (filter) => {
    const plan = await planOf(shipmentsRepository.listQuery(demo.db, demo.primary, listRequest({ filter })));
    expect(plan).toContain(FILTER_INDEXES[filter]);
    expect(plan).toContain('shipment_counts');
  });

  it('port filter: its page by its index (migration 0027), its total from the counters (0049)', async () => {
    const request = listRequest({});
    request.criteria = criteriaOf({ port: '4601' }, demo.primary);
    const plan = await planOf(shipmentsRepository.listQuery(demo.db, demo.primary, request));
    expect(plan.split('shipments_filter_entry_port_idx').length - 1).toBe(1);
    expect(plan).toContain('shipment_counts c');
  });

  it.each([
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

  it('possible charges: the page reads the account’s shipments with a last free day in ETA order (migration 0045), the total their days (0053)', async () => {
    const request = listRequest({});
    request.criteria = criteriaOf({ charges: 'possible' }, demo.primary);
    const index = 'shipments_free_day_eta_idx';
    // The days up to the company's day + 3, which is read once (an InitPlan: `$n` before
    // PostgreSQL 17), compared in the index entries, which hold the day.
    const range =
      /Scan using shipments_free_day_eta_idx on shipments[^\n]*\n(\s+[A-Z][^\n]*\n)*?\s*Filter: \(next_free_day <= /;
    // The days of each asked account up to that day, as a range of the key.
    const days =
      /(Scan using shipment_free_days_pkey on shipment_free_days d|Bitmap Index Scan on shipment_free_days_pkey)[^\n]*\n\s*Index Cond: \(\(account_id = a(_\d+)?\.id\) AND \(next_free_day <= (\(InitPlan \d+\)\.col1|\$\d+)\)\)/;
    const plan = await planOf(shipmentsRepository.listQuery(demo.db, demo.primary, request), index);
    expect(plan.split(index).length - 1).toBe(1);
    expect(plan).toMatch(days);
    expect(plan).toMatch(range);
    expect(plan).not.toContain('shipment_counts c');
    const home = await planOf(shipmentsRepository.homeQuery(demo.db, demo.primary, criteriaOf({}, demo.primary), 40));
    expect(home).toMatch(days);
    expect(home).not.toContain(index);
    // Narrowed by anything but the accounts, the charges are counted from the shipments.
    request.criteria = criteriaOf({ charges: 'possible', status: 'released' }, demo.primary);
    const narrowed = await planOf(shipmentsRepository.listQuery(demo.db, demo.primary, request), index);
    expect(narrowed).not.toContain('shipment_free_days');
  });

  it('Home counts from the counters; with a search, from the matches, through the search index', async () => {
    const plan = await planOf(shipmentsRepository.homeQuery(demo.db, demo.primary, criteriaOf({}, demo.primary), 40));
    expect(plan).toContain('shipment_counts');
    const searched = await searchPlanOf(
      shipmentsRepository.homeQuery(demo.db, demo.primary, criteriaOf({ search: 'mscu' }, demo.primary), 40),
    );
    expect(searched).toMatch(SEARCH_INDEX_READ);
  });

  it.each(SHIPMENT_SORT_FIELDS)(
    'a search sorted by %s reads a small account’s ETA index entries, for a large one the table’s search index',
    async (sort) => {
      const request = listRequest({ sort });
      request.criteria = criteriaOf({ search: 'mscu' }, demo.primary);
      const plan = await planOf(shipmentsRepository.listQuery(demo.db, demo.primary, request));
      expect(plan).toMatch(
        /Index Only Scan using shipments_list_eta_idx on shipments[^\n]*\n\s*Index Cond: \(account_id = a(_\d+)?\.id\)/,
      );
      expect(await searchPlanOf(shipmentsRepository.listQuery(demo.db, demo.primary, request))).toMatch(
        SEARCH_INDEX_READ,
      );
    },
  );

  it('a large account’s search of five digits in a row reads the digit windows’ index (migrations 0050 and 0052)', async () => {
    const request = listRequest({});
    request.criteria = criteriaOf({ search: 'BN1-0000027-9' }, demo.primary);
    const plan = await searchPlanOf(shipmentsRepository.listQuery(demo.db, demo.primary, request));
    expect(plan).toMatch(DIGITS_INDEX_READ);
    // Four digits make no window: the trigrams are read.
    request.criteria = criteriaOf({ search: 'BN1-0027-9' }, demo.primary);
    const trigrams = await searchPlanOf(shipmentsRepository.listQuery(demo.db, demo.primary, request));
    expect(trigrams).toMatch(SEARCH_INDEX_READ);
  });

  it('a large account’s search looks up the account of each of the table’s matches by its id, whatever joins cost', async () => {
    const request = listRequest({});
    request.criteria = criteriaOf({ search: 'mscu' }, demo.primary);
    const plan = await demo.db.transaction().execute(async (trx) => {
      // Joins priced out: a join of the matches to shipments would have to read shipments whole.
      await sql`SET LOCAL enable_nestloop = off`.execute(trx);
      await sql`SET LOCAL enable_hashjoin = off`.execute(trx);
      await sql`SET LOCAL enable_mergejoin = off`.execute(trx);
      return planWithoutScansOrSorts(trx, shipmentsRepository.listQuery(demo.db, demo.primary, request));
    });
    const tableMatches = plan.slice(plan.indexOf('CTE table_matches'), plan.indexOf('CTE matches'));
    expect(tableMatches).toMatch(SEARCH_INDEX_READ);
    expect(tableMatches).toMatch(
      /Index Scan using shipments_pkey on shipments[^\n]*\n\s*Index Cond: \(id = texts\.shipment_id\)/,
    );
    expect(tableMatches).not.toMatch(/Join|Seq Scan|Full Scan|Index Only Scan/);
  });

  it.each(SHIPMENT_SORT_FIELDS.flatMap((sort) => [[sort, 'asc'] as const, [sort, 'desc'] as const]))(
    'sort %s %s',
    async (sort, direction) => {
      const plan = await planOf(shipmentsRepository.listQuery(demo.db, demo.primary, listRequest({ sort, direction })));
      expect(plan).toContain(SORT_INDEXES[sort]);
    },
  );
});

describe('a large account’s search', () => {
  type Body = {
    data: Array<{ id: number }>;
    pagination: { total: number; cursors: { before: string | null; after: string | null } };
  };
  /** A reply's cursor, read as the list route reads it. */
  const placeOf = (text: string): ListCursor => readListCursor(text)!;
  type SearchRead = { pages: number[][]; total: number; back: Body | null; home: Record<string, unknown> };
  /** Each page of the search, stepped by keyset forward then back, and Home's counts. */
  async function read(db: Kysely<Database>, search: string): Promise<SearchRead> {
    const run = async <T>(compiled: CompiledQuery<{ body: string }>) =>
      JSON.parse((await db.executeQuery(compiled)).rows[0]!.body) as T;
    const pages: Body[] = [];
    const request = (cursor?: ShipmentsPageRequest['cursor']) => {
      const asked = listRequest({ perPage: 3, cursor });
      asked.criteria = criteriaOf({ search }, demo.primary);
      return shipmentsRepository.listQuery(demo.db, demo.primary, asked);
    };
    pages.push(await run<Body>(request()));
    while (pages.at(-1)!.data.length === 3 && pages.at(-1)!.pagination.cursors.after) {
      const after = placeOf(pages.at(-1)!.pagination.cursors.after!);
      pages.push(await run<Body>(request({ side: 'after', at: after })));
    }
    // The page before the last one that has rows (a page after the last row is empty, without cursors).
    const lastWithRows = [...pages].reverse().find((page) => page.data.length > 0);
    const back = lastWithRows?.pagination.cursors.before
      ? await run<Body>(request({ side: 'before', at: placeOf(lastWithRows.pagination.cursors.before) }))
      : null;
    const home = await run<Record<string, unknown>>(
      shipmentsRepository.homeQuery(demo.db, demo.primary, criteriaOf({ search }, demo.primary), 40),
    );
    return {
      pages: pages.map((page) => page.data.map((item) => item.id)),
      total: pages[0]!.pagination.total,
      back,
      home,
    };
  }

  /** The same, once the account of 40001 counts more than 10,000 shipments (rolled back). */
  async function readAsLarge(search: string, others = 0) {
    return demo.db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO shipment_counts AS c
            (account_id, status, review_7501, fda_hold, without_do, before_summary, cbp_hold, entry_port_code, shipments)
          SELECT id, 'submitted', false, false, false, false, false, '', 20000 FROM accounts WHERE account_no = '40001'
          ON CONFLICT (account_id, status, review_7501, fda_hold, without_do, before_summary, cbp_hold, entry_port_code)
          DO UPDATE SET shipments = c.shipments + 20000`.execute(trx);
        // Another company's shipments that hold the text: more than the table's reading takes.
        await sql`INSERT INTO shipments (account_id, file_number, customer_reference_no, status)
          SELECT (SELECT id FROM accounts WHERE company_id <> ${demo.primary.companyId}::int ORDER BY id LIMIT 1),
            'BULK-' || n, ${search} || '-' || n, 'submitted'
          FROM generate_series(1, ${others}::int) n`.execute(trx);
        throw new Read(await read(trx, search));
      })
      .catch((error: unknown) => {
        if (error instanceof Read) return error.read;
        throw error;
      });
  }

  class Read extends Error {
    constructor(readonly read: SearchRead) {
      super('read');
    }
  }

  it.each(['mscu', '0', 'dmi', 'no-such-text'])(
    'for %s finds what a small account’s reading finds, page by page both ways, through the table’s matches or, when common, the account’s entries',
    async (search) => {
      const small = await read(demo.db, search);
      expect(await readAsLarge(search)).toEqual(small);
      // More than 5,000 of the table's shipments hold it: the account's own entries are read.
      expect(await readAsLarge(search, 5_001)).toEqual(small);
      if (search !== 'no-such-text') expect(small.total).toBeGreaterThan(3);
    },
  );

  it('for five digits in a row finds, through the digit windows’ index, what a small account’s reading finds', async () => {
    // The five digits most of the account's shipments hold, one of its entry numbers and a part of it.
    const { rows } = await sql<{ digits: string; entryNumber: string }>`
      SELECT (SELECT lpad(w::text, 5, '0') FROM shipments s, unnest(search_digit_windows(s.search_text, 5)) AS w
          WHERE s.account_id = a.id GROUP BY w ORDER BY count(*) DESC, w LIMIT 1) AS digits,
        (SELECT min(e.entry_number) FROM customs_entries e JOIN shipments s ON s.id = e.shipment_id
          WHERE s.account_id = a.id) AS "entryNumber"
      FROM accounts a WHERE a.account_no = '40001'`.execute(demo.db);
    const { digits, entryNumber } = rows[0]!;
    for (const search of [digits, entryNumber, entryNumber.toLowerCase().slice(2)]) {
      expect(digitWindows(search).length).toBeGreaterThan(0);
      const small = await read(demo.db, search);
      expect(small.total).toBeGreaterThan(0);
      expect(await readAsLarge(search)).toEqual(small);
      expect(await readAsLarge(search, 5_001)).toEqual(small);
    }
    expect((await read(demo.db, digits)).total).toBeGreaterThan(1);
  });
});

describe('the digit windows of a search text', () => {
  const texts = [
    'bn1-0000027-9',
    'MSCU1234567',
    '12345',
    '123456',
    '000000123456789',
    'hbl-4028713\u001fpo-27531\u001fmedu004028713',
    'inv-0000150\u001f2025-0412',
    '١٢٣٤٥٦٧ 98765 4321098',
    'no digits',
  ];
  const sorted = (windows: number[]) => [...windows].sort((a, b) => a - b);

  it.each(texts)('of %j are the database’s (search_digit_windows)', async (text) => {
    const { rows } = await sql<{ five: number[]; six: number[] }>`
      SELECT search_digit_windows(lower(${text}), 5) AS five, search_digit_windows(lower(${text}), 6) AS six`.execute(
      demo.db,
    );
    expect(sorted(rows[0]!.five)).toEqual(sorted(digitWindows(text)));
    expect(sorted(rows[0]!.six)).toEqual(sorted(digitWindows(text, 6)));
  });

  it('are each run’s windows of that many digits, as numbers', () => {
    expect(sorted(digitWindows('bn1-0000027-9', 6))).toEqual([2, 27]);
    expect(digitWindows('x1234567y 99999', 6)).toEqual([123456, 234567]);
    expect(digitWindows('x1234567y 99999', 5)).toEqual([12345, 23456, 34567, 99999]);
    expect(sorted(digitWindows('inv-00001', 5))).toEqual([1]);
    expect(digitWindows('inv-0001', 5)).toEqual([]);
  });
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
      expect(plan).toMatch(/Index Cond: \(\(account_id = a(_\d+)?\.id\) AND .*(ROW\(|\(id [<>] )/);
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
