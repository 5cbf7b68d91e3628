import { describe, expect, it } from 'vitest';
import { BROKERAGE_NAME } from '@clearport/contract/constants';
import { deliveryOrderMail } from './delivery-order-mail.ts';
import { deliveryOrderPdf } from './delivery-order-pdf.ts';
import type { DeliveryOrderDetails } from './delivery-orders.repository.ts';
import { pdfText } from '../../../test/pdf-text.ts';

const DETAILS: DeliveryOrderDetails = {
  orderId: 108,
  company: 'Demo Imports LLC',
  timeZone: 'America/New_York',
  shipment: {
    file_number: 'DMI-4125873-1',
    account_no: '40002',
    destination_terminal: '',
    unlading_code: '',
    unlading_name: '',
    steamship_line: 'Maersk',
    vessel_name: 'Maersk Ohio',
    est_time_arrive: null,
  },
  reference_number: 'PO-1',
  note: '',
  pickup_date: null,
  containers: ['TRHU0425730'],
  masterBills: ['MAEU123456789'],
  houseBills: [],
  trucker: { name: 'Harbor Express Drayage', phone: '', email: 'dispatch@harborexpress.test', cc_emails: [] },
  warehouse: {
    name: 'Newark DC',
    phone: '',
    address: '1 Port St',
    city: 'Newark',
    state: 'NJ',
    zip: '07102',
    contact: undefined,
  },
  deliveryList: { email: '', cc_emails: [] },
  recipients: { to: ['dispatch@harborexpress.test'], cc: [] },
};

describe('the delivery order mail', () => {
  it('tells the trucker where to pick up: the terminal, else the port, else to ask the company', async () => {
    const withNeither = deliveryOrderMail(DETAILS, new Uint8Array());
    expect(withNeither.text).toContain('Pick up at: not given yet, ask Demo Imports LLC\n');
    expect(withNeither.text).toContain('Deliver to: Newark DC, 1 Port St, Newark, NJ 07102\n');
    const atPort = { ...DETAILS, shipment: { ...DETAILS.shipment, unlading_code: '4601', unlading_name: 'Newark' } };
    expect(deliveryOrderMail(atPort, new Uint8Array()).text).toContain('Pick up at: Newark (4601)\n');
    const atTerminal = { ...atPort, shipment: { ...atPort.shipment, destination_terminal: 'APM Terminals Elizabeth' } };
    expect(deliveryOrderMail(atTerminal, new Uint8Array()).text).toContain('Pick up at: APM Terminals Elizabeth\n');

    // The PDF says the same: not given, rather than that there is none.
    const { lines } = await pdfText(
      Buffer.from(await deliveryOrderPdf(DETAILS, new Date('2026-12-05T12:00:00Z'), 'broker@example.test')),
    );
    expect(lines.join('\n')).not.toMatch(/Terminal\nPort of unlading\nPick-up date\nNone/);
    const pickUp = lines.slice(lines.indexOf('Pick up'), lines.indexOf('Trucker'));
    expect(pickUp.filter((line) => line === 'Not given')).toHaveLength(3);
  });

  it('prints "Not given" on every line of a warehouse the company gave no address or contact for', async () => {
    const bare = {
      ...DETAILS,
      warehouse: { name: 'Newark DC', phone: '', address: '', city: '', state: '', zip: '', contact: undefined },
    };
    const { lines } = await pdfText(
      await deliveryOrderPdf(bare, new Date('2026-12-05T12:00:00Z'), 'broker@example.test'),
    );
    const deliverTo = lines.slice(lines.indexOf('Deliver to'), lines.indexOf('Note'));
    expect(deliverTo).toEqual([
      'Deliver to',
      ...['Warehouse', 'Address', 'City, state, ZIP', 'Phone', 'Contact', 'Contact e-mail'],
      ...['Newark DC', 'Not given', 'Not given', 'Not given', 'Not given', 'Not given'],
    ]);
  });

  it('names the PDF and dates it when it was issued, keeps a long footer on the page and heads every page', async () => {
    const issued = new Date('2026-12-05T12:00:00Z');
    const long = {
      ...DETAILS,
      company: 'The Extraordinarily Long Named International Import Company Holdings',
      note: 'Call the warehouse an hour before delivery.\n'.repeat(60),
    };
    const { pageCount, placed, document } = await pdfText(await deliveryOrderPdf(long, issued, 'broker@example.test'));
    expect(document.getTitle()).toBe('Delivery order 108 for entry DMI-4125873-1');
    expect(document.getAuthor()).toBe(BROKERAGE_NAME);
    expect(document.getCreationDate()).toEqual(issued);
    expect(pageCount).toBeGreaterThan(1);
    for (const line of placed) expect(line.x + line.width, line.text).toBeLessThanOrEqual(612 - 54);
    for (let page = 1; page < pageCount; page++) {
      expect(placed.filter((line) => line.page === page).map((line) => line.text)).toEqual(
        expect.arrayContaining([
          BROKERAGE_NAME,
          'Delivery Order    Entry DMI-4125873-1    Order 108',
          'Note (continued)',
        ]),
      );
    }
    expect(placed.some((line) => line.text.endsWith(`Page ${pageCount} of ${pageCount}`))).toBe(true);
  });

  it('prints a trucker’s and a warehouse’s names as the mail writes them, in any Latin, Greek or Cyrillic letters', async () => {
    const named = {
      ...DETAILS,
      trucker: { ...DETAILS.trucker, name: 'Doğan Şahin Taşımacılık' },
      warehouse: { ...DETAILS.warehouse, name: 'Łódź Skład Č. 2' },
    };
    const { lines } = await pdfText(await deliveryOrderPdf(named, new Date('2026-12-05T12:00:00Z'), 'b@example.test'));
    expect(lines).toContain('Doğan Şahin Taşımacılık');
    expect(lines).toContain('Łódź Skład Č. 2');
    expect(deliveryOrderMail(named, new Uint8Array()).text).toContain('Łódź Skład Č. 2');
  });
});
