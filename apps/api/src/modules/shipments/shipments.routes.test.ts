import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type Updateable } from 'kysely';
import { SHIPMENTS_PAGE_SIZE, UNKNOWN_DATE_TIME } from '@clearport/contract/constants';
import {
  HOME_FILTERS,
  SHIPMENT_SORT_FIELDS,
  HomeShipmentsResponse,
  type ShipmentListItem,
  type ShipmentSortField,
  ShipmentsListResponse,
} from '@clearport/contract/shipments';
import { API_PATHS } from '@clearport/contract/paths';
import { STATUS_FILTER_OPTIONS } from '@clearport/contract/statuses';
import { apiUrl, demoUsersOf, exactJson, injectAs, testAppForFile, type DemoUser } from '../../../test/build-app.ts';
import { expectKeptByTriggers } from '../../../test/kept-by-triggers.ts';
import type { ShipmentsTable } from '../../db/schema.ts';

const t = testAppForFile();
const { tokens } = demoUsersOf(t);
type Who = DemoUser;

type Query = Record<string, string | number>;

function get(who: Who, query: Query) {
  return injectAs(t.app, tokens[who]!, { method: 'GET', url: apiUrl(API_PATHS.shipments, {}, query) });
}

async function list(who: Who, query: Query = {}): Promise<ShipmentsListResponse> {
  return exactJson(ShipmentsListResponse, await get(who, query));
}

async function home(who: Who, query: Query = {}): Promise<HomeShipmentsResponse> {
  return exactJson(HomeShipmentsResponse, await get(who, { source: 'home', ...query }));
}

/** Every page of a list, in order. */
async function allPages(who: Who, query: Query = {}): Promise<ShipmentListItem[]> {
  const items: ShipmentListItem[] = [];
  for (let page = 1; ; page++) {
    const body = await list(who, { ...query, page });
    items.push(...body.data);
    if (page >= body.pagination.last_page) return items;
  }
}

const ids = (items: readonly ShipmentListItem[]) => items.map((item) => item.id);

/** The shipments a user's accounts hold, straight from the tables. */
async function shipmentIdsOfAccounts(accountNos: readonly string[]): Promise<number[]> {
  const rows = await t.app.db
    .selectFrom('shipments')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .select('shipments.id')
    .where('accounts.account_no', 'in', accountNos)
    .execute();
  return rows.map((row) => row.id);
}

/** An account of the demo, by its number. */
async function accountOf(accountNo: string) {
  return t.app.db
    .selectFrom('accounts')
    .select(['id', 'company_id'])
    .where('account_no', '=', accountNo)
    .executeTakeFirstOrThrow();
}

let nextFileNumber = 1;

/** A shipment of our own in account 40001, with bills and containers added the way the broker adds them. */
async function insertShipment(values: {
  eta: string | null;
  reference?: string;
  status?: string;
  masters?: string[];
  houses?: string[];
  containers?: string[];
}): Promise<number> {
  const db = t.app.db;
  const account = await accountOf('40001');
  const { id } = await db
    .insertInto('shipments')
    .values({
      account_id: account.id,
      file_number: `TST-${String(nextFileNumber++).padStart(6, '0')}-0`,
      customer_reference_no: values.reference ?? '',
      status: values.status ?? 'submitted',
      isf_transaction_no: null,
      // A `timestamp` from its text: nothing shifts it by a time zone.
      est_time_arrive: values.eta,
      path_to_7501: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bills = [
    ...(values.masters ?? []).map((bill) => ({ shipment_id: id, bill_lading: bill, is_master: true })),
    ...(values.houses ?? []).map((bill) => ({ shipment_id: id, bill_lading: bill, is_master: false })),
  ];
  if (bills.length > 0) await db.insertInto('bills_of_lading').values(bills).execute();
  for (const container of values.containers ?? []) {
    await db.insertInto('containers').values({ shipment_id: id, container_no: container }).execute();
  }
  return id;
}

describe('GET /api/user/shipments: who sees what', () => {
  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiUrl(API_PATHS.shipments) });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['primary', ['40001', '40002', '40003']],
    ['user', ['40001']],
    ['viewer', ['40001', '40002']],
    ['other', ['70001']],
  ] as const)('lists exactly the shipments of the linked accounts for %s', async (who, accountNos) => {
    const items = await allPages(who);
    expect(new Set(items.map((item) => item.account_no))).toEqual(new Set(accountNos));
    expect(ids(items).sort((a, b) => a - b)).toEqual((await shipmentIdsOfAccounts(accountNos)).sort((a, b) => a - b));
    expect((await home(who)).accounts).toBe(accountNos.join(','));
  });

  it('gives user@demo.test only 40001, also when asked for 40002 or searching for it', async () => {
    const foreign = await t.app.db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .select('shipments.file_number')
      .where('accounts.account_no', '=', '40002')
      .executeTakeFirstOrThrow();
    expect((await list('user', { status: foreign.file_number })).pagination.total).toBe(0);
    expect((await list('user', { account_no: '40002' })).data).toEqual([]);
    const summary = await home('user', { account_no: '40002' });
    expect(summary.data).toEqual([]);
    for (const box of HOME_FILTERS) expect(summary[box.countKey]).toBe(0);
    for (const item of (await home('user')).data) expect(item.account_no).toBe('40001');
  });

  it("answers no rows for another company's account number, never its data", async () => {
    const body = await list('primary', { account_no: '70001' });
    expect(body).toEqual({
      data: [],
      pagination: { total: 0, last_page: 1, current_page: 1, per_page: 40, cursors: { before: null, after: null } },
    });
    const summary = await home('primary', { account_no: '70001' });
    expect(summary.data).toEqual([]);
    expect(summary.result).toEqual([]);
    expect(summary.before_summary).toBe(0);
    expect(summary.accounts).toBe('40001,40002,40003');
  });

  it('narrows to one of the caller’s accounts', async () => {
    const items = await allPages('viewer', { account_no: '40002' });
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((item) => item.account_no))).toEqual(new Set(['40002']));
  });
});

