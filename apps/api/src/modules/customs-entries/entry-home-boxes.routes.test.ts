import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { formatEntryNumber, type Agency, type Disposition } from '@clearport/contract/customs-entry';
import { API_PATHS } from '@clearport/contract/paths';
import { HomeShipmentsResponse, ShipmentsListResponse, type ShipmentListItem } from '@clearport/contract/shipments';
import { ShipmentDetailResponse } from '@clearport/contract/shipment-detail';
import { sessionUserOf } from '../../../test/session-users.ts';
import { apiUrl, demoUsersOf, exactJson, injectAs, testAppForFile, type DemoUser } from '../../../test/build-app.ts';
import { BROKER } from '../access/session-user.ts';
import { decideEntry } from './decide-entry.ts';
import { setAgencyDisposition } from './set-agency-disposition.ts';
import { setCustomsEntry } from './set-customs-entry.ts';
import { setEntryLine } from './set-entry-line.ts';

/*
 * Home's boxes from the customs entry (decision 0026): the CBP and FDA Hold/Exam boxes count the
 * agencies' dispositions of the current entry beside the broker's status and FDA text, the FDA
 * column shows the FDA's disposition, and "Awaiting your approval" counts the 7501s the
 * company's rule holds. Each count is checked against the rows, not only against itself.
 */

const t = testAppForFile();
const { tokens, ids: userIds } = demoUsersOf(t);

type Query = Record<string, string | number>;

const get = (who: DemoUser, query: Query) =>
  injectAs(t.app, tokens[who]!, { method: 'GET', url: apiUrl(API_PATHS.shipments, {}, query) });
const home = async (who: DemoUser = 'primary') => exactJson(HomeShipmentsResponse, await get(who, { source: 'home' }));
const list = async (query: Query) => exactJson(ShipmentsListResponse, await get('primary', query));

async function allPages(query: Query): Promise<ShipmentListItem[]> {
  const items: ShipmentListItem[] = [];
  for (let page = 1; ; page++) {
    const body = await list({ ...query, page });
    items.push(...body.data);
    if (page >= body.pagination.last_page) return items;
  }
}

async function detailOf(shipmentId: number) {
  const response = await injectAs(t.app, tokens.primary!, {
    method: 'GET',
    url: apiUrl(API_PATHS.shipmentDetail, { id: shipmentId }),
  });
  return exactJson(ShipmentDetailResponse, response).shipment;
}

/** Demo Imports' shipments counted from the rows: what each box should say. */
async function countedFromRows() {
  const { rows } = await sql<{ fda: number; cbp: number }>`
    SELECT
      count(*) FILTER (WHERE upper(btrim(CASE
        WHEN d_fda.disposition IS NULL THEN s.fda_review
        WHEN d_fda.disposition IN ('may_proceed', 'released') THEN 'MAY PROCEED'
        ELSE d_fda.disposition END)) NOT IN ('', 'MAY PROCEED'))::int AS fda,
      count(*) FILTER (WHERE s.status IN ('CBP INTENSIVE EXAM', 'CBP VACIS EXAM', 'CBP DOCS REVIEW HOLD', 'CBP VAX EXAM')
        OR d_cbp.disposition IN ('hold_intact', 'exam', 'intensive_exam', 'vacis_exam', 'docs_review', 'refused'))::int AS cbp
    FROM shipments s JOIN accounts a ON a.id = s.account_id JOIN user_accounts ua ON ua.account_id = a.id
    LEFT JOIN LATERAL (
      SELECT e.id FROM customs_entries e WHERE e.shipment_id = s.id ORDER BY e.entry_date DESC NULLS LAST, e.id DESC LIMIT 1
    ) e ON true
    LEFT JOIN customs_entry_dispositions d_fda ON d_fda.entry_id = e.id AND d_fda.agency = 'FDA'
    LEFT JOIN customs_entry_dispositions d_cbp ON d_cbp.entry_id = e.id AND d_cbp.agency = 'CBP'
    WHERE ua.user_id = ${userIds.primary}
  `.execute(t.app.db);
  return rows[0]!;
}

