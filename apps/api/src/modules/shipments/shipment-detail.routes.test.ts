import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SHIPMENT_NOTES_MAX, UNKNOWN_DATE_TIME } from '@clearport/contract/constants';
import { DOCUMENT_TYPES, FORM_7501_TYPES, is7501Type } from '@clearport/contract/documents';
import { REQUEST_KEY_HEADER } from '@clearport/contract/constants';
import { REQUEST_KEY_REUSED } from '@clearport/contract/http';
import { API_PATHS } from '@clearport/contract/paths';
import { ROLES } from '@clearport/contract/roles';
import { parseInstantText } from '@clearport/contract/shipments';
import {
  ISF_FILED_BY_CLIENT,
  SHIPMENT_DETAIL_ERRORS,
  ShipmentDetailResponse,
  trackingEvents,
} from '@clearport/contract/shipment-detail';
import { SHIPMENT_STATUSES as S } from '@clearport/contract/statuses';
import { TEXTS } from '@clearport/contract/texts';
import { apiUrl, demoUsersOf, fileUrl, injectAs, testAppForFile, type DemoUser } from '../../../test/build-app.ts';
import { multipartBody, samplePdf } from '../../../test/sample-files.ts';
import {
  activityOf,
  shipmentIdOf,
  shipmentState,
  spareShipmentsOf,
  storedFiles,
} from '../../../test/shipment-fixtures.ts';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';

const t = testAppForFile();
const { tokens, ids: userIds } = demoUsersOf(t);
type Who = Exclude<DemoUser, 'manager'>;

/** Demo Imports shipments of account 40001, handed out one per test so tests do not meet. */
const nextShipment = spareShipmentsOf(t, '40001', 'desc');

const details = (who: Who, id: number | string) =>
  injectAs(t.app, tokens[who]!, { method: 'GET', url: apiUrl(API_PATHS.shipmentDetail, { id }) });
const post = (who: Who, url: string, payload: object) =>
  injectAs(t.app, tokens[who]!, { method: 'POST', url, payload });

async function detailOf(who: Who, id: number): Promise<ShipmentDetailResponse> {
  const response = await details(who, id);
  expect(response.statusCode, response.body).toBe(200);
  return ShipmentDetailResponse.parse(response.json());
}

const DATE_TIME_TEXT = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

/** Sends a request that must be refused with `status`, and checks that nothing changed. */
async function expectRefusedUnchanged(
  ids: readonly number[],
  send: () => Promise<{ statusCode: number; body: string }>,
  status: number,
  field?: string,
) {
  const before = await shipmentState(t.app.db, ids);
  const response = await send();
  expect(response.statusCode, response.body).toBe(status);
  if (field !== undefined) expect(JSON.parse(response.body)).toMatchObject({ field });
  expect(await shipmentState(t.app.db, ids)).toEqual(before);
  return JSON.parse(response.body) as { message: string; field?: string };
}