describe('Home counts', () => {
  it.each(['primary', 'user', 'viewer'] as const)('equal the totals of their filters for %s', async (who) => {
    const narrowings: Query[] = [
      {},
      { account_no: '40001' },
      { status: 'released' },
      { date_from: '2025-07-01T00:00:00Z' },
    ];
    for (const narrowing of narrowings) {
      const summary = await home(who, narrowing);
      for (const box of HOME_FILTERS) {
        const { pagination } = await list(who, { ...narrowing, filter: box.value });
        expect(summary[box.countKey], `${box.value} ${JSON.stringify(narrowing)}`).toBe(pagination.total);
      }
    }
  });

  it('count what the filters define', async () => {
    const items = await allPages('primary');
    const summary = await home('primary');
    expect(summary.pending_docs).toBe(items.filter((item) => item.status === 'pending documents').length);
    expect(summary.under_exam).toBe(
      items.filter((item) =>
        ['CBP INTENSIVE EXAM', 'CBP VACIS EXAM', 'CBP DOCS REVIEW HOLD', 'CBP VAX EXAM'].includes(item.status),
      ).length,
    );
    const fdaHolds = items.filter((item) => !['', 'MAY PROCEED'].includes(item.fda_review.trim().toUpperCase()));
    expect(summary.fda_exam).toBe(fdaHolds.length);
    expect(summary.fda_exam).toBeGreaterThan(0);
    // The demo's containers have no free days: possible charges have their own tests.
    const { possible_charges: _charges, ...counts } = summary;
    for (const count of Object.values(counts).filter((value) => typeof value === 'number')) {
      expect(count).toBeGreaterThan(0);
    }
  });

  it('follow a new delivery order and the ignore flag', async () => {
    const before = await home('primary');
    const [candidate] = (await list('primary', { filter: 'without-do' })).data;
    const shipment = await t.app.db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .select(['shipments.id', 'accounts.company_id'])
      .where('shipments.id', '=', candidate!.id)
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('shipments').set({ ignored_shipment: true }).where('id', '=', shipment.id).execute();
    expect((await home('primary')).shipments_without_do).toBe(before.shipments_without_do - 1);
    await t.app.db.updateTable('shipments').set({ ignored_shipment: false }).where('id', '=', shipment.id).execute();

    const trucker = await t.app.db
      .selectFrom('truckers')
      .select('id')
      .where('company_id', '=', shipment.company_id)
      .executeTakeFirstOrThrow();
    const warehouse = await t.app.db
      .selectFrom('warehouses')
      .select('id')
      .where('company_id', '=', shipment.company_id)
      .executeTakeFirstOrThrow();
    const order = await t.app.db
      .insertInto('delivery_orders')
      .values({ shipment_id: shipment.id, trucker_id: trucker.id, warehouse_id: warehouse.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const withOrder = await list('primary', { filter: 'without-do' });
    expect(ids(withOrder.data)).not.toContain(shipment.id);
    expect((await home('primary')).shipments_without_do).toBe(before.shipments_without_do - 1);
    await t.app.db.deleteFrom('delivery_orders').where('id', '=', order.id).execute();
    expect((await home('primary')).shipments_without_do).toBe(before.shipments_without_do);
  });

  it('are kept equal to the rows through every kind of change to a shipment', async () => {
    const db = t.app.db;
    const change = async (values: Updateable<ShipmentsTable>, id: number) => {
      await db.updateTable('shipments').set(values).where('id', '=', id).execute();
      await expectKeptByTriggers(db);
    };
    await expectKeptByTriggers(db);
    const initial = await home('primary');
    const [shipment, second] = [
      await insertShipment({ eta: null, status: 'pending documents' }),
      await insertShipment({ eta: '2026-01-02 03:04:05', status: 'pending documents' }),
    ];
    const before = await home('primary');
    await expectKeptByTriggers(db);
    await change({ status: 'CBP VACIS EXAM' }, shipment);
    expect((await home('primary')).under_exam).toBe(before.under_exam + 1);
    await change({ fda_review: ' may proceed ' }, shipment);
    await change({ fda_review: 'REFUSED' }, shipment);
    expect((await home('primary')).fda_exam).toBe(before.fda_exam + 1);
    await change({ path_to_7501: '7501/test.pdf' }, shipment);
    expect((await home('primary'))['7501_to_review']).toBe(before['7501_to_review'] + 1);
    await change({ reviewed_7501: true }, shipment);
    await change({ status: 'released' }, shipment);
    // The search text (the whole table's copy, migration 0050) follows its fields.
    await change({ customer_reference_no: 'PO-4815162342' }, shipment);
    expect(ids((await list('primary', { search: '4815162342' })).data)).toEqual([shipment]);

    const { company_id } = await accountOf('40001');
    const [trucker, warehouse] = await Promise.all([
      db.selectFrom('truckers').select('id').where('company_id', '=', company_id).executeTakeFirstOrThrow(),
      db.selectFrom('warehouses').select('id').where('company_id', '=', company_id).executeTakeFirstOrThrow(),
    ]);
    const order = await db
      .insertInto('delivery_orders')
      .values({ shipment_id: second, trucker_id: trucker.id, warehouse_id: warehouse.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expectKeptByTriggers(db);
    await db.deleteFrom('delivery_orders').where('id', '=', order.id).execute();
    await expectKeptByTriggers(db);

    const other = await accountOf('40002');
    await db.updateTable('shipments').set({ account_id: other.id }).where('id', 'in', [shipment, second]).execute();
    await expectKeptByTriggers(db);
    await db.deleteFrom('shipments').where('id', 'in', [shipment, second]).execute();
    await expectKeptByTriggers(db);
    expect(await home('primary')).toEqual(initial);
  });

  it('answer the first page in the default order under both data and result', async () => {
    const summary = await home('primary');
    const firstPage = await list('primary');
    expect(summary.data).toEqual(firstPage.data);
    expect(summary.result).toEqual(summary.data);
    expect(summary.data).toHaveLength(40);
  });
});

describe('search and status', () => {
  it.each([
    ['entry number', (item: ShipmentListItem) => item.file_number.slice(4, 10)],
    ['reference number', (item: ShipmentListItem) => item.customer_reference_no],
    ['master bill', (item: ShipmentListItem) => item.master_bill_lading[0]!],
    ['house bill', (item: ShipmentListItem) => item.house_bill_lading[0]!],
    ['container fragment', (item: ShipmentListItem) => item.containers.at(-1)!.slice(2, 8)],
  ])('finds a shipment by its %s, in any case', async (_field, fragmentOf) => {
    const items = await allPages('primary');
    const target = items.find(
      (item) => item.customer_reference_no && item.house_bill_lading.length > 0 && item.containers.length > 1,
    )!;
    const fragment = fragmentOf(target);
    for (const text of [fragment, fragment.toLowerCase(), ` ${fragment.toUpperCase()} `]) {
      const found = await allPages('primary', { status: text });
      expect(ids(found)).toContain(target.id);
      const needle = fragment.toLowerCase();
      for (const item of found) {
        const fields = [
          item.file_number,
          item.customer_reference_no,
          ...item.master_bill_lading,
          ...item.house_bill_lading,
          ...item.containers,
        ];
        expect(fields.some((field) => field.toLowerCase().includes(needle))).toBe(true);
      }
    }
  });

  it('finds a container added after the shipment, and forgets a removed one', async () => {
    const id = await insertShipment({ eta: '2030-01-01 10:00:00', masters: ['TSTM0000001'] });
    await t.app.db.insertInto('containers').values({ shipment_id: id, container_no: 'ZZZU7777771' }).execute();
    expect(ids((await list('primary', { status: 'zzzu77777' })).data)).toEqual([id]);
    expect((await list('primary', { status: 'zzzu77777' })).data[0]!.containers).toEqual(['ZZZU7777771']);
    await t.app.db
      .updateTable('containers')
      .set({ container_no: 'ZZZU8888881' })
      .where('shipment_id', '=', id)
      .execute();
    expect((await list('primary', { status: 'zzzu77777' })).pagination.total).toBe(0);
    expect(ids((await list('primary', { status: 'ZZZU888' })).data)).toEqual([id]);
    await t.app.db.deleteFrom('containers').where('shipment_id', '=', id).execute();
    expect((await list('primary', { status: 'ZZZU888' })).pagination.total).toBe(0);
  });

  it('takes % and _ as themselves', async () => {
    const id = await insertShipment({ eta: '2030-01-02 10:00:00', reference: 'AB_%9' });
    expect(ids((await list('primary', { status: 'b_%' })).data)).toEqual([id]);
    // As wildcards they would match every PO-12345 reference.
    expect((await list('primary', { status: 'PO_' })).pagination.total).toBe(0);
    expect((await list('primary', { status: '%' })).data.map((item) => item.customer_reference_no)).toEqual(['AB_%9']);
    expect((await list('primary', { status: '\\' })).pagination.total).toBe(0);
  });

  it.each(STATUS_FILTER_OPTIONS.filter((option) => option.value !== '').map((option) => option.value))(
    'filters by the status option %s',
    async (status) => {
      const all = await allPages('primary');
      const filtered = await allPages('primary', { status });
      expect(filtered.every((item) => item.status === status)).toBe(true);
      expect(ids(filtered).sort()).toEqual(ids(all.filter((item) => item.status === status)).sort());
    },
  );

  it('treats an empty status or search as no filter', async () => {
    const total = (await list('primary')).pagination.total;
    expect((await list('primary', { status: '' })).pagination.total).toBe(total);
    expect((await list('primary', { search: ' ' })).pagination.total).toBe(total);
  });

  it('takes search text in search as in status', async () => {
    const items = await allPages('primary');
    const fragment = items
      .find((item) => item.containers.length > 0)!
      .containers[0]!.slice(0, 4)
      .toLowerCase();
    expect(ids(await allPages('primary', { search: fragment }))).toEqual(
      ids(await allPages('primary', { status: fragment })),
    );
  });

  it('combines a status filter with a search, on the list and on Home', async () => {
    const all = await allPages('primary');
    const status = all.find((item) => item.containers.length > 0)!.status;
    const fragment = all
      .find((item) => item.status === status && item.containers.length > 0)!
      .containers[0]!.slice(0, 4);
    const matches = (item: ShipmentListItem) =>
      [
        item.file_number,
        item.customer_reference_no,
        ...item.master_bill_lading,
        ...item.house_bill_lading,
        ...item.containers,
      ].some((field) => field.toLowerCase().includes(fragment.toLowerCase()));
    const expected = all.filter((item) => item.status === status && matches(item));
    expect(expected.length).toBeGreaterThan(0);
    // Neither filter alone gives the same rows, so the test tells both apart from either.
    expect(all.filter(matches).length).toBeGreaterThan(expected.length);

    const both = await allPages('primary', { status, search: fragment });
    expect(ids(both).sort()).toEqual(ids(expected).sort());
    const homeBoth = await home('primary', { status, search: fragment });
    expect(ids(homeBoth.data).sort()).toEqual(ids(expected.slice(0, 40)).sort());
  });

  it('ANDs two search texts: one in status, one in search', async () => {
    const target = (await allPages('primary')).find(
      (item) => item.customer_reference_no && item.containers.length > 0,
    )!;
    const reference = target.customer_reference_no;
    const container = target.containers[0]!;
    const found = await allPages('primary', { status: reference, search: container });
    expect(ids(found)).toContain(target.id);
    for (const item of found) {
      expect(item.customer_reference_no.toLowerCase()).toContain(reference.toLowerCase());
      expect(item.containers.some((each) => each.includes(container))).toBe(true);
    }
  });

  it('refuses a search longer than 200 characters, naming the field', async () => {
    const response = await get('primary', { search: 'x'.repeat(201) });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('search');
  });
});

describe('ETA date range', () => {
  it('includes both edges and nothing a second outside', async () => {
    const inside = [
      await insertShipment({ eta: '2031-05-01 00:00:00' }),
      await insertShipment({ eta: '2031-05-15 12:00:00' }),
      await insertShipment({ eta: '2031-05-31 23:59:59' }),
    ];
    const before = await insertShipment({ eta: '2031-04-30 23:59:59' });
    const after = await insertShipment({ eta: '2031-06-01 00:00:00' });
    await insertShipment({ eta: null });
    // The bounds are the user's wall-clock times; their offset does not move them.
    for (const [from, to] of [
      ['2031-05-01T00:00:00-04:00', '2031-05-31T23:59:59-04:00'],
      ['2031-05-01T00:00:00Z', '2031-05-31T23:59:59.999Z'],
      ['2031-05-01T00:00:00.000+02:00', '2031-05-31T23:59:59.9999999+02:00'],
    ]) {
      const found = await allPages('primary', { date_from: from!, date_to: to! });
      expect(ids(found).sort(), `${from} ${to}`).toEqual([...inside].sort());
      const summary = await home('primary', { date_from: from!, date_to: to! });
      expect(summary.data.map((item) => item.id).sort()).toEqual([...inside].sort());
    }
    // One bound alone, and no ETA in the demo data comes near 2031.
    expect(ids(await allPages('primary', { date_from: '2031-05-31T23:59:59Z' }))).toEqual([after, inside[2]]);
    const to = await allPages('primary', { date_to: '2031-04-30T23:59:59Z' });
    expect(ids(to)[0]).toBe(before);
    expect(ids(to)).not.toContain(inside[0]);
  });
});

describe('paging', () => {
  it('answers an empty page past the end with the right total', async () => {
    const { pagination } = await list('primary');
    const past = await list('primary', { page: pagination.last_page + 1 });
    expect(past).toEqual({
      data: [],
      pagination: {
        total: pagination.total,
        last_page: pagination.last_page,
        current_page: pagination.last_page + 1,
        per_page: 40,
        cursors: { before: null, after: null },
      },
    });
    const far = await list('primary', { page: 5000, filter: 'documents-required' });
    expect(far.data).toEqual([]);
    expect(far.pagination.total).toBe((await home('primary')).pending_docs);
  });

  it('keeps the unfiltered total right through added, moved and deleted shipments', async () => {
    const totalOf = async (who: Who, accountNos: string[]) => {
      expect((await list(who)).pagination.total).toBe((await shipmentIdsOfAccounts(accountNos)).length);
    };
    const before = (await list('user')).pagination.total;
    const added = [await insertShipment({ eta: null }), await insertShipment({ eta: null })];
    expect((await list('user')).pagination.total).toBe(before + 2);
    await totalOf('primary', ['40001', '40002', '40003']);
    const other = await accountOf('40002');
    await t.app.db.updateTable('shipments').set({ account_id: other.id }).where('id', '=', added[0]!).execute();
    expect((await list('user')).pagination.total).toBe(before + 1);
    await t.app.db.deleteFrom('shipments').where('id', 'in', added).execute();
    expect((await list('user')).pagination.total).toBe(before);
    await totalOf('primary', ['40001', '40002', '40003']);
  });

  it('keeps every account’s count right when one statement moves many shipments both ways', async () => {
    const [first, second] = await Promise.all(['40001', '40002'].map(accountOf));
    const firstCount = (await shipmentIdsOfAccounts(['40001'])).length;
    const secondCount = (await shipmentIdsOfAccounts(['40002'])).length;
    expect(firstCount).not.toBe(secondCount);

    await sql`UPDATE shipments SET account_id = CASE WHEN account_id = ${first!.id} THEN ${second!.id}::int ELSE ${first!.id}::int END
      WHERE account_id IN (${first!.id}, ${second!.id})`.execute(t.app.db);
    expect((await shipmentIdsOfAccounts(['40001'])).length).toBe(secondCount);
    await expectKeptByTriggers(t.app.db);
    await t.app.db.updateTable('shipments').set({ updated_at: new Date() }).execute();
    await expectKeptByTriggers(t.app.db);

    await sql`UPDATE shipments SET account_id = CASE WHEN account_id = ${first!.id} THEN ${second!.id}::int ELSE ${first!.id}::int END
      WHERE account_id IN (${first!.id}, ${second!.id})`.execute(t.app.db);
    expect((await shipmentIdsOfAccounts(['40001'])).length).toBe(firstCount);
    await expectKeptByTriggers(t.app.db);
  });

  // Totals kept by counters (none, a filter, a status) and counted (an ETA range, an entry type),
  // over the caller's three accounts, each order's ties between pages included.
  it.each<Query>([
    {},
    { sort: 'account_no', direction: 'asc' },
    { sort: 'containers', direction: 'asc' },
    { sort: 'est_time_arrive', direction: 'asc', filter: 'documents-required' },
    { sort: 'file_number', direction: 'desc', status: 'released' },
    { date_from: '2026-01-01T00:00:00Z' },
    { sort: 'master_bill_lading', direction: 'desc', entry_type: '01' },
  ])('reads the pages by number past the middle from the end of the order: %j', async (query) => {
    const perPage = 7;
    const { total, last_page: lastPage } = (await list('primary', { ...query, per_page: perPage })).pagination;
    expect(lastPage, 'the variant spans pages').toBeGreaterThan(3);
    const reversed = { ...query, direction: query.direction === 'asc' ? 'desc' : 'asc', per_page: SHIPMENTS_PAGE_SIZE };
    const head = await list('primary', reversed);
    const tail = [
      ...head.data,
      ...(await list('primary', { ...reversed, page: 2, after: head.pagination.cursors.after! })).data,
    ]
      .map((shipment) => shipment.id)
      .reverse();
    const onLast = total - (lastPage - 1) * perPage;
    const idsOf = async (page: number) => ids((await list('primary', { ...query, per_page: perPage, page })).data);
    expect(await idsOf(lastPage)).toEqual(tail.slice(tail.length - onLast));
    expect(await idsOf(lastPage - 1)).toEqual(tail.slice(tail.length - onLast - perPage, tail.length - onLast));
    expect(await idsOf(lastPage + 1)).toEqual([]);
  });

  it('pages through every shipment once', async () => {
    const pages = await allPages('primary', { per_page: 7 });
    expect(new Set(ids(pages)).size).toBe(pages.length);
    expect(pages.length).toBe((await list('primary')).pagination.total);
    expect((await list('primary', { per_page: 7 })).pagination.last_page).toBe(Math.ceil(pages.length / 7));
  });
});

/** The order the contract defines: case-insensitive text, a list by its first value, empty lowest, then id. */
function sortKeyOf(item: ShipmentListItem, field: ShipmentSortField): string | null {
  switch (field) {
    case 'master_bill_lading':
      return (item.master_bill_lading[0] ?? '').toLowerCase();
    case 'house_bill_lading':
      return (item.house_bill_lading[0] ?? '').toLowerCase();
    case 'containers':
      return (item.containers[0] ?? '').toLowerCase();
    case 'est_time_arrive':
      return item.est_time_arrive === UNKNOWN_DATE_TIME ? null : item.est_time_arrive;
    default:
      return item[field].toLowerCase();
  }
}

function sortedInJs(items: readonly ShipmentListItem[], field: ShipmentSortField, direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: string | null, b: string | null) => {
    if (a === b) return 0;
    if (a === null) return -1;
    if (b === null) return 1;
    return a < b ? -1 : 1;
  };
  return [...items].sort((a, b) => sign * (compare(sortKeyOf(a, field), sortKeyOf(b, field)) || a.id - b.id));
}

describe('stepping with cursors', () => {
  const TIE = 'KEYSET-TIE';
  beforeAll(async () => {
    // Ties in every column: one ETA, unknown ETAs, one reference, container, bill and status; two accounts.
    const added: number[] = [];
    for (let n = 0; n < 12; n++) {
      const eta = [null, '2026-03-01 00:00:00', `2026-03-0${2 + (n % 4)} 12:30:00`][n % 3]!;
      const tied = n % 2 === 0;
      added.push(
        await insertShipment({
          eta,
          reference: TIE,
          masters: tied ? ['MAEU-TIE'] : [],
          containers: tied ? ['TIEU0000001'] : [],
        }),
      );
    }
    const other = await accountOf('40002');
    await t.app.db
      .updateTable('shipments')
      .set({ account_id: other.id })
      .where(
        'id',
        'in',
        added.filter((_, n) => n % 4 === 1),
      )
      .execute();
  });

  /** Every page of a list, stepping from each reply's cursors: forward from page 1, or back from the last. */
  async function stepThrough(query: Query, way: 'forward' | 'back'): Promise<number[][]> {
    const first = await list('primary', query);
    const lastPage = first.pagination.last_page;
    let page = way === 'forward' ? 1 : lastPage;
    let reply = way === 'forward' ? first : await list('primary', { ...query, page });
    const pages = [ids(reply.data)];
    while (way === 'forward' ? page < lastPage : page > 1) {
      const { before, after } = reply.pagination.cursors;
      page += way === 'forward' ? 1 : -1;
      reply = await list('primary', {
        ...query,
        page,
        ...(way === 'forward' ? { after: after! } : { before: before! }),
      });
      expect(reply.pagination.current_page).toBe(page);
      pages.push(ids(reply.data));
    }
    return way === 'forward' ? pages : pages.reverse();
  }

  const chunks = (items: readonly number[], size: number) =>
    Array.from({ length: Math.max(1, Math.ceil(items.length / size)) }, (_, n) =>
      items.slice(n * size, (n + 1) * size),
    );

  it.each(
    SHIPMENT_SORT_FIELDS.flatMap((field) => (['asc', 'desc'] as const).map((direction) => [field, direction] as const)),
  )(
    'reads the pages of the plain order by %s %s, forward and back, ties across pages included',
    async (sort, direction) => {
      const narrowings: Array<Query & { per_page: number }> = [
        { search: TIE.toLowerCase(), per_page: 2 },
        { per_page: 40 },
      ];
      for (const narrowing of narrowings) {
        const query: Query = { ...narrowing, sort, direction };
        const items = await allPages('primary', query);
        const expected = chunks(ids(sortedInJs(items, sort, direction)), narrowing.per_page);
        expect(await stepThrough(query, 'forward')).toEqual(expected);
        expect(await stepThrough(query, 'back')).toEqual(expected);
      }
    },
  );

  it("reads only the caller's accounts from any cursor, another company's account number included", async () => {
    const own = (await shipmentIdsOfAccounts(['40001'])).length;
    for (const [direction, after] of [
      ['asc', '["39999", 1]'],
      ['desc', '["70001", 2147483647]'],
      ['asc', '["40002", 1]'],
    ] as const) {
      const reply = await list('user', { sort: 'account_no', direction, after, per_page: 40 });
      expect(reply.pagination.total).toBe(own);
      expect(new Set(reply.data.map((item) => item.account_no))).toEqual(
        new Set(after.includes('40002') ? [] : ['40001']),
      );
    }
  });

  it('gives no cursors for an empty page, and reads nothing after the last row', async () => {
    const query = { search: TIE, per_page: 40 };
    const whole = await list('primary', query);
    expect(whole.data).toHaveLength(12);
    const beyond = await list('primary', { ...query, page: 2, after: whole.pagination.cursors.after! });
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.cursors).toEqual({ before: null, after: null });
    expect(beyond.pagination.total).toBe(12);
  });
});

describe('sorting', () => {
  it.each(SHIPMENT_SORT_FIELDS.flatMap((field) => [[field, 'asc'] as const, [field, 'desc'] as const]))(
    'sorts the whole result by %s %s, as sorting it in JS does',
    async (sort, direction) => {
      const everything = await allPages('primary');
      const sorted = await allPages('primary', { sort, direction });
      expect(ids(sorted)).toEqual(ids(sortedInJs(everything, sort, direction)));
    },
  );

  it('keeps an unknown ETA last by default and writes it 0000-00-00 00:00:00', async () => {
    const items = await allPages('primary');
    const unknown = items.filter((item) => item.est_time_arrive === UNKNOWN_DATE_TIME);
    expect(unknown.length).toBeGreaterThan(0);
    expect(ids(items.slice(-unknown.length))).toEqual(ids(unknown));
    for (const item of items) expect(item.est_time_arrive).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('sorts a filtered search too', async () => {
    const query = { status: 'po-', filter: 'without-do' };
    const everything = await allPages('primary', query);
    const sorted = await allPages('primary', { ...query, sort: 'containers', direction: 'desc', per_page: 9 });
    expect(ids(sorted)).toEqual(ids(sortedInJs(everything, 'containers', 'desc')));
  });
});

describe('list items', () => {
  it('carry bills and containers in the order they were added', async () => {
    const id = await insertShipment({
      eta: '2030-02-01 08:00:00',
      masters: ['TSTM0000002', 'TSTM0000001'],
      houses: ['TSTH0000009'],
      containers: ['ZZZU0000002', 'ZZZU0000001', 'ZZZU0000003'],
    });
    const [item] = (await list('primary', { status: 'TST-', per_page: 40 })).data.filter((each) => each.id === id);
    expect(item).toMatchObject({
      master_bill_lading: ['TSTM0000002', 'TSTM0000001'],
      house_bill_lading: ['TSTH0000009'],
      containers: ['ZZZU0000002', 'ZZZU0000001', 'ZZZU0000003'],
      est_time_arrive: '2030-02-01 08:00:00',
      documents_submitted: [],
    });
  });

  it('list the required document types of every shipment, whatever its account', async () => {
    const tracked = await allPages('primary');
    expect(new Set(tracked.map((item) => item.account_no)).size).toBeGreaterThan(1);
    const types = await t.app.db
      .selectFrom('document_types')
      .select(['shipment_id', 'type', 'submitted'])
      .where('shipment_id', 'in', ids(tracked))
      .where('required', '=', true)
      .orderBy('id')
      .execute();
    for (const item of tracked) {
      expect(item.documents_submitted).toEqual(
        types.filter((row) => row.shipment_id === item.id).map((row) => ({ type: row.type, submitted: row.submitted })),
      );
    }
    expect(tracked.some((item) => item.documents_submitted.some((entry) => !entry.submitted))).toBe(true);
    expect(tracked.some((item) => item.account_no !== '40003' && item.documents_submitted.length > 0)).toBe(true);
  });

  it("follow each change of a shipment's document types, whoever writes them", async () => {
    const [item] = (await list('primary')).data.filter((each) => each.documents_submitted.length > 1);
    const documentsOf = async () =>
      (await allPages('primary', { status: item!.file_number })).find((each) => each.id === item!.id)!
        .documents_submitted;
    const [first, second] = item!.documents_submitted;
    await t.app.db
      .updateTable('document_types')
      .set({ submitted: !first!.submitted })
      .where('shipment_id', '=', item!.id)
      .where('type', '=', first!.type)
      .execute();
    expect((await documentsOf())[0]).toEqual({ type: first!.type, submitted: !first!.submitted });
    await t.app.db
      .updateTable('document_types')
      .set({ required: false })
      .where('shipment_id', '=', item!.id)
      .where('type', '=', second!.type)
      .execute();
    expect((await documentsOf()).map((entry) => entry.type)).not.toContain(second!.type);
    await t.app.db
      .insertInto('document_types')
      .values({ shipment_id: item!.id, type: 'Certificate of Origin', required: true, submitted: false })
      .execute();
    expect((await documentsOf()).at(-1)).toEqual({ type: 'Certificate of Origin', submitted: false });
    await t.app.db.deleteFrom('document_types').where('shipment_id', '=', item!.id).execute();
    expect(await documentsOf()).toEqual([]);
  });
});

describe('bad input', () => {
  it.each([
    ['page', { page: 0 }],
    ['per_page', { per_page: 41 }],
    ['filter', { filter: 'nope' }],
    ['sort', { sort: 'nope' }],
    ['direction', { direction: 'sideways' }],
    ['date_from', { date_from: 'garbage' }],
    ['date_to', { date_to: '2025-02-30T00:00:00Z' }],
    ['date_from', { source: 'home', date_from: '01/01/2025' }],
    // Year 1 in UTC, year 0 on the wall clock the list compares.
    ['date_from', { date_from: '0000-12-31T23:00:00-14:00' }],
    ['date_to', { source: 'home', date_to: '0000-12-31T23:30:00-01:00' }],
    ['source', { source: 'nope' }],
    ['after', { after: 'garbage' }],
    ['after', { after: '["next week", 1]' }],
    ['after', { after: '["2026-02-30 00:00:00", 1]' }],
    ['after', { after: '["2026-02-03 00:00:00", 2147483648]' }],
    ['after', { sort: 'file_number', after: '[null, 1]' }],
    ['before', { sort: 'status', before: '["\\u0000", 1]' }],
    ['before', { after: '[null, 1]', before: '[null, 1]' }],
  ] as const)('answers 400 naming %s and nothing else', async (field, query) => {
    const response = await get('primary', query);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.field).toBe(field);
    expect(body.message).toContain(field);
    expect(Object.keys(body).sort()).toEqual(['errors', 'field', 'issues', 'message']);
    expect(body.issues.map((issue: { field: string }) => issue.field)).toEqual([field]);
  });

  it('says what source may be', async () => {
    const response = await get('primary', { source: 'list' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('source: must be home, or left out for the list page');
  });
});
