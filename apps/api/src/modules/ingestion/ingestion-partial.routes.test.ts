import type { Kysely } from 'kysely';
import { newBrokerKey } from '../../../test/broker-api.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_API_BASE, BROKER_API_PATHS } from '@clearport/contract/ingestion';
import { buildTestApp, injectAs, type TestApp } from '../../../test/build-app.ts';
import { samplePdf } from '../../../test/sample-files.ts';
import { up as defaultListsOfExistingCompanies } from '../../db/migrations/0022-default-notification-lists.ts';

/**
 * A record changes only the fields it carries: the broker's systems send milestones (a status, a
 * new ETA, a hold) on their own, and each must leave the rest of the shipment as it was.
 */

let t: TestApp;
let key: string;
const url = `${BROKER_API_BASE}${BROKER_API_PATHS.records}`;

beforeAll(async () => {
  t = await buildTestApp();
  key = (await newBrokerKey(t.app.db)).key;
});
afterAll(() => t?.close());

type Result = { outcome: string; key: string | null; field?: string; reason?: string };
async function outcomeOf(record: Record<string, unknown>): Promise<Result> {
  const response = await injectAs(t.app, key, { method: 'POST', url, payload: { records: [record] } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: Result[] }>().results[0]!;
}

const company = { kind: 'company', company_id: 'P-1', name: 'Partial Parts Inc', primary_contact: 'Pat Part' };
const account = { kind: 'account', account_no: '66001', company_id: 'P-1', name: 'Partial East' };
const otherAccount = { kind: 'account', account_no: '66002', company_id: 'P-1', name: 'Partial West' };

/** Every field a shipment record carries, each with a value and another. */
const SHIPMENT_FIELDS = {
  account_no: ['66001', '66002'],
  status: ['submitted', 'released'],
  isf_transaction_no: ['ISF-1001', 'ISF-2002'],
  customer_reference_no: ['PO-7', 'PO-8'],
  est_time_arrive: ['2026-12-01 08:00:00', '2026-12-04 17:30:00'],
  shipment_discharge_date: ['2026-12-02 09:00:00', '2026-12-05 10:00:00'],
  fda_review: ['MAY PROCEED', 'FDA HOLD'],
  origin: ['Shanghai', 'Ningbo'],
  destination_terminal: ['APM Terminals Elizabeth', 'Maher Terminal'],
  steamship_line: ['Maersk', 'MSC'],
  vessel_name: ['Maersk Ohio', 'MSC Aurora'],
  unlading_code: ['4601', '2704'],
  unlading_name: ['Newark', 'Los Angeles'],
  transport_mode: ['11', '40'],
  transport_mode_description: ['Vessel, non-container', 'Air'],
  document_note: ['Commercial invoice missing', 'Packing list missing\nSecond line'],
  comment: ['Call before delivery', 'Fragile'],
} as const;
type ShipmentField = keyof typeof SHIPMENT_FIELDS;
const fieldNames = Object.keys(SHIPMENT_FIELDS) as ShipmentField[];

const fullShipment = (fileNumber: string) => ({
  kind: 'shipment',
  file_number: fileNumber,
  ...Object.fromEntries(fieldNames.map((name) => [name, SHIPMENT_FIELDS[name][0]])),
});

/** The shipment's fields as the broker sent them: the account by its number. */
async function storedShipment(fileNumber: string): Promise<Record<ShipmentField, unknown>> {
  const row = await t.app.db
    .selectFrom('shipments')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .select([
      'accounts.account_no',
      ...fieldNames.filter((name) => name !== 'account_no').map((name) => `shipments.${name}` as const),
    ])
    .where('shipments.file_number', '=', fileNumber)
    .executeTakeFirstOrThrow();
  return row as Record<ShipmentField, unknown>;
}

beforeAll(async () => {
  for (const record of [company, account, otherAccount]) expect((await outcomeOf(record)).outcome).toBe('created');
});

describe('a milestone record', () => {
  it('changes each shipment field it carries alone, field by field, and keeps every other', async () => {
    expect((await outcomeOf(fullShipment('PP-0001'))).outcome).toBe('created');
    let expected = await storedShipment('PP-0001');
    expect(expected).toEqual(Object.fromEntries(fieldNames.map((name) => [name, SHIPMENT_FIELDS[name][0]])));
    for (const name of fieldNames) {
      const value = SHIPMENT_FIELDS[name][1];
      const result = await outcomeOf({ kind: 'shipment', file_number: 'PP-0001', [name]: value });
      expect(result, name).toMatchObject({ outcome: 'updated', key: 'shipment:PP-0001' });
      expected = { ...expected, [name]: value };
      expect(await storedShipment('PP-0001'), name).toEqual(expected);
      // The same milestone again changes nothing.
      expect((await outcomeOf({ kind: 'shipment', file_number: 'PP-0001', [name]: value })).outcome, name).toBe(
        'unchanged',
      );
    }
  });

  it('keeps every other field for a status-only, an ETA-only and a hold-only record', async () => {
    expect((await outcomeOf(fullShipment('PP-0002'))).outcome).toBe('created');
    const before = await storedShipment('PP-0002');
    const milestones = [
      { status: 'released' },
      { est_time_arrive: '2026-12-09 06:00:00' },
      { status: 'CBP DOCS REVIEW HOLD' },
    ];
    let expected = before;
    for (const milestone of milestones) {
      expect((await outcomeOf({ kind: 'shipment', file_number: 'PP-0002', ...milestone })).outcome).toBe('updated');
      expected = { ...expected, ...milestone };
      expect(await storedShipment('PP-0002')).toEqual(expected);
    }
    // Only what the milestones named moved; the vessel, line, origin, reference and notes are the first ones.
    expect(expected).toMatchObject({
      origin: before.origin,
      vessel_name: before.vessel_name,
      steamship_line: before.steamship_line,
      customer_reference_no: before.customer_reference_no,
      comment: before.comment,
    });
  });

  it('clears a field sent as null: a text to empty, a date to none, the ISF number to none', async () => {
    expect((await outcomeOf(fullShipment('PP-0003'))).outcome).toBe('created');
    const before = await storedShipment('PP-0003');
    const cleared = { vessel_name: null, est_time_arrive: null, isf_transaction_no: null, document_note: null };
    expect((await outcomeOf({ kind: 'shipment', file_number: 'PP-0003', ...cleared })).outcome).toBe('updated');
    expect(await storedShipment('PP-0003')).toEqual({
      ...before,
      vessel_name: '',
      est_time_arrive: null,
      isf_transaction_no: null,
      document_note: '',
    });
  });

  it('refuses a milestone of a shipment the portal does not hold, naming the field a new one needs', async () => {
    expect(await outcomeOf({ kind: 'shipment', file_number: 'PP-0404', status: 'released' })).toMatchObject({
      outcome: 'refused',
      key: 'shipment:PP-0404',
      code: 'needed_to_create',
      field: 'account_no',
    });
    expect(await outcomeOf({ kind: 'shipment', file_number: 'PP-0404', account_no: '66001' })).toMatchObject({
      outcome: 'refused',
      key: 'shipment:PP-0404',
      field: 'status',
    });
    const stored = await t.app.db
      .selectFrom('shipments')
      .select('id')
      .where('file_number', '=', 'PP-0404')
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });
});

describe('a record of another kind', () => {
  const companyRow = () =>
    t.app.db
      .selectFrom('companies')
      .select(['name', 'primary_contact'])
      .where('broker_id', '=', 'P-1')
      .executeTakeFirstOrThrow();
  const accountRow = (accountNo: string) =>
    t.app.db
      .selectFrom('accounts')
      .innerJoin('companies', 'companies.id', 'accounts.company_id')
      .select(['companies.broker_id', 'accounts.name', 'accounts.document_tracking'])
      .where('accounts.account_no', '=', accountNo)
      .executeTakeFirstOrThrow();

  it('changes a company field by field, and needs a name only to create one', async () => {
    expect(await outcomeOf({ kind: 'company', company_id: 'P-1', primary_contact: 'Quinn Part' })).toMatchObject({
      outcome: 'updated',
    });
    expect(await companyRow()).toEqual({ name: 'Partial Parts Inc', primary_contact: 'Quinn Part' });
    expect(await outcomeOf({ kind: 'company', company_id: 'P-1', name: 'Partial Parts LLC' })).toMatchObject({
      outcome: 'updated',
    });
    expect(await companyRow()).toEqual({ name: 'Partial Parts LLC', primary_contact: 'Quinn Part' });
    expect(await outcomeOf({ kind: 'company', company_id: 'P-1', primary_contact: null })).toMatchObject({
      outcome: 'updated',
    });
    expect(await companyRow()).toEqual({ name: 'Partial Parts LLC', primary_contact: '' });
    expect(await outcomeOf({ kind: 'company', company_id: 'P-404', primary_contact: 'Nobody' })).toMatchObject({
      outcome: 'refused',
      key: 'company:P-404',
      field: 'name',
    });
  });

  it('changes an account field by field, and needs its company only to create one', async () => {
    expect(await outcomeOf({ kind: 'account', account_no: '66002', document_tracking: true })).toMatchObject({
      outcome: 'updated',
    });
    expect(await accountRow('66002')).toEqual({ broker_id: 'P-1', name: 'Partial West', document_tracking: true });
    expect(await outcomeOf({ kind: 'account', account_no: '66002', name: 'Partial Pacific' })).toMatchObject({
      outcome: 'updated',
    });
    expect(await accountRow('66002')).toEqual({ broker_id: 'P-1', name: 'Partial Pacific', document_tracking: true });
    expect(await outcomeOf({ kind: 'account', account_no: '66404', name: 'Nowhere' })).toMatchObject({
      outcome: 'refused',
      key: 'account:66404',
      field: 'company_id',
    });
  });

  it("keeps a container's tracking history when a record leaves it out, and replaces it when sent", async () => {
    expect((await outcomeOf(fullShipment('PP-0010'))).outcome).toBe('created');
    const events = [{ location: 'Newark', type: 'Discharged', date: '2026-12-02' }];
    const container = { kind: 'container', file_number: 'PP-0010', container_no: 'MSKU1234565' };
    expect((await outcomeOf({ ...container, tracking_events: events })).outcome).toBe('created');
    expect((await outcomeOf(container)).outcome).toBe('unchanged');
    const stored = () =>
      t.app.db
        .selectFrom('containers')
        .select('tracking_info')
        .where('container_no', '=', 'MSKU1234565')
        .executeTakeFirstOrThrow();
    expect((await stored()).tracking_info).toEqual(events);
    expect((await outcomeOf({ ...container, tracking_events: [] })).outcome).toBe('updated');
    expect((await stored()).tracking_info).toEqual([]);
  });

  it('changes an invoice field by field, keeping its PDF, and needs the PDF only to create one', async () => {
    const pdf = { name: 'inv.pdf', content_base64: samplePdf().toString('base64') };
    const invoice = { kind: 'invoice', invoice_number: 'PI-1', account_no: '66001' };
    const row = () =>
      t.app.db
        .selectFrom('invoices')
        .select(['proper_name', 'amount_cents', 'due_date', 'is_paid', 'path', 'backup', 'file_number'])
        .where('invoice_number', '=', 'PI-1')
        .executeTakeFirstOrThrow();
    expect(await outcomeOf({ ...invoice, proper_name: 'Partial Parts' })).toMatchObject({
      outcome: 'refused',
      field: 'pdf',
    });
    expect(
      (
        await outcomeOf({
          ...invoice,
          pdf,
          backup: pdf,
          proper_name: 'Partial Parts',
          amount: '120.50',
          due_date: '2026-12-20',
          file_number: 'PP-0010',
        })
      ).outcome,
    ).toBe('created');
    const created = await row();
    expect((await outcomeOf({ ...invoice, is_paid: true })).outcome).toBe('updated');
    expect(await row()).toEqual({ ...created, is_paid: true });
    expect((await outcomeOf({ ...invoice, amount: '99.00' })).outcome).toBe('updated');
    expect(await row()).toEqual({ ...created, is_paid: true, amount_cents: 9900 });
    expect((await outcomeOf({ ...invoice, due_date: null, backup: null })).outcome).toBe('updated');
    expect(await row()).toEqual({ ...created, is_paid: true, amount_cents: 9900, due_date: null, backup: null });
    expect((await outcomeOf({ ...invoice, file_number: null })).outcome).toBe('updated');
    expect(await row()).toEqual({
      ...created,
      is_paid: true,
      amount_cents: 9900,
      due_date: null,
      backup: null,
      file_number: '',
    });
  });

  it("keeps a primary user's name when a record leaves it out, and needs it only to create one", async () => {
    const user = { kind: 'primary_user', company_id: 'P-1', email: 'boss@partial.test', send_password_link: false };
    expect(await outcomeOf(user)).toMatchObject({ outcome: 'refused', field: 'name' });
    expect((await outcomeOf({ ...user, name: 'Pat Boss' })).outcome).toBe('created');
    expect((await outcomeOf(user)).outcome).toBe('unchanged');
    const stored = await t.app.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', 'boss@partial.test')
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe('Pat Boss');
  });
});

describe("a company's notification lists", () => {
  const listsOf = async (brokerId: string) =>
    (
      await t.app.db
        .selectFrom('notification_emails')
        .innerJoin('companies', 'companies.id', 'notification_emails.company_id')
        .select(['notification_emails.table_number', 'notification_emails.email', 'notification_emails.cc_emails'])
        .where('companies.broker_id', '=', brokerId)
        .orderBy('notification_emails.table_number')
        .execute()
    ).map((list) => [list.table_number, list.email, list.cc_emails]);

  it('go to the primary user of a new company until the company or the broker sets them', async () => {
    expect((await outcomeOf({ kind: 'company', company_id: 'P-2', name: 'Listed Goods Inc' })).outcome).toBe('created');
    expect(await listsOf('P-2')).toEqual([]);
    const boss = { kind: 'primary_user', company_id: 'P-2', send_password_link: false };
    expect((await outcomeOf({ ...boss, email: 'boss@listed.test', name: 'Lee Boss' })).outcome).toBe('created');
    const toBoss = [0, 1, 2, 3].map((table) => [table, 'boss@listed.test', []]);
    expect(await listsOf('P-2')).toEqual(toBoss);
    // A second primary user takes nothing over.
    expect((await outcomeOf({ ...boss, email: 'deputy@listed.test', name: 'Dee Puty' })).outcome).toBe('created');
    expect(await listsOf('P-2')).toEqual(toBoss);
  });

  it('are set by a record, one list at a time, changing only what it carries', async () => {
    const list = { kind: 'notification_list', company_id: 'P-2', list: 'invoice' };
    expect(await outcomeOf({ ...list, email: 'ap@listed.test' })).toMatchObject({
      outcome: 'updated',
      key: 'notification_list:P-2/invoice',
    });
    expect(await outcomeOf({ ...list, cc_emails: ['cfo@listed.test'] })).toMatchObject({ outcome: 'updated' });
    expect(await outcomeOf({ ...list, cc_emails: ['cfo@listed.test'] })).toMatchObject({ outcome: 'unchanged' });
    // The invoice list is table 1; the others still go to the primary user.
    expect(await listsOf('P-2')).toEqual([
      [0, 'boss@listed.test', []],
      [1, 'ap@listed.test', ['cfo@listed.test']],
      [2, 'boss@listed.test', []],
      [3, 'boss@listed.test', []],
    ]);
    expect(await outcomeOf({ ...list, list: 'delivery', email: null })).toMatchObject({ outcome: 'updated' });
    expect((await listsOf('P-2'))[3]).toEqual([3, '', []]);

    expect(await outcomeOf({ ...list, company_id: 'P-404', email: 'x@listed.test' })).toMatchObject({
      outcome: 'refused',
      code: 'unknown_company',
      key: 'notification_list:P-404/invoice',
    });
    expect(await outcomeOf({ ...list, email: 'not an address' })).toMatchObject({
      outcome: 'refused',
      code: 'invalid_field',
      field: 'email',
      key: 'notification_list:P-2/invoice',
    });
    const tooMany = Array.from({ length: 11 }, (_, index) => `cc${index}@listed.test`);
    expect(await outcomeOf({ ...list, cc_emails: tooMany })).toMatchObject({ outcome: 'refused', field: 'cc_emails' });
    expect(await outcomeOf({ ...list, list: 'customs' })).toMatchObject({
      outcome: 'refused',
      field: 'list',
      key: null,
    });
    expect((await listsOf('P-2'))[1]).toEqual([1, 'ap@listed.test', ['cfo@listed.test']]);
  });

  it('include the demurrage list, set by its own record, what it leaves out following the list shown', async () => {
    const alerts = { kind: 'demurrage_alerts', company_id: 'P-2' };
    const stored = () =>
      t.app.db
        .selectFrom('demurrage_alerts')
        .innerJoin('companies', 'companies.id', 'demurrage_alerts.company_id')
        .select(['demurrage_alerts.email', 'demurrage_alerts.cc_emails', 'demurrage_alerts.reminder_days'])
        .where('companies.broker_id', '=', 'P-2')
        .executeTakeFirst();
    // Days alone leave the list following the delivery list.
    expect(await outcomeOf({ ...alerts, reminder_days: 4 })).toMatchObject({
      outcome: 'created',
      key: 'demurrage_alerts:P-2',
    });
    expect(await stored()).toEqual({ email: null, cc_emails: null, reminder_days: 4 });
    expect(await outcomeOf({ ...alerts, reminder_days: 4 })).toMatchObject({ outcome: 'unchanged' });
    // Copies set on it: the recipient is the delivery list's, as Settings shows it.
    const [, deliveryEmail] = (await listsOf('P-2'))[3]!;
    expect(await outcomeOf({ ...alerts, cc_emails: ['yard@listed.test'] })).toMatchObject({ outcome: 'updated' });
    expect(await stored()).toEqual({ email: deliveryEmail, cc_emails: ['yard@listed.test'], reminder_days: 4 });
    expect(await outcomeOf({ ...alerts, email: 'dd@listed.test' })).toMatchObject({ outcome: 'updated' });
    expect(await stored()).toEqual({ email: 'dd@listed.test', cc_emails: ['yard@listed.test'], reminder_days: 4 });

    expect(await outcomeOf({ ...alerts, reminder_days: 11 })).toMatchObject({
      outcome: 'refused',
      code: 'invalid_field',
      field: 'reminder_days',
    });
    expect(await outcomeOf({ ...alerts, company_id: 'P-404', reminder_days: 1 })).toMatchObject({
      outcome: 'refused',
      code: 'unknown_company',
    });
    expect(await stored()).toEqual({ email: 'dd@listed.test', cc_emails: ['yard@listed.test'], reminder_days: 4 });
  });

  it('of a company that never set them go to its first primary user when the portal is upgraded', async () => {
    expect((await outcomeOf({ kind: 'company', company_id: 'P-3', name: 'Older Goods Inc' })).outcome).toBe('created');
    const boss = { kind: 'primary_user', company_id: 'P-3', send_password_link: false };
    expect((await outcomeOf({ ...boss, email: 'first@older.test', name: 'Fir St' })).outcome).toBe('created');
    expect((await outcomeOf({ ...boss, email: 'second@older.test', name: 'Sec Ond' })).outcome).toBe('created');
    const company = await t.app.db
      .selectFrom('companies')
      .select('id')
      .where('broker_id', '=', 'P-3')
      .executeTakeFirstOrThrow();
    // As a company created before its lists had a default: one list saved (empty), three never.
    await t.app.db.deleteFrom('notification_emails').where('company_id', '=', company.id).execute();
    await t.app.db
      .insertInto('notification_emails')
      .values({ company_id: company.id, table_number: 2, email: '', cc_emails: [] })
      .execute();
    const others = await listsOf('P-2');
    // A migration takes the database untyped.
    await defaultListsOfExistingCompanies(t.app.db as unknown as Kysely<unknown>);
    expect(await listsOf('P-3')).toEqual([
      [0, 'first@older.test', []],
      [1, 'first@older.test', []],
      [2, '', []],
      [3, 'first@older.test', []],
    ]);
    expect(await listsOf('P-2')).toEqual(others);
  });
});