/** A Demo Imports shipment with a fresh current entry of its own (a later entry date than any demo entry). */
async function shipmentWithNewEntry(accountNo: string, offset: number, sequence: number) {
  const shipment = await t.app.db
    .selectFrom('shipments')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .select(['shipments.id', 'shipments.status', 'shipments.fda_review'])
    .where('accounts.account_no', '=', accountNo)
    .where('shipments.status', 'in', ['released', 'PENDING RELEASE'])
    .where('shipments.fda_review', '=', '')
    .orderBy('shipments.id')
    .offset(offset)
    .executeTakeFirstOrThrow();
  const entryNumber = formatEntryNumber('DMI', sequence);
  await setCustomsEntry({ db: t.app.db }, BROKER, {
    entryNumber,
    shipmentId: shipment.id,
    fields: { entry_type: '01', port_code: '4601', entry_date: '2032-01-05' },
  });
  return { ...shipment, entryNumber };
}

const dispose = (entryNumber: string, agency: Agency, disposition: Disposition, at: string) =>
  setAgencyDisposition({ db: t.app.db }, BROKER, { entryNumber, agency, disposition, disposedAt: new Date(at) });

describe("Home's hold boxes and the FDA column from the agencies' dispositions", () => {
  it('counts an FDA hold and a CBP exam, and their releases, in the boxes, the filters and the rows', async () => {
    const shipment = await shipmentWithNewEntry('40001', 0, 7200001);
    const before = await home();
    expect({ fda: before.fda_exam, cbp: before.under_exam }).toEqual(await countedFromRows());
    const listed = async (filter: string) => (await allPages({ filter })).some((item) => item.id === shipment.id);

    await dispose(shipment.entryNumber, 'FDA', 'hold_intact', '2032-01-06T09:00:00Z');
    await dispose(shipment.entryNumber, 'CBP', 'intensive_exam', '2032-01-06T10:00:00Z');
    const held = await home();
    expect(held.fda_exam).toBe(before.fda_exam + 1);
    expect(held.under_exam).toBe(before.under_exam + 1);
    expect({ fda: held.fda_exam, cbp: held.under_exam }).toEqual(await countedFromRows());
    expect(await listed('under-fda-exam')).toBe(true);
    expect(await listed('under-cbp-exam')).toBe(true);
    expect((await list({ filter: 'under-fda-exam' })).pagination.total).toBe(held.fda_exam);
    expect((await list({ filter: 'under-cbp-exam' })).pagination.total).toBe(held.under_exam);
    expect((await detailOf(shipment.id)).fda_review).toBe('HOLD INTACT');
    expect((await allPages({ filter: 'under-fda-exam' })).find((item) => item.id === shipment.id)?.fda_review).toBe(
      'HOLD INTACT',
    );

    await dispose(shipment.entryNumber, 'FDA', 'released', '2032-01-08T09:00:00Z');
    await dispose(shipment.entryNumber, 'CBP', 'released', '2032-01-08T10:00:00Z');
    const released = await home();
    expect({ fda: released.fda_exam, cbp: released.under_exam }).toEqual({
      fda: before.fda_exam,
      cbp: before.under_exam,
    });
    expect(await listed('under-fda-exam')).toBe(false);
    expect(await listed('under-cbp-exam')).toBe(false);
    expect((await detailOf(shipment.id)).fda_review).toBe('MAY PROCEED');
  });

  it("keeps the broker's FDA text and CBP status where the entry has no disposition of theirs", async () => {
    const shipment = await shipmentWithNewEntry('40002', 0, 7200002);
    await t.app.db.updateTable('shipments').set({ fda_review: 'EXAM' }).where('id', '=', shipment.id).execute();
    await dispose(shipment.entryNumber, 'APHIS', 'hold_intact', '2032-01-06T09:00:00Z');
    expect((await detailOf(shipment.id)).fda_review).toBe('EXAM');
    const boxes = await home();
    expect({ fda: boxes.fda_exam, cbp: boxes.under_exam }).toEqual(await countedFromRows());
    await dispose(shipment.entryNumber, 'FDA', 'may_proceed', '2032-01-07T09:00:00Z');
    expect((await detailOf(shipment.id)).fda_review).toBe('MAY PROCEED');
    expect((await home()).fda_exam).toBe(boxes.fda_exam - 1);
  });
});

