import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { formatEntryNumber, HOLDING_DISPOSITIONS } from '@clearport/contract/customs-entry';
import { API_PATHS } from '@clearport/contract/paths';
import { ShipmentsListResponse, type ShipmentListItem } from '@clearport/contract/shipments';
import { apiUrl, demoUsersOf, exactJson, injectAs, testAppForFile, type DemoUser } from '../../../test/build-app.ts';
import { BROKER } from '../access/session-user.ts';
import { setAgencyDisposition } from '../customs-entries/set-agency-disposition.ts';
import { setCustomsEntry } from '../customs-entries/set-customs-entry.ts';
import { expectKeptByTriggers } from '../../../test/kept-by-triggers.ts';

/*
 * The list's customs entry filters (port, entry_type, agency_hold) and the search by entry
 * number, through the route. What each should list is read here from the entries themselves,
 * not from the columns migration 0027 keeps on the shipment row.
 */

const t = testAppForFile();
const { tokens } = demoUsersOf(t);

type Query = Record<string, string | number>;

function get(who: DemoUser, query: Query) {
  return injectAs(t.app, tokens[who]!, { method: 'GET', url: apiUrl(API_PATHS.shipments, {}, query) });
}

async function list(who: DemoUser, query: Query = {}): Promise<ShipmentsListResponse> {
  return exactJson(ShipmentsListResponse, await get(who, query));
}

async function allPages(who: DemoUser, query: Query = {}): Promise<ShipmentListItem[]> {
  const items: ShipmentListItem[] = [];
  for (let page = 1; ; page++) {
    const body = await list(who, { ...query, page });
    items.push(...body.data);
    if (page >= body.pagination.last_page) return items;
  }
}

const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);
const ids = (items: readonly ShipmentListItem[]) => items.map((item) => item.id);
const idsOf = (items: readonly ShipmentListItem[]) => sorted(items.map((item) => item.id));

const PRIMARY_ACCOUNTS = ['40001', '40002', '40003'];

type CurrentEntry = { id: number; status: string; port_code: string | null; entry_type: string | null; held: boolean };

/** The shipments of the accounts with their current entry (the latest by entry date, then id). */
async function currentEntries(accountNos: readonly string[]): Promise<CurrentEntry[]> {
  const { rows } = await sql<CurrentEntry>`
    SELECT s.id, s.status, e.port_code, e.entry_type, coalesce(e.held, false) AS held
    FROM shipments s JOIN accounts a ON a.id = s.account_id
    JOIN LATERAL (
      SELECT ce.port_code, ce.entry_type, EXISTS (
        SELECT 1 FROM customs_entry_dispositions d
        WHERE d.entry_id = ce.id AND d.disposition = ANY (${[...HOLDING_DISPOSITIONS]}::text[])
      ) AS held
      FROM customs_entries ce WHERE ce.shipment_id = s.id
      ORDER BY ce.entry_date DESC NULLS LAST, ce.id DESC LIMIT 1
    ) e ON true
    WHERE a.account_no IN (${sql.join(accountNos)})
  `.execute(t.app.db);
  return rows;
}

