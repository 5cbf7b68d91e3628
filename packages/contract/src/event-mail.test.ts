import { describe, expect, it } from 'vitest';
import { DEMURRAGE_LIST_NUMBER, EVENT_MAIL_KINDS, eventMailFooter, eventMailText, mergedEvents } from './event-mail.ts';
import { NOTIFICATION_LISTS } from './settings.ts';

describe('event mail texts', () => {
  it('feeds each of the four Settings lists with one kind of event', () => {
    const lists = Object.values(EVENT_MAIL_KINDS)
      .filter(({ tableNumber }) => tableNumber !== DEMURRAGE_LIST_NUMBER)
      .map(({ tableNumber, listName }) => ({ tableNumber, listName }));
    expect(lists.sort((a, b) => a.tableNumber - b.tableNumber)).toEqual(
      NOTIFICATION_LISTS.map((list) => ({ tableNumber: list.table_number, listName: list.name })).sort(
        (a, b) => a.tableNumber - b.tableNumber,
      ),
    );
  });

  it('feeds the demurrage and detention list, apart from the four, with its three kinds', () => {
    const kinds = Object.entries(EVENT_MAIL_KINDS).filter(([, kind]) => kind.tableNumber === DEMURRAGE_LIST_NUMBER);
    expect(kinds.map(([name]) => name)).toEqual(['lastFreeDayDue', 'chargesStarted', 'lastFreeDayChanged']);
    expect(NOTIFICATION_LISTS.map((list) => list.table_number)).not.toContain(DEMURRAGE_LIST_NUMBER);
  });

  it("writes a container's last free day change with the old and new days, linked to its shipment", () => {
    const container = { shipmentId: 9, entryNo: 'DMI-9', containerNo: 'MSCU1234567', which: 'terminal' } as const;
    const one = eventMailText(
      'lastFreeDayChanged',
      [{ kind: 'lastFreeDayChanged', ...container, lfdChangeId: 1, oldDay: '01/07/2030', newDay: '01/09/2030' }],
      'https://portal.example',
    );
    expect(one.subject).toBe('Last free day changed for container MSCU1234567');
    expect(one.lines).toEqual([
      {
        text: 'Entry DMI-9, container MSCU1234567: last free day at the terminal 01/07/2030 → 01/09/2030',
        link: 'https://portal.example/shipments/9',
      },
    ]);
    const due = eventMailText(
      'lastFreeDayDue',
      [{ kind: 'lastFreeDayDue', ...container, which: 'detention', day: '01/07/2030' }],
      'https://portal.example',
    );
    expect(due.subject).toBe('Last free day 01/07/2030 for container MSCU1234567');
    expect(due.lines[0]!.text).toBe(
      'Entry DMI-9, container MSCU1234567: return the empty by 01/07/2030 (detention last free day)',
    );
  });

  it('tells an item once, as it stands at the end of the window, and counts items', () => {
    const url = 'https://portal.example';
    const documents = eventMailText(
      'documentsRequired',
      [
        { kind: 'documentsRequired', shipmentId: 170, entryNo: 'DMI-170', missing: ['Packing Slip'] },
        { kind: 'documentsRequired', shipmentId: 171, entryNo: 'DMI-171', missing: ['Arrival Notice'] },
        { kind: 'documentsRequired', shipmentId: 170, entryNo: 'DMI-170', missing: ['Packing Slip', 'Bill of Lading'] },
      ],
      url,
    );
    expect(documents.subject).toBe('Documents required for 2 shipments');
    expect(documents.lines.map((line) => line.text)).toEqual([
      'Entry DMI-170: missing Packing Slip, Bill of Lading',
      'Entry DMI-171: missing Arrival Notice',
    ]);
    const container = { shipmentId: 9, entryNo: 'DMI-9', containerNo: 'TRHU0425730', which: 'terminal' } as const;
    const moved = (lfdChangeId: number, oldDay: string | null, newDay: string | null) =>
      ({ kind: 'lastFreeDayChanged', ...container, lfdChangeId, oldDay, newDay }) as const;
    const twice = eventMailText(
      'lastFreeDayChanged',
      [moved(1, null, '02/05/2027'), moved(2, '02/05/2027', '02/07/2027')],
      url,
    );
    expect(twice.subject).toBe('Last free day changed for container TRHU0425730');
    expect(twice.lines.map((line) => line.text)).toEqual([
      'Entry DMI-9, container TRHU0425730: last free day at the terminal is 02/07/2027',
    ]);
    // Moved and moved back: nothing changed, nothing to tell.
    expect(mergedEvents([moved(3, '02/05/2027', '02/07/2027'), moved(4, '02/07/2027', '02/05/2027')])).toEqual([]);
    // Another container, or the detention day of the same one, is another item.
    expect(
      mergedEvents([
        moved(5, null, '02/05/2027'),
        { ...moved(6, null, '02/09/2027'), which: 'detention' },
        { ...moved(7, null, '02/05/2027'), containerNo: 'MSCU1234567' },
      ]),
    ).toHaveLength(3);
  });

  it("links a 7501 to its shipment's approval, which opens after the login", () => {
    const { lines } = eventMailText(
      'entrySummaryPosted',
      [{ kind: 'entrySummaryPosted', shipmentId: 7, entryNo: 'DMI-2' }],
      'https://portal.example',
    );
    expect(lines).toEqual([
      { text: 'Entry DMI-2: 7501 ready for review', link: 'https://portal.example/shipments/7?review=7501' },
    ]);
  });

  it('names the entry or invoice in the subject of one event, and counts many', () => {
    const one = eventMailText(
      'deliveryOrderApproved',
      [{ kind: 'deliveryOrderApproved', shipmentId: 5, entryNo: 'DMI-1', referenceNumber: 'PO-1', orderId: 105 }],
      'https://portal.example',
    );
    expect(one).toEqual({
      subject: 'Delivery order approved for entry DMI-1',
      intro: 'A delivery order has been approved and can now be sent to the trucker.',
      lines: [
        {
          text: 'Entry DMI-1: Delivery Order 105 approved (reference PO-1)',
          link: 'https://portal.example/shipments/5',
        },
      ],
    });
    const many = eventMailText(
      'invoicePosted',
      [
        { kind: 'invoicePosted', invoiceId: 1, invoiceNo: 'INV-1', amount: '$10.00' },
        { kind: 'invoicePosted', invoiceId: 2, invoiceNo: 'INV-2', dueDate: '01/05/2027' },
      ],
      'https://portal.example',
    );
    expect(many.subject).toBe('2 new invoices');
    expect(many.intro).toBe('2 new invoices have been posted.');
    expect(many.lines).toEqual([
      { text: 'Invoice INV-1, amount $10.00', link: 'https://portal.example/billing/1' },
      { text: 'Invoice INV-2, due 01/05/2027', link: 'https://portal.example/billing/2' },
    ]);
  });

  it('says which documents are missing, or that the required ones are', () => {
    const { lines } = eventMailText(
      'documentsRequired',
      [
        { kind: 'documentsRequired', shipmentId: 1, entryNo: 'A', missing: ['Packing List'] },
        { kind: 'documentsRequired', shipmentId: 2, entryNo: 'B', missing: [] },
      ],
      'https://portal.example',
    );
    expect(lines.map((line) => line.text)).toEqual([
      'Entry A: missing Packing List',
      'Entry B: missing the required documents',
    ]);
  });

  it('ends with the list, the company and the link to Settings', () => {
    expect(eventMailFooter('entrySummaryPosted', 'Demo Imports LLC', 'https://portal.example')).toBe(
      'You receive this e-mail because you are on the 7501 notification list of Demo Imports LLC. ' +
        'To change who receives it, go to Settings: https://portal.example/settings',
    );
  });
});
