import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES } from '@clearport/contract/documents';
import { EVENT_MAIL_KINDS, type EventMailDetail } from '@clearport/contract/event-mail';
import { API_BASE, API_PATHS, apiPath } from '@clearport/contract/paths';
import { BROKER_API_BASE, BROKER_API_PATHS } from '@clearport/contract/ingestion';
import { SHIPMENT_STATUSES as S } from '@clearport/contract/statuses';
import { buildTestApp, injectAs, login, type TestApp } from '../../../test/build-app.ts';
import { addressesOf } from '../../../test/delivery-order-fixtures.ts';
import { samplePdf } from '../../../test/sample-files.ts';
import { freePort } from '../../../test/server-process.ts';
import { startSmtpServer, stopSmtpServer, type Received } from '../../../test/smtp-server.ts';
import { runBrokerCommand } from '../../cli/broker.ts';
import { recipientsOf, recordMailEvent } from './event-mail.repository.ts';
import { sendDueMail, type EventMailOptions } from './event-mail.worker.ts';
import { companyIdOf } from '../../../test/session-users.ts';

/**
 * Event mail through a real SMTP server on loopback: what each list receives, gathering, retries
 * while the server is down, giving up and the broker's retry, and two workers on one database.
 * The worker's passes run here with a chosen clock, so windows and back-off take no real time.
 */

const GATHER_MS = 60_000;
const OPTIONS: EventMailOptions = {
  publicUrl: 'http://portal.test',
  gatherMs: GATHER_MS,
  brokerEmail: 'support@clearport.test',
  retryForMs: 24 * 3600_000,
};
const MINUTE = 60_000;

let t: TestApp;
let port: number;
let server: SMTPServer | undefined;
const received: Received[] = [];

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

async function record(companyName: string, events: EventMailDetail[], at: Date): Promise<void> {
  const id = await companyIdOf(t.app.db, companyName);
  await t.app.db.transaction().execute(async (trx) => {
    for (const event of events) await recordMailEvent(trx, id, event, at);
  });
}

/** Shipment and invoice ids of the company, for events as its own changes would record them. */
async function idsOf(companyName: string): Promise<{ shipments: number[]; invoices: number[] }> {
  const companyId = await companyIdOf(t.app.db, companyName);
  const [shipments, invoices] = await Promise.all(
    (['shipments', 'invoices'] as const).map((table) =>
      t.app.db
        .selectFrom(table)
        .innerJoin('accounts', 'accounts.id', `${table}.account_id`)
        .select(`${table}.id`)
        .where('accounts.company_id', '=', companyId)
        .orderBy(`${table}.id`)
        .limit(4)
        .execute(),
    ),
  );
  return { shipments: shipments!.map((row) => row.id), invoices: invoices!.map((row) => row.id) };
}

async function serverUp(): Promise<void> {
  if (!server) server = await startSmtpServer(port, received);
}

async function serverDown(): Promise<void> {
  if (server) await stopSmtpServer(server);
  server = undefined;
}

beforeAll(async () => {
  port = await freePort();
  t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Clearport <no-reply@clearport.test>' });
  await serverUp();
});
afterAll(async () => {
  await t?.close();
  await serverDown();
});

