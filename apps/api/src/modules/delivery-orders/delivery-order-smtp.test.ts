import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeliveryOrderErrorResponse,
  DeliveryOrderResponse,
  SendDeliveryOrderResponse,
} from '@clearport/contract/delivery-orders';
import { TEXTS } from '@clearport/contract/texts';
import { buildTestApp, injectAs, login, type TestApp } from '../../../test/build-app.ts';
import {
  addressesOf,
  idByName,
  orderableShipment,
  orderState,
  outboxMessages,
} from '../../../test/delivery-order-fixtures.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { storedFiles } from '../../../test/shipment-fixtures.ts';
import { freePort } from '../../../test/server-process.ts';
import { startSmtpServer, stopSmtpServer, type Received } from '../../../test/smtp-server.ts';
import { approveDeliveryOrder } from './approve-delivery-order.ts';
import { BROKER } from '../access/session-user.ts';

/**
 * Sending through a real SMTP server on loopback: first none listens on the configured port,
 * then one does (smtp-server, started here), and what it receives is read back.
 */

let t: TestApp;
let token: string;
let port: number;
let server: SMTPServer | undefined;
const received: Received[] = [];

beforeAll(async () => {
  port = await freePort();
  t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Clearport <no-reply@clearport.test>' });
  token = await login(t.app, 'primary@demo.test');
});
afterAll(async () => {
  await t?.close();
  if (server) await stopSmtpServer(server);
});

describe('sending a delivery order over SMTP', () => {
  it('leaves the order unsent while the mail server is unreachable, and sends once it answers', async () => {
    const shipment = await orderableShipment(t.app.db, '40001', new Set());
    const payload = {
      trucker_id: await idByName(t.app.db, 'truckers', 'Golden State Intermodal'),
      warehouse_id: await idByName(t.app.db, 'warehouses', 'Ontario Fulfillment Center'),
      reference_number: 'PO-SMTP',
      note: '',
      containers: shipment.containers.map((container) => container.id),
      bill_ladings: [shipment.bills[0]!.id],
    };
    const url = `/api/user/shipments/${shipment.id}/delivery_order`;
    const created = await injectAs(t.app, token, { method: 'POST', url, payload });
    expect(created.statusCode, created.body).toBe(200);
    const order = DeliveryOrderResponse.parse(created.json()).delivery_order;
    await approveDeliveryOrder({ db: t.app.db }, BROKER, { orderId: order.id });
    const sendUrl = `${url}/${order.id}/send`;

    const before = await orderState(t.app.db, shipment.id);
    const failed = await injectAs(t.app, token, { method: 'POST', url: sendUrl });
    expect(failed.statusCode, failed.body).toBe(502);
    const refusal = DeliveryOrderErrorResponse.parse(failed.json());
    expect(refusal.errors[0]).toBe(TEXTS.deliveryOrderSendFailed);
    expect(await orderState(t.app.db, shipment.id)).toEqual(before);
    expect((await storedFiles(t.dataDir)).filter((file) => file.startsWith('delivery-orders/'))).toEqual([]);
    expect(await outboxMessages(t.dataDir)).toEqual([]);

    server = await startSmtpServer(port, received);
    const sent = await injectAs(t.app, token, { method: 'POST', url: sendUrl });
    expect(sent.statusCode, sent.body).toBe(200);
    const body = SendDeliveryOrderResponse.parse(sent.json());
    expect(body.message).toBe(TEXTS.deliveryOrderSent);

    expect(received).toHaveLength(1);
    const [{ mail, envelope }] = received as [Received];
    const to = ['orders@gsintermodal.test', 'logistics@demoimports.test'];
    const cc = [
      'tracking@gsintermodal.test',
      'billing@gsintermodal.test',
      'sam.ortiz@gsintermodal.test',
      'receiving.carson@demoimports.test',
      'dock.ontario@demoimports.test',
      'priya.raman@demoimports.test',
    ];
    expect(envelope.from).toBe('no-reply@clearport.test');
    expect(envelope.to).toEqual([...to, ...cc]);
    expect(addressesOf(mail.to)).toEqual(to);
    expect(addressesOf(mail.cc)).toEqual(cc);
    expect(addressesOf(mail.replyTo)).toEqual(['logistics@demoimports.test']);
    const attachment = mail.attachments[0]!;
    expect(attachment.contentType).toBe('application/pdf');
    const text = (await pdfText(attachment.content)).lines.join('\n');
    expect(text).toContain(shipment.fileNumber);
    for (const container of shipment.containers) expect(text).toContain(container.container_no);
    expect(text).toContain('Ontario Fulfillment Center');

    const files = await storedFiles(t.dataDir);
    expect(files).toContain(body.delivery_order.path);
    // SMTP replaces the outbox: nothing was written there.
    expect(await outboxMessages(t.dataDir)).toEqual([]);
  });
});
