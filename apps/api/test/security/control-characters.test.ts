import { beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE } from '@clearport/contract/plain-text';
import { injectAs, login, testAppForFile } from '../build-app.ts';
import { databaseDigest } from '../database-digest.ts';
import { orderableShipment } from '../delivery-order-fixtures.ts';
import { lastNoteOf, shipmentIdOf } from '../shipment-fixtures.ts';

/**
 * Names, references and notes refuse control characters and bidirectional overrides
 * (contract/plain-text.ts): 400 naming the field, nothing written. One call of each kind.
 */

const t = testAppForFile();
let primary: string;
let shipmentId: number;

/** A right-to-left override that shows "invoice.exe" as "invoiceexe.pdf", and a bell. */
const HOSTILE = ['invoice\u202Efdp.exe', 'ring \u0007', 'esc \u001b[2J'];

async function expectRefused(method: 'POST' | 'PATCH', url: string, field: string, body: (text: string) => object) {
  const before = await databaseDigest(t.app.db);
  for (const text of HOSTILE) {
    const response = await injectAs(t.app, primary, { method, url: `/api${url}`, payload: body(text) });
    expect(response.statusCode, `${url} ${JSON.stringify(text)}: ${response.body}`).toBe(400);
    expect(response.json()).toMatchObject({ field, message: `${field}: ${CONTROL_CHARACTER_MESSAGE}` });
  }
  expect(await databaseDigest(t.app.db)).toEqual(before);
}

beforeAll(async () => {
  primary = await login(t.app, 'primary@demo.test');
  shipmentId = await shipmentIdOf(t.app.db, '40001');
});

describe('control characters in names, references and notes', () => {
  it("refuses them in a trucker's name", async () => {
    await expectRefused('POST', '/user/trucker/save', 'truckers.0.name', (name) => ({
      truckers: [{ name, email: '', cc_emails: [] }],
    }));
  });

  it("refuses them in a warehouse's name, address and contact", async () => {
    await expectRefused('POST', '/user/settings/save', 'warehouses.0.name', (name) => ({ warehouses: [{ name }] }));
    await expectRefused('POST', '/user/settings/save', 'warehouses.0.address', (address) => ({
      warehouses: [{ name: 'Dock 4', address }],
    }));
    await expectRefused('POST', '/user/settings/save', 'warehouses.0.emails.0.name', (name) => ({
      warehouses: [{ name: 'Dock 4', emails: [{ name, email: '' }] }],
    }));
  });

  it("refuses them in a delivery order's reference number and note", async () => {
    const order = {
      trucker_id: 1,
      warehouse_id: 1,
      reference_number: 'PO-1',
      note: '',
      containers: [1],
      bill_ladings: [1],
    };
    const orderable = await orderableShipment(t.app.db, '40001', new Set(), 1);
    const url = `/user/shipments/${orderable.id}/delivery_order`;
    await expectRefused('POST', url, 'reference_number', (reference_number) => ({ ...order, reference_number }));
    await expectRefused('POST', url, 'note', (note) => ({ ...order, note }));
  });

  it("refuses them in a shipment's reference number and in a comment, and keeps line breaks and tabs", async () => {
    await expectRefused('POST', `/user/shipments/${shipmentId}/reference_no`, 'reference_no', (reference_no) => ({
      reference_no,
    }));
    await expectRefused('POST', `/user/shipments/${shipmentId}/add_comment`, 'note', (note) => ({ note }));

    const note = 'Two lines:\r\nfirst\tand second.';
    const kept = await injectAs(t.app, primary, {
      method: 'POST',
      url: `/api/user/shipments/${shipmentId}/add_comment`,
      payload: { note },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await lastNoteOf(t.app.db, shipmentId)).toBe(note);
  });

  it("refuses them in a sub-user's name", async () => {
    await expectRefused('POST', '/user/user/subusers', 'name', (name) => ({
      name,
      email: 'new-person@demo.test',
      password: 'a-long-password-1',
      role: 11,
      linkedAccounts: ['40001'],
    }));
  });
});