/** The most frequent value among the entries, so that a filter by it lists more than a page of 3. */
function mostFrequent(values: ReadonlyArray<string | null>): string {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

async function shipmentOf(accountNo: string, offset = 0) {
  return t.app.db
    .selectFrom('shipments')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .select(['shipments.id', 'shipments.status', 'shipments.file_number'])
    .where('accounts.account_no', '=', accountNo)
    .orderBy('shipments.id')
    .offset(offset)
    .executeTakeFirstOrThrow();
}

describe('GET /api/user/shipments: the customs entry filters', () => {
  it('lists by port, by entry type and by any agency hold, each alone, with its total', async () => {
    const entries = await currentEntries(PRIMARY_ACCOUNTS);
    const port = mostFrequent(entries.map((entry) => entry.port_code));
    const entryType = mostFrequent(entries.map((entry) => entry.entry_type));
    const cases: Array<[Query, number[]]> = [
      [{ port }, entries.filter((entry) => entry.port_code === port).map((entry) => entry.id)],
      [{ entry_type: entryType }, entries.filter((entry) => entry.entry_type === entryType).map((entry) => entry.id)],
      [{ agency_hold: '1' }, entries.filter((entry) => entry.held).map((entry) => entry.id)],
    ];
    for (const [query, expected] of cases) {
      expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(idsOf(await allPages('primary', query)), JSON.stringify(query)).toEqual(sorted(expected));
      expect((await list('primary', query)).pagination.total).toBe(expected.length);
    }
  });

  it('combines with each other, a status, a search and an account', async () => {
    const entries = await currentEntries(PRIMARY_ACCOUNTS);
    const port = mostFrequent(entries.map((entry) => entry.port_code));
    const atPort = entries.filter((entry) => entry.port_code === port);
    const status = mostFrequent(atPort.map((entry) => entry.status));
    const expected = atPort.filter((entry) => entry.status === status).map((entry) => entry.id);
    expect(idsOf(await allPages('primary', { port, status }))).toEqual(sorted(expected));
    expect((await list('primary', { port, status })).pagination.total).toBe(expected.length);

    const entryType = atPort[0]!.entry_type!;
    const both = atPort.filter((entry) => entry.entry_type === entryType).map((entry) => entry.id);
    expect(idsOf(await allPages('primary', { port, entry_type: entryType }))).toEqual(sorted(both));

    const { file_number: fileNumber } = await t.app.db
      .selectFrom('shipments')
      .select('file_number')
      .where('id', '=', atPort[0]!.id)
      .executeTakeFirstOrThrow();
    const searched = await list('primary', { port, search: fileNumber });
    expect(searched.data.map((item) => item.file_number)).toContain(fileNumber);
    expect(searched.pagination.total).toBe(searched.data.length);
    for (const item of searched.data) expect(entries.find((entry) => entry.id === item.id)?.port_code).toBe(port);
    const otherPort = port === '4601' ? '2704' : '4601';
    expect((await list('primary', { port: otherPort, search: fileNumber })).data.map((item) => item.id)).not.toContain(
      atPort[0]!.id,
    );

    const onAccount = await allPages('primary', { port, account_no: '40001' });
    for (const item of onAccount) expect(item.account_no).toBe('40001');
  });

  it('pages through a filtered list by number and by cursor, each shipment once', async () => {
    const entries = await currentEntries(PRIMARY_ACCOUNTS);
    const port = mostFrequent(entries.map((entry) => entry.port_code));
    const expected = sorted(entries.filter((entry) => entry.port_code === port).map((entry) => entry.id));
    expect(expected.length).toBeGreaterThan(3);
    const byNumber = await allPages('primary', { port, per_page: 3 });
    expect(byNumber.length).toBe(expected.length);
    expect(idsOf(byNumber)).toEqual(expected);

    const byCursor: ShipmentListItem[] = [];
    let body = await list('primary', { port, per_page: 3 });
    for (let page = 1; ; page++) {
      byCursor.push(...body.data);
      expect(body.pagination.total).toBe(expected.length);
      const after = body.pagination.cursors.after;
      if (page >= body.pagination.last_page || after === null) break;
      body = await list('primary', { port, per_page: 3, page: page + 1, after });
    }
    expect(byCursor.map((item) => item.id)).toEqual(byNumber.map((item) => item.id));
  });

  it("never lists another company's shipments, whatever its entries", async () => {
    const foreign = await shipmentOf('70001');
    const entryNumber = formatEntryNumber('DMI', 7100001);
    await setCustomsEntry({ db: t.app.db }, BROKER, {
      entryNumber,
      shipmentId: foreign.id,
      fields: { entry_type: '23', port_code: '3004', entry_date: '2031-01-01' },
    });
    await setAgencyDisposition({ db: t.app.db }, BROKER, {
      entryNumber,
      agency: 'APHIS',
      disposition: 'exam',
      disposedAt: new Date('2031-01-02T00:00:00Z'),
    });
    const queries: Query[] = [{ port: '3004' }, { entry_type: '23' }, { agency_hold: '1' }, { search: entryNumber }];
    for (const query of queries) {
      expect(ids(await allPages('primary', query))).not.toContain(foreign.id);
      expect(ids(await allPages('other', query))).toContain(foreign.id);
    }
    expect((await list('primary', { search: entryNumber })).pagination.total).toBe(0);
  });

  it('finds a shipment by any of its entry numbers', async () => {
    const shipment = await shipmentOf('40001', 1);
    const refiled = formatEntryNumber('DMI', 7100002);
    await setCustomsEntry({ db: t.app.db }, BROKER, { entryNumber: refiled, shipmentId: shipment.id, fields: {} });
    for (const search of [refiled, refiled.toLowerCase(), refiled.slice(4, 11)]) {
      expect(ids((await list('primary', { search })).data)).toEqual([shipment.id]);
    }
  });

  it('moves a shipment from one port’s total to another’s as its current entry changes (migration 0049)', async () => {
    const shipment = await shipmentOf('40002', 3);
    const [before] = await currentEntries(['40002']).then((entries) => entries.filter(({ id }) => id === shipment.id));
    // Two ports the shipment is not at now.
    const [first, second] = ['3801', '2402', '0901'].filter((port) => port !== before?.port_code);
    const totalAt = async (port: string) => (await list('primary', { port })).pagination.total;
    const at = { first: await totalAt(first!), second: await totalAt(second!) };
    const entryAt = async (port: string, number: number, date: string) => {
      await setCustomsEntry({ db: t.app.db }, BROKER, {
        entryNumber: formatEntryNumber('DMI', number),
        shipmentId: shipment.id,
        fields: { entry_type: '01', port_code: port, entry_date: date },
      });
    };
    await entryAt(first!, 7100011, '2031-03-01');
    expect(await totalAt(first!)).toBe(at.first + 1);
    expect(ids(await allPages('primary', { port: first! }))).toContain(shipment.id);
    // A later entry is the current one: its port counts the shipment, the first no longer does.
    await entryAt(second!, 7100012, '2031-03-02');
    expect(await totalAt(first!)).toBe(at.first);
    expect(await totalAt(second!)).toBe(at.second + 1);
    await expectKeptByTriggers(t.app.db);
  });

  it('moves a shipment in and out of the agency hold list as a disposition changes', async () => {
    const shipment = await shipmentOf('40002', 2);
    const entryNumber = formatEntryNumber('DMI', 7100003);
    await setCustomsEntry({ db: t.app.db }, BROKER, {
      entryNumber,
      shipmentId: shipment.id,
      fields: { entry_type: '01', port_code: '1001', entry_date: '2031-02-01' },
    });
    const held = async () => ids(await allPages('primary', { agency_hold: '1' })).includes(shipment.id);
    const dispose = (disposition: 'hold_intact' | 'released', at: string) =>
      setAgencyDisposition({ db: t.app.db }, BROKER, {
        entryNumber,
        agency: 'FDA',
        disposition,
        disposedAt: new Date(at),
      });
    expect(await held()).toBe(false);
    const total = (await list('primary', { agency_hold: '1' })).pagination.total;
    await dispose('hold_intact', '2031-02-02T00:00:00Z');
    expect(await held()).toBe(true);
    expect((await list('primary', { agency_hold: '1' })).pagination.total).toBe(total + 1);
    await dispose('released', '2031-02-03T00:00:00Z');
    expect(await held()).toBe(false);
    expect((await list('primary', { agency_hold: '1' })).pagination.total).toBe(total);
  });

  it.each([
    ['port', { port: '460' }],
    ['port', { port: 'ABCD' }],
    ['entry_type', { entry_type: '99' }],
    ['agency_hold', { agency_hold: 'yes' }],
  ] as const)('answers 400 naming %s', async (field, query) => {
    const response = await get('primary', query);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });
});