describe('GET user/shipments/details/{id}', () => {
  it('carries every field of the spec, as the tables hold it', async () => {
    const id = await shipmentIdOf(t.app.db, '40001', (query) =>
      query
        .where(sql<boolean>`EXISTS (SELECT 1 FROM delivery_orders d WHERE d.shipment_id = shipments.id)`)
        .where(sql<boolean>`EXISTS (SELECT 1 FROM invoices i WHERE i.shipment_id = shipments.id)`)
        .where('shipments.path_to_7501', 'is not', null),
    );
    const body = await detailOf('primary', id);
    const { shipment } = body;
    const row = await t.app.db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    expect(shipment).toMatchObject({
      id,
      file_number: row.file_number,
      customer_reference_no: row.customer_reference_no,
      status: row.status,
      isf_transaction_no: row.isf_transaction_no,
      fda_review: row.fda_review,
      origin: row.origin,
      destination_terminal: row.destination_terminal,
      steamship_line: row.steamship_line,
      vessel_name: row.vessel_name,
      unlading_code: row.unlading_code,
      unlading_name: row.unlading_name,
      transport_mode: row.transport_mode,
      transport_mode_description: row.transport_mode_description,
      document_note: row.document_note,
      comment: row.comment,
      path_to_7501: row.path_to_7501,
      ignored_shipment: row.ignored_shipment ? 1 : 0,
    });
    expect(body['7501_reviewed']).toBe(row.reviewed_7501 ? 1 : 0);
    expect(shipment.est_time_arrive).toBe(row.est_time_arrive ?? UNKNOWN_DATE_TIME);
    expect(shipment.isf_submit_date).toMatch(DATE_TIME_TEXT);
    // An instant: its UTC wall clock, which each reader shows in their own zone.
    expect(shipment.isf_submit_date).toBe(
      row.isf_submit_date ? row.isf_submit_date.toISOString().slice(0, 19).replace('T', ' ') : UNKNOWN_DATE_TIME,
    );
    expect(shipment.shipment_discharge_date).toBe(row.shipment_discharge_date ?? UNKNOWN_DATE_TIME);

    const bills = await t.app.db
      .selectFrom('bills_of_lading')
      .selectAll()
      .where('shipment_id', '=', id)
      .orderBy('id')
      .execute();
    expect(shipment.bill_lading).toEqual(
      bills.map((bill) => ({
        id: bill.id,
        bill_lading: bill.bill_lading,
        is_master_bill_lading: bill.is_master ? 1 : 0,
      })),
    );
    const joined = (isMaster: boolean) =>
      bills
        .filter((bill) => bill.is_master === isMaster)
        .map((bill) => bill.bill_lading)
        .join(', ');
    expect(shipment.master_bill_lading).toBe(joined(true));
    expect(shipment.house_bill_lading).toBe(joined(false));

    const containers = await t.app.db
      .selectFrom('containers')
      .selectAll()
      .where('shipment_id', '=', id)
      .orderBy('id')
      .execute();
    expect(shipment.containers.map((container) => container.container_no)).toEqual(
      containers.map((c) => c.container_no),
    );
    for (const [index, container] of shipment.containers.entries()) {
      expect(trackingEvents(container.tracking_info)).toEqual(containers[index]!.tracking_info);
    }

    const types = await t.app.db
      .selectFrom('document_types')
      .selectAll()
      .where('shipment_id', '=', id)
      .orderBy('id')
      .execute();
    expect(shipment.types).toEqual(
      types.map((type) => ({ type: type.type, required: type.required ? 1 : 0, submitted: type.submitted ? 1 : 0 })),
    );

    // The 7501 is among the documents (the client hides it from the upload list), by its key.
    expect(shipment.documents).toContainEqual(
      expect.objectContaining({ shipment_id: id, document_type: DOCUMENT_TYPES.form7501, path: row.path_to_7501 }),
    );

    const [order] = shipment.delivery_orders;
    const orderRow = await t.app.db
      .selectFrom('delivery_orders')
      .selectAll()
      .where('shipment_id', '=', id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const trucker = await t.app.db
      .selectFrom('truckers')
      .selectAll()
      .where('id', '=', orderRow.trucker_id)
      .executeTakeFirstOrThrow();
    const warehouse = await t.app.db
      .selectFrom('warehouses')
      .selectAll()
      .where('id', '=', orderRow.warehouse_id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      id: orderRow.id,
      trucker_id: trucker.id,
      warehouse_id: warehouse.id,
      reference_number: orderRow.reference_number,
      approved: orderRow.approved ? 1 : 0,
      path: orderRow.path,
      trucker: { id: trucker.id, name: trucker.name },
      warehouse: { id: warehouse.id, name: warehouse.name, city: warehouse.city },
    });
    expect(order!.containers.length).toBeGreaterThan(0);
    expect(order!.bill_ladings.length).toBeGreaterThan(0);
    for (const each of order!.delivery_order_containers) {
      expect(containers.find((container) => container.id === each.container_id)?.container_no).toBe(
        each.container.container_no,
      );
    }

    const invoices = await t.app.db.selectFrom('invoices').selectAll().where('shipment_id', '=', id).execute();
    expect(shipment.invoices.map((invoice) => invoice.id).sort()).toEqual(invoices.map((invoice) => invoice.id).sort());
    expect(shipment.invoices[0]).toMatchObject({
      account_no: '40001',
      shipment: { id, file_number: row.file_number },
      master_bill_lading: shipment.master_bill_lading,
    });
  });

  it('keeps the broker’s supplementary files apart from the documents', async () => {
    const id = await shipmentIdOf(t.app.db, '40001', (query) =>
      query.where(
        sql<boolean>`EXISTS (SELECT 1 FROM documents d WHERE d.shipment_id = shipments.id AND d.supplementary)`,
      ),
    );
    const { shipment } = await detailOf('primary', id);
    const supplementary = await t.app.db
      .selectFrom('documents')
      .select('path')
      .where('shipment_id', '=', id)
      .where('supplementary', '=', true)
      .execute();
    expect(shipment.supplementary_documents.map((document) => document.path)).toEqual(
      supplementary.map((row) => row.path),
    );
    for (const document of shipment.supplementary_documents) {
      expect(shipment.documents.map((each) => each.path)).not.toContain(document.path);
    }
  });

  it('writes unknown dates as 0000-00-00 00:00:00', async () => {
    const id = nextShipment();
    await t.app.db
      .updateTable('shipments')
      .set({ est_time_arrive: null, shipment_discharge_date: null, isf_transaction_no: null, isf_submit_date: null })
      .where('id', '=', id)
      .execute();
    const { shipment } = await detailOf('primary', id);
    expect(shipment.est_time_arrive).toBe(UNKNOWN_DATE_TIME);
    expect(shipment.shipment_discharge_date).toBe(UNKNOWN_DATE_TIME);
    expect(shipment.isf_submit_date).toBe(UNKNOWN_DATE_TIME);
    expect(shipment.isf_transaction_no).toBeNull();
  });

  it('lets role 11 and a linked user read', async () => {
    const id = await shipmentIdOf(t.app.db, '40001');
    expect((await details('viewer', id)).statusCode).toBe(200);
    expect((await details('user', id)).statusCode).toBe(200);
  });

  it('sends role 11 no notes, delivery orders, 7501 or invoices, nor the 7501 among its documents', async () => {
    const ordered = await shipmentIdOf(t.app.db, '40001', (query) =>
      query.where(sql<boolean>`EXISTS (SELECT 1 FROM delivery_orders o WHERE o.shipment_id = shipments.id)`),
    );
    const noted = await post('primary', apiUrl(API_PATHS.addNote, { id: ordered }), { note: 'For the primary user' });
    expect(noted.statusCode).toBe(200);
    const withFiles = await shipmentWithFiles('40001');
    for (const id of [ordered, withFiles]) {
      const full = (await detailOf('primary', id)).shipment;
      const viewed = (await detailOf('viewer', id)).shipment;
      expect(viewed).toEqual({
        ...full,
        shipment_notes: [],
        delivery_orders: [],
        invoices: [],
        path_to_7501: null,
        documents: full.documents.filter((document) => !is7501Type(document.document_type)),
      });
    }
    const ordersOf = (await detailOf('primary', ordered)).shipment;
    expect(ordersOf.shipment_notes.length).toBeGreaterThan(0);
    expect(ordersOf.delivery_orders.length).toBeGreaterThan(0);
    const filesOfShipment = (await detailOf('primary', withFiles)).shipment;
    expect(filesOfShipment.invoices.length).toBeGreaterThan(0);
    expect(filesOfShipment.path_to_7501).not.toBeNull();
    expect(filesOfShipment.documents.some((document) => is7501Type(document.document_type))).toBe(true);
  });

  it('answers 404 for another company’s shipment, an unlinked account’s, and one that does not exist', async () => {
    const demo = await shipmentIdOf(t.app.db, '40001');
    const homeGoods = await shipmentIdOf(t.app.db, '40002');
    expect((await details('other', demo)).statusCode).toBe(404);
    expect((await details('user', homeGoods)).statusCode).toBe(404);
    expect((await details('primary', 2_000_000_000)).json()).toEqual({
      message: SHIPMENT_DETAIL_ERRORS.shipmentNotFound,
    });
  });

  it('answers 400 naming the id for an id that is not one', async () => {
    const visible = String(await shipmentIdOf(t.app.db, '40001'));
    // Number() reads each of the last three as the visible shipment's id.
    for (const id of [
      'abc',
      '0',
      '-3',
      '1.5',
      '99999999999',
      `0x${Number(visible).toString(16)}`,
      `${visible}e0`,
      `+${visible}`,
    ]) {
      const response = await details('primary', id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({ field: 'id' });
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiUrl(API_PATHS.shipmentDetail, { id: 1 }) });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST user/shipments/{id}/isf_no', () => {
  const tick = { isf_num: 'N/A', date: 'N/A' };

  async function withoutIsf(status: string) {
    const id = nextShipment();
    await t.app.db
      .updateTable('shipments')
      .set({ status, isf_transaction_no: null, isf_submit_date: null })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it('records the client’s filing as N\\A with the time, and the activity', async () => {
    const id = await withoutIsf(S.submitted);
    const response = await post('primary', apiUrl(API_PATHS.fileIsf, { id }), tick);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ isf_transaction_no: 'N\\A', status: S.submitted });
    expect(body.isf_submit_date).toMatch(DATE_TIME_TEXT);
    expect(Math.abs(parseInstantText(body.isf_submit_date)!.getTime() - Date.now())).toBeLessThan(60_000);
    const { shipment } = await detailOf('primary', id);
    expect(shipment.isf_transaction_no).toBe(ISF_FILED_BY_CLIENT);
    expect(shipment.isf_submit_date).toBe(body.isf_submit_date);
    expect(await activityOf(t.app.db, id)).toEqual([
      {
        user_id: userIds.primary,
        action: SHIPMENT_ACTIVITY.isfFiled,
        detail: { isf_transaction_no: 'N\\A', isf_submit_date: body.isf_submit_date },
      },
    ]);

    // The tick sent again answers what is stored and records nothing more.
    const again = await post('primary', apiUrl(API_PATHS.fileIsf, { id }), tick);
    expect(again.json()).toEqual(body);
    expect(await activityOf(t.app.db, id)).toHaveLength(1);
  });

  it('moves a shipment whose required documents are all in to PENDING RELEASE', async () => {
    const id = await withoutIsf(S.pendingDocuments);
    await t.app.db.updateTable('document_types').set({ submitted: true }).where('shipment_id', '=', id).execute();
    // The demo's history (its delivery orders' approvals) comes before what the tick records.
    const earlier = (await activityOf(t.app.db, id)).length;
    const response = await post('user', apiUrl(API_PATHS.fileIsf, { id }), tick);
    expect(response.json()).toMatchObject({ status: S.pendingRelease });
    expect((await detailOf('user', id)).shipment.status).toBe(S.pendingRelease);
    expect((await activityOf(t.app.db, id)).slice(earlier).map((row) => row.action)).toEqual([
      SHIPMENT_ACTIVITY.isfFiled,
      SHIPMENT_ACTIVITY.statusChanged,
    ]);
  });

  it('keeps a number the broker filed (409)', async () => {
    const id = nextShipment();
    await t.app.db
      .updateTable('shipments')
      .set({ isf_transaction_no: 'ISF-2026-123456' })
      .where('id', '=', id)
      .execute();
    const body = await expectRefusedUnchanged(
      [id],
      () => post('primary', apiUrl(API_PATHS.fileIsf, { id }), tick),
      409,
    );
    expect(body.message).toBe(SHIPMENT_DETAIL_ERRORS.isfOnFile);
  });

  it('refuses anything but N/A, naming the field', async () => {
    const id = await withoutIsf(S.submitted);
    await expectRefusedUnchanged(
      [id],
      () => post('primary', apiUrl(API_PATHS.fileIsf, { id }), { isf_num: '123', date: 'N/A' }),
      400,
      'isf_num',
    );
    await expectRefusedUnchanged(
      [id],
      () => post('primary', apiUrl(API_PATHS.fileIsf, { id }), { isf_num: 'N/A' }),
      400,
      'date',
    );
  });
});

describe('POST user/shipments/{id}/add_comment', () => {
  it('stores the note with its author and answers the spec’s message', async () => {
    const id = nextShipment();
    const response = await post('user', apiUrl(API_PATHS.addNote, { id }), {
      note: '  Please deliver after 2pm.  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: TEXTS.noteSubmitted,
      note: { role: ROLES.user, comments: 'Please deliver after 2pm.', name: 'Priya Raman' },
    });
    const { shipment } = await detailOf('primary', id);
    const last = shipment.shipment_notes.at(-1)!;
    expect(last).toMatchObject({ role: ROLES.user, comments: 'Please deliver after 2pm.', name: 'Priya Raman' });
    expect(new Date(last.created_at).toISOString()).toBe(last.created_at);
    expect(await activityOf(t.app.db, id)).toEqual([
      {
        user_id: userIds.user,
        action: SHIPMENT_ACTIVITY.noteAdded,
        detail: { note_id: last.id, text: 'Please deliver after 2pm.', author: 'Priya Raman', role: ROLES.user },
      },
    ]);
  });

  it('refuses an empty, blank, missing or too long note, naming the field', async () => {
    const id = nextShipment();
    for (const payload of [{ note: '' }, { note: '   ' }, {}, { note: 'x'.repeat(2_001) }, { note: 42 }]) {
      await expectRefusedUnchanged(
        [id],
        () => post('primary', apiUrl(API_PATHS.addNote, { id }), payload),
        400,
        'note',
      );
    }
  });

  it(`takes notes up to ${SHIPMENT_NOTES_MAX} a shipment and refuses the next with its message`, async () => {
    const id = nextShipment();
    await sql`INSERT INTO shipment_notes (shipment_id, user_id, role, comments)
      SELECT ${id}, ${userIds.primary}, ${ROLES.primary}, 'Note ' || n
      FROM generate_series(1, ${SHIPMENT_NOTES_MAX - 1} - (SELECT count(*) FROM shipment_notes WHERE shipment_id = ${id})) n`.execute(
      t.app.db,
    );
    const last = await post('primary', apiUrl(API_PATHS.addNote, { id }), { note: 'The last one' });
    expect(last.statusCode, last.body).toBe(200);
    const refused = await expectRefusedUnchanged(
      [id],
      () => post('user', apiUrl(API_PATHS.addNote, { id }), { note: 'One too many' }),
      409,
    );
    expect(refused.message).toBe(SHIPMENT_DETAIL_ERRORS.notesFull);
    expect(refused.message).toBe('This shipment has reached its limit of 1,000 notes.');
    const { shipment } = await detailOf('primary', id);
    expect(shipment.shipment_notes).toHaveLength(SHIPMENT_NOTES_MAX);
    expect(shipment.shipment_notes.at(-1)!.comments).toBe('The last one');
  });
});

describe('POST user/shipments/{id}/add_comment sent again under its request key', () => {
  const keyed = (who: Who, id: number, key: string, note: string) =>
    injectAs(t.app, tokens[who]!, {
      method: 'POST',
      url: apiUrl(API_PATHS.addNote, { id }),
      headers: { [REQUEST_KEY_HEADER]: key },
      payload: { note },
    });
  const notesOf = async (id: number) => (await detailOf('primary', id)).shipment.shipment_notes;
  /** The shipment's notes added after `before`, by their text. */
  const addedSince = async (id: number, before: readonly unknown[]) =>
    (await notesOf(id)).slice(before.length).map((note) => note.comments);

  it('answers the note the first made, once, whether the two come one after the other or at once', async () => {
    const id = nextShipment();
    const before = await notesOf(id);
    const first = await keyed('user', id, 'c0ffee00c0ffee00c0ffee00c0ffee01', 'Gate code 4471.');
    expect(first.statusCode, first.body).toBe(200);
    const again = await keyed('user', id, 'c0ffee00c0ffee00c0ffee00c0ffee01', 'Gate code 4471.');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const together = await Promise.all(
      [1, 2, 3].map(() => keyed('user', id, 'c0ffee00c0ffee00c0ffee00c0ffee02', 'Dock 4 only.')),
    );
    expect(new Set(together.map((each) => each.json().note.id)).size).toBe(1);
    expect(await addedSince(id, before)).toEqual(['Gate code 4471.', 'Dock 4 only.']);
    expect((await activityOf(t.app.db, id)).map((line) => line.action)).toEqual([
      SHIPMENT_ACTIVITY.noteAdded,
      SHIPMENT_ACTIVITY.noteAdded,
    ]);
  });

  it('keeps another user’s key and a new key apart, and a key past its day makes a new note', async () => {
    const id = nextShipment();
    const before = await notesOf(id);
    const key = 'feedface-feedface-feedface-0001';
    await keyed('user', id, key, 'First.');
    await keyed('primary', id, key, 'Second, by another user.');
    await keyed('user', id, 'feedface-feedface-feedface-0002', 'Third.');
    await t.app.db
      .updateTable('request_keys')
      .set({ created_at: sql<Date>`now() - interval '25 hours'` })
      .where('shipment_id', '=', id)
      .execute();
    await keyed('user', id, key, 'Fourth, a day later.');
    expect(await addedSince(id, before)).toEqual([
      'First.',
      'Second, by another user.',
      'Third.',
      'Fourth, a day later.',
    ]);
    // The user's keys past their day went when their next key was kept; the other user's stays.
    const kept = await t.app.db
      .selectFrom('request_keys')
      .select(['user_id', 'key'])
      .where('shipment_id', '=', id)
      .orderBy('user_id')
      .execute();
    expect(kept).toEqual(
      [
        { user_id: userIds.user, key },
        { user_id: userIds.primary, key },
      ].sort((a, b) => a.user_id - b.user_id),
    );
  });

  it('refuses the key sent again with another note, 422 naming the header, and adds nothing', async () => {
    const id = nextShipment();
    const before = await notesOf(id);
    const key = 'b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0';
    expect((await keyed('user', id, key, 'Dock 4.')).statusCode).toBe(200);
    const reused = await keyed('user', id, key, 'Dock 5, not 4.');
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json()).toEqual({ message: REQUEST_KEY_REUSED, field: REQUEST_KEY_HEADER });
    expect(await addedSince(id, before)).toEqual(['Dock 4.']);
  });

  it('refuses a key that is not 16 to 64 letters, digits, hyphens or underscores, naming the header', async () => {
    const id = nextShipment();
    const before = await notesOf(id);
    for (const key of ['short', 'x'.repeat(65), 'has spaces in it, sixteen+', '😀'.repeat(10)]) {
      const response = await keyed('user', id, key, 'Not kept.');
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toContain(REQUEST_KEY_HEADER);
    }
    expect(await addedSince(id, before)).toEqual([]);
  });
});