describe('Home: the 7501s awaiting approval', () => {
  async function setRule(mode: 'none' | 'all' | 'above', thresholdCents: number | null = null) {
    await t.app.db
      .updateTable('companies')
      .set({ entry_approval: mode, entry_approval_threshold_cents: thresholdCents })
      .where('name', '=', 'Demo Imports LLC')
      .execute();
  }

  /** From the rows: the user's unreviewed 7501s with a current entry and no decision on them, with their duty. */
  async function undecided(who: DemoUser = 'primary') {
    const { rows } = await sql<{ id: number; duty_cents: number; path_to_7501: string }>`
      SELECT s.id, e.duty_cents::int AS duty_cents, s.path_to_7501
      FROM shipments s JOIN user_accounts ua ON ua.account_id = s.account_id
      JOIN LATERAL (
        SELECT ce.id, ce.duty_cents FROM customs_entries ce WHERE ce.shipment_id = s.id
        ORDER BY ce.entry_date DESC NULLS LAST, ce.id DESC LIMIT 1
      ) e ON true
      WHERE ua.user_id = ${userIds[who]} AND s.path_to_7501 IS NOT NULL AND NOT s.reviewed_7501
        AND NOT EXISTS (SELECT 1 FROM entry_approvals ap WHERE ap.entry_id = e.id AND ap.path_to_7501 = s.path_to_7501)
      ORDER BY s.id
    `.execute(t.app.db);
    return rows;
  }

  const sum = (rows: ReadonlyArray<{ duty_cents: number }>) => rows.reduce((total, row) => total + row.duty_cents, 0);
  const idsOf = (items: ReadonlyArray<{ id: number }>) => items.map((item) => item.id).sort((a, b) => a - b);

  it('shows no box while the company confirms no 7501, and counts below, at and above the threshold', async () => {
    await setRule('none');
    expect((await home()).awaiting_approval).toBeNull();

    const candidates = await undecided();
    expect(candidates.length).toBeGreaterThan(2);
    const threshold = [...candidates].sort((a, b) => a.duty_cents - b.duty_cents)[1]!.duty_cents;
    await setRule('above', threshold);
    const above = candidates.filter((row) => row.duty_cents > threshold);
    expect(above.length).toBeLessThan(candidates.length);
    expect((await home()).awaiting_approval).toEqual({ count: above.length, duty_cents: sum(above) });
    expect(idsOf(await allPages({ approval: 'awaiting' }))).toEqual(idsOf(above));
    expect((await list({ approval: 'awaiting' })).pagination.total).toBe(above.length);

    await setRule('all');
    expect((await home()).awaiting_approval).toEqual({ count: candidates.length, duty_cents: sum(candidates) });
    const viewers = await undecided('viewer');
    expect(viewers.length).toBeLessThan(candidates.length);
    expect((await home('viewer')).awaiting_approval).toEqual({ count: viewers.length, duty_cents: null });
    expect((await home('other')).awaiting_approval).toBeNull();
    await setRule('none');
  });

  it('takes an approved 7501 out of the box and the 7501s to review, and a queried one out of the box', async () => {
    await setRule('all');
    const [first, second] = await undecided();
    const before = await home();
    const primary = await sessionUserOf(t.app.db, 'primary@demo.test');
    const approved = await decideEntry({ db: t.app.db }, primary, {
      shipmentId: first!.id,
      decision: 'approved',
      pathTo7501: first!.path_to_7501,
    });
    expect(approved).toMatchObject({ state: 'approved' });
    const queried = await decideEntry({ db: t.app.db }, primary, {
      shipmentId: second!.id,
      decision: 'queried',
      pathTo7501: second!.path_to_7501,
      comment: 'Line 1 value differs from the invoice.',
    });
    expect(queried).toMatchObject({ state: 'queried' });
    const after = await home();
    expect(after.awaiting_approval!.count).toBe(before.awaiting_approval!.count - 2);
    expect(after['7501_to_review']).toBe(before['7501_to_review'] - 1);
    expect(idsOf(await allPages({ approval: 'awaiting' }))).toEqual(idsOf(await undecided()));
    await setRule('none');
  });

  it('follows the duty as the broker changes a line', async () => {
    const [row] = await undecided();
    const entry = await t.app.db
      .selectFrom('customs_entries')
      .select(['entry_number', 'duty_cents'])
      .where('shipment_id', '=', row!.id)
      .orderBy('entry_date', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await setRule('above', entry.duty_cents + 5_000);
    const listed = async () => idsOf(await allPages({ approval: 'awaiting' })).includes(row!.id);
    expect(await listed()).toBe(false);
    await setEntryLine({ db: t.app.db }, BROKER, {
      entryNumber: entry.entry_number,
      lineNumber: 99,
      fields: { hts_number: '9403608081', duty_rate: 'Free', duty_cents: 10_000, entered_value_cents: 100_000 },
    });
    expect(await listed()).toBe(true);
    await setRule('none');
  });
});