describe('event mail', () => {
  it('tells the delivery list of an approved order once its window has passed, once', async () => {
    const order = await t.app.db
      .selectFrom('delivery_orders')
      .innerJoin('shipments', 'shipments.id', 'delivery_orders.shipment_id')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .innerJoin('companies', 'companies.id', 'accounts.company_id')
      .select([
        'delivery_orders.id',
        'delivery_orders.reference_number',
        'shipments.id as shipment_id',
        'shipments.file_number',
      ])
      .where('delivery_orders.approved', '=', false)
      .where('companies.name', '=', 'Demo Imports LLC')
      .orderBy('delivery_orders.id')
      .executeTakeFirstOrThrow();
    const approval = await runBrokerCommand(t.app.db, ['approve-delivery-order', String(order.id)]);
    expect(approval.code).toBe(0);
    const approvedAt = new Date();

    expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, approvedAt)).toMatchObject({ sent: 0 });
    expect(received).toHaveLength(0);
    expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, later(approvedAt, GATHER_MS + 1_000))).toMatchObject({
      sent: 1,
    });
    expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, later(approvedAt, 10 * MINUTE))).toMatchObject({
      sent: 0,
    });

    expect(received).toHaveLength(1);
    const { mail, envelope } = received.shift()!;
    expect(envelope.from).toBe('no-reply@clearport.test');
    expect(addressesOf(mail.to)).toEqual(['logistics@demoimports.test']);
    expect(addressesOf(mail.cc)).toEqual([
      'receiving.carson@demoimports.test',
      'dock.ontario@demoimports.test',
      'priya.raman@demoimports.test',
    ]);
    expect(addressesOf(mail.replyTo)).toEqual(['support@clearport.test']);
    expect(mail.subject).toBe(`Delivery order approved for entry ${order.file_number}`);
    const link = `http://portal.test/shipments/${order.shipment_id}`;
    expect(mail.text).toContain(
      `Entry ${order.file_number}: Delivery Order ${order.id} approved (reference ${order.reference_number})`,
    );
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(
      'You receive this e-mail because you are on the delivery notification list of Demo Imports LLC. ' +
        'To change who receives it, go to Settings: http://portal.test/settings',
    );
  });

  it('sends each list its own mail, to its recipient and CCs', async () => {
    const at = new Date();
    await record(
      'Demo Imports LLC',
      [
        {
          kind: 'documentsRequired',
          shipmentId: 11,
          entryNo: 'DMI-0000011-1',
          missing: ['Commercial Invoice', 'Packing List'],
        },
        { kind: 'entrySummaryPosted', shipmentId: 12, entryNo: 'DMI-0000012-2' },
        { kind: 'invoicePosted', invoiceId: 7, invoiceNo: 'INV-7', amount: '$1,250.00', dueDate: '12/15/2026' },
      ],
      at,
    );
    expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, later(at, GATHER_MS))).toMatchObject({ sent: 3 });

    const bySubject = new Map(received.splice(0).map(({ mail }) => [mail.subject, mail]));
    const documents = bySubject.get('Documents required for entry DMI-0000011-1')!;
    expect(addressesOf(documents.to)).toEqual(['docs@demoimports.test']);
    expect(addressesOf(documents.cc)).toEqual(['maria.delgado@demoimports.test']);
    expect(documents.text).toContain('Entry DMI-0000011-1: missing Commercial Invoice, Packing List');
    expect(documents.text).toContain('http://portal.test/shipments/11');
    expect(documents.text).toContain('the documents notification list of Demo Imports LLC');

    const summary = bySubject.get('7501 ready for your review: entry DMI-0000012-2')!;
    expect(addressesOf(summary.to)).toEqual(['compliance@demoimports.test']);
    expect(addressesOf(summary.cc)).toEqual(['james.whitfield@demoimports.test', 'legal@demoimports.test']);
    expect(summary.text).toContain('http://portal.test/shipments/12?review=7501');
    expect(summary.text).toContain('the 7501 notification list of Demo Imports LLC');

    const invoice = bySubject.get('New invoice INV-7')!;
    expect(addressesOf(invoice.to)).toEqual(['ap@demoimports.test']);
    expect(invoice.cc).toBeUndefined();
    expect(invoice.text).toContain('Invoice INV-7, amount $1,250.00, due 12/15/2026');
    expect(invoice.text).toContain('http://portal.test/billing/7');
    expect(invoice.text).toContain('the invoice notification list of Demo Imports LLC');
  });

  it('sends each address once, though a list names its recipient among its copies', async () => {
    const companyId = await companyIdOf(t.app.db, 'Demo Imports LLC');
    const invoiceList = () =>
      t.app.db
        .updateTable('notification_emails')
        .where('company_id', '=', companyId)
        .where('table_number', '=', EVENT_MAIL_KINDS.invoicePosted.tableNumber);
    await invoiceList()
      .set({ cc_emails: ['AP@demoimports.test', 'controller@demoimports.test'] })
      .execute();
    try {
      const at = new Date();
      await record('Demo Imports LLC', [{ kind: 'invoicePosted', invoiceId: 8, invoiceNo: 'INV-8' }], at);
      expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, later(at, GATHER_MS))).toMatchObject({ sent: 1 });
      const [{ mail }] = received.splice(0) as [Received];
      expect(addressesOf(mail.to)).toEqual(['ap@demoimports.test']);
      expect(addressesOf(mail.cc)).toEqual(['controller@demoimports.test']);
    } finally {
      await invoiceList().set({ cc_emails: [] }).execute();
    }
  });

  it('tells the company that holds a shipment when its mail goes, not the one that held it at the event', async () => {
    const shipment = await t.app.db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .select(['shipments.id', 'shipments.file_number', 'shipments.account_id'])
      .where('accounts.account_no', '=', '40001')
      .orderBy('shipments.id', 'desc')
      .executeTakeFirstOrThrow();
    const otherId = await companyIdOf(t.app.db, 'Other Trading Co');
    const otherAccount = await t.app.db
      .selectFrom('accounts')
      .select('id')
      .where('company_id', '=', otherId)
      .executeTakeFirstOrThrow();
    const otherList = await recipientsOf(t.app.db, otherId, 'entrySummaryPosted');
    const at = new Date();
    await record(
      'Demo Imports LLC',
      [{ kind: 'entrySummaryPosted', shipmentId: shipment.id, entryNo: shipment.file_number }],
      at,
    );
    // The broker moves the shipment to the other company's account within the window.
    const move = (accountId: number) =>
      t.app.db.updateTable('shipments').set({ account_id: accountId }).where('id', '=', shipment.id).execute();
    await move(otherAccount.id);
    try {
      const sending = later(at, GATHER_MS);
      expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, sending)).toMatchObject({ sent: 0 });
      expect(received.splice(0)).toEqual([]);
      expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, later(sending, GATHER_MS))).toMatchObject({ sent: 1 });
      const [{ mail }] = received.splice(0) as [Received];
      expect(addressesOf(mail.to)).toEqual([otherList.to]);
      expect(mail.subject).toBe(`7501 ready for your review: entry ${shipment.file_number}`);
      expect(mail.text).toContain('the 7501 notification list of Other Trading Co');
    } finally {
      await move(shipment.account_id);
    }
  });

  it('tells the documents list when unticking a required document reopens Documents Required', async () => {
    const shipment = await t.app.db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .select(['shipments.id', 'shipments.file_number'])
      .where('accounts.account_no', '=', '40001')
      .orderBy('shipments.id')
      .executeTakeFirstOrThrow();
    await t.app.db.deleteFrom('document_types').where('shipment_id', '=', shipment.id).execute();
    await t.app.db
      .insertInto('document_types')
      .values([
        { shipment_id: shipment.id, type: DOCUMENT_TYPES.arrivalNotice, required: true, submitted: true },
        { shipment_id: shipment.id, type: DOCUMENT_TYPES.billOfLading, required: true, submitted: true },
      ])
      .execute();
    await t.app.db
      .updateTable('shipments')
      .set({ status: S.pendingRelease, isf_transaction_no: 'ISF-1', isf_submit_date: new Date() })
      .where('id', '=', shipment.id)
      .execute();
    const token = await login(t.app, 'primary@demo.test');
    const unset = await injectAs(t.app, token, {
      method: 'POST',
      url: `${API_BASE}${apiPath(API_PATHS.unsetDocumentTypes, { id: shipment.id })}`,
      payload: { types: [DOCUMENT_TYPES.billOfLading] },
    });
    expect(unset.json()).toMatchObject({ status: S.pendingDocuments });
    const at = new Date();

    expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, later(at, GATHER_MS))).toMatchObject({ sent: 1 });
    const { mail } = received.shift()!;
    expect(addressesOf(mail.to)).toEqual(['docs@demoimports.test']);
    expect(mail.subject).toBe(`Documents required for entry ${shipment.file_number}`);
    expect(mail.text).toContain(`Entry ${shipment.file_number}: missing ${DOCUMENT_TYPES.billOfLading}`);
    expect(mail.text).toContain(`http://portal.test/shipments/${shipment.id}`);
  });

  it('tells the documents and delivery lists of what the broker API records', async () => {
    const made = await runBrokerCommand(t.app.db, ['api-keys', 'create', 'Customs system']);
    const key = made.lines[1]!;
    const order = await t.app.db
      .selectFrom('delivery_orders')
      .innerJoin('shipments', 'shipments.id', 'delivery_orders.shipment_id')
      .select(['delivery_orders.id', 'shipments.file_number'])
      .where('delivery_orders.approved', '=', false)
      .orderBy('delivery_orders.id')
      .executeTakeFirstOrThrow();
    const records = [
      { kind: 'company', company_id: 'C-MAIL', name: 'Harbor Goods Inc' },
      { kind: 'account', account_no: '77100', company_id: 'C-MAIL', name: 'Harbor Goods East' },
      { kind: 'shipment', file_number: 'HG-MAIL-1', account_no: '77100', status: S.pendingRelease },
      { kind: 'delivery_order_approval', delivery_order_id: order.id },
    ];
    const sent = await injectAs(t.app, key, {
      method: 'POST',
      url: `${BROKER_API_BASE}${BROKER_API_PATHS.records}`,
      payload: { records },
    });
    expect(sent.json<{ results: { outcome: string }[] }>().results.map((result) => result.outcome)).toEqual([
      'created',
      'created',
      'created',
      'updated',
    ]);
    // The new company has no lists yet; the shipment moves into Documents Required in another batch.
    const harbor = await companyIdOf(t.app.db, 'Harbor Goods Inc');
    await t.app.db
      .insertInto('notification_emails')
      .values({ company_id: harbor, table_number: 0, email: 'docs@harbor.test', cc_emails: ['ops@harbor.test'] })
      .execute();
    const moved = await injectAs(t.app, key, {
      method: 'POST',
      url: `${BROKER_API_BASE}${BROKER_API_PATHS.records}`,
      payload: { records: [{ ...records[2], status: S.pendingDocuments }] },
    });
    expect(moved.json<{ results: { outcome: string }[] }>().results[0]?.outcome).toBe('updated');
    const at = new Date();

    expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, later(at, GATHER_MS))).toMatchObject({ sent: 2 });
    const bySubject = new Map(received.splice(0).map(({ mail }) => [mail.subject, mail]));
    const documents = bySubject.get('Documents required for entry HG-MAIL-1')!;
    expect(addressesOf(documents.to)).toEqual(['docs@harbor.test']);
    expect(addressesOf(documents.cc)).toEqual(['ops@harbor.test']);
    expect(documents.text).toContain('the documents notification list of Harbor Goods Inc');
    const approval = bySubject.get(`Delivery order approved for entry ${order.file_number}`)!;
    expect(approval.text).toContain('delivery notification list of');
  });

  it("tells the 7501 and invoice lists of the broker API's 7501 and invoice", async () => {
    const made = await runBrokerCommand(t.app.db, ['api-keys', 'create', 'Billing system']);
    const key = made.lines[1]!;
    const shipment = await t.app.db
      .selectFrom('shipments')
      .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
      .select(['shipments.id', 'shipments.file_number', 'accounts.account_no'])
      .where('accounts.account_no', '=', '40001')
      .orderBy('shipments.id')
      .executeTakeFirstOrThrow();
    const pdf = (filler: number) => ({ name: 'file.pdf', content_base64: samplePdf(filler).toString('base64') });
    const sent = await injectAs(t.app, key, {
      method: 'POST',
      url: `${BROKER_API_BASE}${BROKER_API_PATHS.records}`,
      payload: {
        records: [
          { kind: 'entry_summary', file_number: shipment.file_number, file: pdf(2_100) },
          {
            kind: 'invoice',
            invoice_number: 'INV-MAIL-1',
            account_no: shipment.account_no,
            file_number: shipment.file_number,
            amount: '1250.00',
            due_date: '2026-12-15',
            pdf: pdf(2_200),
          },
        ],
      },
    });
    expect(sent.json<{ results: { outcome: string }[] }>().results.map((result) => result.outcome)).toEqual([
      'updated',
      'created',
    ]);
    const invoice = await t.app.db
      .selectFrom('invoices')
      .select('id')
      .where('invoice_number', '=', 'INV-MAIL-1')
      .executeTakeFirstOrThrow();
    const at = new Date();

    expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, later(at, GATHER_MS))).toMatchObject({ sent: 2 });
    const bySubject = new Map(received.splice(0).map(({ mail }) => [mail.subject, mail]));
    const summary = bySubject.get(`7501 ready for your review: entry ${shipment.file_number}`)!;
    expect(addressesOf(summary.to)).toEqual(['compliance@demoimports.test']);
    expect(summary.text).toContain(`http://portal.test/shipments/${shipment.id}`);
    const bill = bySubject.get('New invoice INV-MAIL-1')!;
    expect(addressesOf(bill.to)).toEqual(['ap@demoimports.test']);
    expect(bill.text).toContain('Invoice INV-MAIL-1, amount $1,250.00, due 12/15/2026');
    expect(bill.text).toContain(`http://portal.test/billing/${invoice.id}`);
  });

  it('gathers 500 events of one window into one message', async () => {
    const at = new Date();
    const events = Array.from({ length: 500 }, (_, index) => ({
      kind: 'documentsRequired' as const,
      shipmentId: 1000 + index,
      entryNo: `OTC-${String(index).padStart(7, '0')}-0`,
      missing: ['Bill of Lading'],
    }));
    await record('Other Trading Co', events, at);
    expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, later(at, GATHER_MS))).toMatchObject({ sent: 1 });

    expect(received).toHaveLength(1);
    const { mail } = received.shift()!;
    expect(addressesOf(mail.to)).toEqual(['imports@othertrading.test']);
    expect(mail.subject).toBe('Documents required for 500 shipments');
    for (const event of events) expect(mail.text).toContain(`Entry ${event.entryNo}: missing Bill of Lading`);
    expect(mail.text).toContain('http://portal.test/shipments/1499');
  });

  it('keeps a message while the mail server is down and sends it once when it is back', async () => {
    await serverDown();
    const at = new Date();
    await record('Demo Imports LLC', [{ kind: 'entrySummaryPosted', shipmentId: 21, entryNo: 'DMI-0000021-1' }], at);
    expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, later(at, GATHER_MS))).toMatchObject({ retrying: 1 });
    // The first retry waits a minute.
    expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, later(at, GATHER_MS + 30_000))).toMatchObject({
      retrying: 0,
      sent: 0,
    });

    await serverUp();
    expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, later(at, GATHER_MS + 2 * MINUTE))).toMatchObject({
      sent: 1,
    });
    expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, later(at, GATHER_MS + 60 * MINUTE))).toMatchObject({
      sent: 0,
    });
    expect(received.splice(0).map(({ mail }) => mail.subject)).toEqual([
      '7501 ready for your review: entry DMI-0000021-1',
    ]);
  });

  it('marks a message failed after a day of retries; the broker lists it and sends it again', async () => {
    await serverDown();
    const at = new Date();
    const [invoiceId] = (await idsOf('Other Trading Co')).invoices;
    await record('Other Trading Co', [{ kind: 'invoicePosted', invoiceId: invoiceId!, invoiceNo: 'INV-31' }], at);
    let now = later(at, GATHER_MS);
    const outcomes: string[] = [];
    for (let pass = 0; pass < 40; pass += 1) {
      const summary = await sendDueMail(t.app.db, t.app.mailer, OPTIONS, now);
      if (summary.retrying) outcomes.push('retrying');
      if (summary.failed) outcomes.push('failed');
      now = later(now, 61 * MINUTE);
    }
    expect(outcomes.at(-1)).toBe('failed');
    expect(outcomes.filter((outcome) => outcome === 'failed')).toHaveLength(1);

    const failed = await runBrokerCommand(t.app.db, ['mail', 'failed']);
    expect(failed.code).toBe(0);
    const row = failed.lines.find((line) => line.includes('Other Trading Co') && line.includes('invoicePosted'));
    expect(row).toBeDefined();
    const id = row!.split('\t')[0]!;

    expect(await runBrokerCommand(t.app.db, ['mail', 'retry', '999999999'])).toMatchObject({ code: 1 });
    expect(await runBrokerCommand(t.app.db, ['mail', 'retry', id])).toMatchObject({
      code: 0,
      lines: [`E-mail ${id} will be sent again.`],
    });
    await serverUp();
    expect(await sendDueMail(t.app.db, t.app.mailer, OPTIONS, new Date(Date.now() + 1_000))).toMatchObject({ sent: 1 });
    expect(received.splice(0).map(({ mail }) => mail.subject)).toEqual(['New invoice INV-31']);
    expect((await runBrokerCommand(t.app.db, ['mail', 'failed'])).lines).toEqual(['No e-mail has failed.']);
  });

  it('sends each message once when two servers share the database', async () => {
    // A second app on the same database: on PostgreSQL another connection pool, as a second
    // server process would have; PGlite serves one process, so there both workers share it.
    const second = t.databaseUrl ? await buildTestApp({ databaseUrl: t.databaseUrl, seedDemo: false }) : undefined;
    try {
      const at = new Date();
      const kinds = ['documentsRequired', 'entrySummaryPosted', 'invoicePosted', 'deliveryOrderApproved'] as const;
      for (const company of ['Demo Imports LLC', 'Other Trading Co']) {
        const { shipments, invoices } = await idsOf(company);
        await record(
          company,
          kinds.map((kind, index): EventMailDetail => {
            if (kind === 'invoicePosted') return { kind, invoiceId: invoices[0]!, invoiceNo: `INV-4${index}` };
            if (kind === 'documentsRequired') return { kind, shipmentId: shipments[0]!, entryNo: 'E-40', missing: [] };
            if (kind === 'entrySummaryPosted') return { kind, shipmentId: shipments[1]!, entryNo: 'E-41' };
            return { kind, shipmentId: shipments[2]!, entryNo: 'E-42', referenceNumber: 'PO-42' };
          }),
          at,
        );
      }
      const due = later(at, GATHER_MS);
      const otherDb = second?.app.db ?? t.app.db;
      const summaries = await Promise.all([
        sendDueMail(t.app.db, t.app.mailer, OPTIONS, due),
        sendDueMail(otherDb, t.app.mailer, OPTIONS, due),
        sendDueMail(t.app.db, t.app.mailer, OPTIONS, due),
        sendDueMail(otherDb, t.app.mailer, OPTIONS, due),
      ]);
      expect(summaries.reduce((sum, summary) => sum + summary.sent, 0)).toBe(8);
      const messageIds = received.splice(0).map(({ mail }) => mail.messageId);
      expect(messageIds).toHaveLength(8);
      expect(new Set(messageIds).size).toBe(8);
      // The sender's domain on the right, as nodemailer's own Message-IDs have it.
      for (const messageId of messageIds) expect(messageId).toMatch(/^<[0-9a-f-]{36}@clearport\.test>$/);
    } finally {
      await second?.close();
    }
  });
});