describe('POST user/shipments/{id}/reference_no', () => {
  it('stores the reference number and records the change', async () => {
    const id = nextShipment();
    const before = await t.app.db
      .selectFrom('shipments')
      .select('customer_reference_no')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const response = await post('primary', apiUrl(API_PATHS.saveReference, { id }), { reference_no: ' PO-77812 ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ reference_no: 'PO-77812' });
    expect((await detailOf('primary', id)).shipment.customer_reference_no).toBe('PO-77812');
    expect(await activityOf(t.app.db, id)).toEqual([
      {
        user_id: userIds.primary,
        action: SHIPMENT_ACTIVITY.referenceChanged,
        detail: { from: before.customer_reference_no, to: 'PO-77812' },
      },
    ]);
  });

  it('refuses an empty, missing or too long reference, naming the field', async () => {
    const id = nextShipment();
    for (const payload of [{ reference_no: '' }, { reference_no: '  ' }, {}, { reference_no: 'x'.repeat(101) }]) {
      await expectRefusedUnchanged(
        [id],
        () => post('primary', apiUrl(API_PATHS.saveReference, { id }), payload),
        400,
        'reference_no',
      );
    }
  });
});

describe('POST user/shipments/toggle-ignore', () => {
  it('sets the WithoutDeliveryOrder flag to the value sent', async () => {
    const id = nextShipment();
    await t.app.db.updateTable('shipments').set({ ignored_shipment: false }).where('id', '=', id).execute();
    const on = await post('primary', apiUrl(API_PATHS.skipDeliveryOrder), {
      shipment_id: id,
      ignore: true,
      category: 'WithoutDeliveryOrder',
    });
    expect(on.json()).toEqual({ shipment_id: id, ignored_shipment: 1 });
    expect((await detailOf('primary', id)).shipment.ignored_shipment).toBe(1);
    const off = await post('primary', apiUrl(API_PATHS.skipDeliveryOrder), {
      shipment_id: id,
      ignore: false,
      category: 'WithoutDeliveryOrder',
    });
    expect(off.json()).toEqual({ shipment_id: id, ignored_shipment: 0 });
    expect((await activityOf(t.app.db, id)).map((row) => row.detail)).toEqual([
      { from: false, to: true },
      { from: true, to: false },
    ]);
  });

  it('refuses another category, a flag that is not a boolean and a missing id, naming the field', async () => {
    const id = nextShipment();
    const send = (payload: object) => () => post('primary', apiUrl(API_PATHS.skipDeliveryOrder), payload);
    await expectRefusedUnchanged([id], send({ shipment_id: id, ignore: true, category: 'Other' }), 400, 'category');
    await expectRefusedUnchanged(
      [id],
      send({ shipment_id: id, ignore: 'yes', category: 'WithoutDeliveryOrder' }),
      400,
      'ignore',
    );
    await expectRefusedUnchanged([id], send({ ignore: true, category: 'WithoutDeliveryOrder' }), 400, 'shipment_id');
  });
});

describe('POST user/shipments/toggle-reviewed', () => {
  async function with7501(reviewed: boolean) {
    const id = nextShipment();
    await t.app.db
      .updateTable('shipments')
      .set({
        path_to_7501: `documents/00000000-0000-4000-8000-${String(id).padStart(12, '0')}.pdf`,
        reviewed_7501: reviewed,
      })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it('flips the flag and answers the new value', async () => {
    const id = await with7501(false);
    expect((await post('primary', apiUrl(API_PATHS.toggleReviewed), { shipment_ids: [id] })).json()).toEqual({
      reviewed: true,
    });
    expect((await detailOf('primary', id))['7501_reviewed']).toBe(1);
    expect((await post('primary', apiUrl(API_PATHS.toggleReviewed), { shipment_ids: [id] })).json()).toEqual({
      reviewed: false,
    });
    expect((await detailOf('primary', id))['7501_reviewed']).toBe(0);
    expect((await activityOf(t.app.db, id)).map((row) => [row.action, row.detail])).toEqual([
      [SHIPMENT_ACTIVITY.reviewedChanged, { from: false, to: true }],
      [SHIPMENT_ACTIVITY.reviewedChanged, { from: true, to: false }],
    ]);
  });

  it('marks several all reviewed unless all already are', async () => {
    const [a, b] = [await with7501(true), await with7501(false)];
    expect((await post('primary', apiUrl(API_PATHS.toggleReviewed), { shipment_ids: [a, b] })).json()).toEqual({
      reviewed: true,
    });
    expect((await post('primary', apiUrl(API_PATHS.toggleReviewed), { shipment_ids: [a, b] })).json()).toEqual({
      reviewed: false,
    });
  });

  it('changes none when one has no 7501 (409) or is not the caller’s (404)', async () => {
    const reviewable = await with7501(false);
    const without = nextShipment();
    await t.app.db.updateTable('shipments').set({ path_to_7501: null }).where('id', '=', without).execute();
    const foreign = await shipmentIdOf(t.app.db, '70001');
    const body = await expectRefusedUnchanged(
      [reviewable, without],
      () => post('primary', apiUrl(API_PATHS.toggleReviewed), { shipment_ids: [reviewable, without] }),
      409,
    );
    expect(body.message).toBe(SHIPMENT_DETAIL_ERRORS.no7501);
    await expectRefusedUnchanged(
      [reviewable, foreign],
      () => post('primary', apiUrl(API_PATHS.toggleReviewed), { shipment_ids: [reviewable, foreign] }),
      404,
    );
  });

  it('refuses an empty or malformed list, naming the field', async () => {
    const id = await with7501(false);
    for (const payload of [{ shipment_ids: [] }, { shipment_ids: ['x'] }, {}, { shipment_ids: Array(41).fill(id) }]) {
      const response = await post('primary', apiUrl(API_PATHS.toggleReviewed), payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toMatch(/^shipment_ids/);
    }
    expect(await activityOf(t.app.db, id)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Every call of the detail page, for the two refusals that hold across all of them

type Call = { name: string; send: (who: Who, id: number) => Promise<{ statusCode: number; body: string }> };

/** A document (not the 7501), the 7501 and an invoice file of the shipment: downloads are calls too. */
async function filesOf(id: number) {
  const document = await t.app.db
    .selectFrom('documents')
    .select('path')
    .where('shipment_id', '=', id)
    .where('document_type', 'not in', FORM_7501_TYPES)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const shipment = await t.app.db
    .selectFrom('shipments')
    .select('path_to_7501')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const invoice = await t.app.db
    .selectFrom('invoices')
    .select('path')
    .where('shipment_id', '=', id)
    .executeTakeFirstOrThrow();
  return { document: document.path, form7501: shipment.path_to_7501!, invoice: invoice.path! };
}

function calls(files: Awaited<ReturnType<typeof filesOf>>): Call[] {
  const download = (key: string) => (who: Who) => injectAs(t.app, tokens[who]!, { method: 'GET', url: fileUrl(key) });
  const upload = (who: Who, id: number) => {
    const { body, contentType } = multipartBody([{ name: 'invoice.pdf', data: samplePdf() }]);
    return injectAs(t.app, tokens[who]!, {
      method: 'POST',
      url: apiUrl(API_PATHS.uploadDocument, { id }),
      payload: body,
      headers: { 'content-type': contentType },
    });
  };
  return [
    { name: 'details', send: (who, id) => details(who, id) },
    {
      name: 'isf_no',
      send: (who, id) => post(who, apiUrl(API_PATHS.fileIsf, { id }), { isf_num: 'N/A', date: 'N/A' }),
    },
    { name: 'upload_doc', send: upload },
    {
      name: 'delete_doc',
      send: (who, id) =>
        injectAs(t.app, tokens[who]!, {
          method: 'DELETE',
          url: apiUrl(API_PATHS.deleteDocument, { id }),
          payload: { path: files.document },
        }),
    },
    {
      name: 'set_type',
      send: (who, id) =>
        post(who, apiUrl(API_PATHS.setDocumentTypes, { id }), { types: [DOCUMENT_TYPES.billOfLading] }),
    },
    {
      name: 'unset_type',
      send: (who, id) =>
        post(who, apiUrl(API_PATHS.unsetDocumentTypes, { id }), { types: [DOCUMENT_TYPES.billOfLading] }),
    },
    { name: 'add_comment', send: (who, id) => post(who, apiUrl(API_PATHS.addNote, { id }), { note: 'Hello' }) },
    {
      name: 'reference_no',
      send: (who, id) => post(who, apiUrl(API_PATHS.saveReference, { id }), { reference_no: 'PO-1' }),
    },
    {
      name: apiUrl(API_PATHS.skipDeliveryOrder),
      send: (who, id) =>
        post(who, apiUrl(API_PATHS.skipDeliveryOrder), {
          shipment_id: id,
          ignore: true,
          category: 'WithoutDeliveryOrder',
        }),
    },
    {
      name: apiUrl(API_PATHS.toggleReviewed),
      send: (who, id) => post(who, apiUrl(API_PATHS.toggleReviewed), { shipment_ids: [id] }),
    },
    { name: 'document download', send: download(files.document) },
    { name: '7501 download', send: download(files.form7501) },
    { name: 'invoice download', send: download(files.invoice) },
  ];
}

/** A shipment with a document besides its 7501, a 7501 and an invoice, in the account given. */
async function shipmentWithFiles(accountNo: string) {
  return shipmentIdOf(t.app.db, accountNo, (query) =>
    query
      .where('shipments.path_to_7501', 'is not', null)
      .where(
        sql<boolean>`EXISTS (SELECT 1 FROM documents d WHERE d.shipment_id = shipments.id AND d.document_type NOT IN (${sql.join(FORM_7501_TYPES)}))`,
      )
      .where(sql<boolean>`EXISTS (SELECT 1 FROM invoices i WHERE i.shipment_id = shipments.id AND i.path IS NOT NULL)`),
  );
}

describe('another company’s shipment, or an unlinked account’s', () => {
  it('answers 404 on every call, downloads included, and changes nothing', async () => {
    const cases: Array<{ who: Who; accountNo: string }> = [
      { who: 'other', accountNo: '40001' },
      { who: 'user', accountNo: '40002' },
    ];
    for (const { who, accountNo } of cases) {
      const id = await shipmentWithFiles(accountNo);
      const filesBefore = await storedFilesCount();
      for (const call of calls(await filesOf(id))) {
        const before = await shipmentState(t.app.db, [id]);
        const response = await call.send(who, id);
        expect(response.statusCode, `${who} ${call.name}: ${response.body}`).toBe(404);
        expect(await shipmentState(t.app.db, [id]), `${who} ${call.name}`).toEqual(before);
      }
      expect(await storedFilesCount()).toBe(filesBefore);
    }
  });
});

describe('role 11 (Shipments Info)', () => {
  it('may read, the documents’ downloads included, but not the 7501 or invoices, and every change answers 403 and changes nothing', async () => {
    const id = await shipmentWithFiles('40001');
    const filesBefore = await storedFilesCount();
    for (const call of calls(await filesOf(id))) {
      const before = await shipmentState(t.app.db, [id]);
      const response = await call.send('viewer', id);
      const isRead = call.name === 'details' || call.name === 'document download';
      const isHidden = call.name === '7501 download' || call.name === 'invoice download';
      expect(response.statusCode, `${call.name}: ${response.body}`).toBe(isRead ? 200 : isHidden ? 404 : 403);
      if (!isRead && !isHidden) expect(JSON.parse(response.body)).toEqual({ message: SHIPMENT_DETAIL_ERRORS.readOnly });
      expect(await shipmentState(t.app.db, [id]), call.name).toEqual(before);
    }
    expect(await storedFilesCount()).toBe(filesBefore);
  });
});

async function storedFilesCount() {
  return (await storedFiles(t.dataDir)).length;
}
