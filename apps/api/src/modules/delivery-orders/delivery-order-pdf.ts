import { BROKERAGE_NAME } from '@clearport/contract/constants';
import { displayDate, displayDay } from '../../lib/display-dates.ts';
import { renderFieldsPdf } from '../../lib/pdf.ts';
import type { DeliveryOrderDetails } from './delivery-orders.repository.ts';

const listed = (values: readonly string[]) => (values.length > 0 ? values.join(', ') : 'None');
const orNone = (value: string) => (value.trim() === '' ? 'None' : value);
/**
 * A place or contact the broker or the company has not given yet: the trucker asks for it, not
 * reads that there is none.
 */
const orNotGiven = (value: string) => (value.trim() === '' ? NOT_GIVEN : value);
const NOT_GIVEN = 'Not given';
const joinedParts = (...parts: string[]) => parts.filter((part) => part.trim() !== '').join(' ');

/** The port of unlading as the order names it: Newark (4601). */
export function portOf(shipment: Pick<DeliveryOrderDetails['shipment'], 'unlading_name' | 'unlading_code'>): string {
  return joinedParts(shipment.unlading_name, shipment.unlading_code ? `(${shipment.unlading_code})` : '');
}

/** The warehouse's city, state and zip as an address writes them: Newark, NJ 07102. */
export function cityLineOf(warehouse: Pick<DeliveryOrderDetails['warehouse'], 'city' | 'state' | 'zip'>): string {
  return joinedParts(warehouse.city ? `${warehouse.city},` : '', warehouse.state, warehouse.zip).replace(/,$/, '');
}

/** The PDF's name as the trucker's attachment and the portal's download give it. */
export function deliveryOrderFileName(details: { orderId: number; shipment: { file_number: string } }): string {
  return `Delivery order ${details.orderId} for entry ${details.shipment.file_number}.pdf`;
}

/**
 * The delivery order the trucker receives (docs/decisions/0008-delivery-orders.md): who issues
 * it, the entry, what to pick up and where, who carries it, where it goes and whom to call.
 */
export function deliveryOrderPdf(
  details: DeliveryOrderDetails,
  issued: Date,
  brokerEmail: string,
): Promise<Uint8Array> {
  const { shipment, trucker, warehouse } = details;
  const port = portOf(shipment);
  const entry = `Entry ${shipment.file_number}`;
  const order = `Order ${details.orderId}`;
  return renderFieldsPdf({
    title: 'Delivery Order',
    subtitle: [entry, order, `Date ${displayDate(issued, details.timeZone)}`],
    runningTitle: ['Delivery Order', entry, order],
    documentTitle: `Delivery order ${details.orderId} for entry ${shipment.file_number}`,
    issued,
    sections: [
      {
        heading: 'Shipment',
        fields: [
          ['Entry number', shipment.file_number],
          ['Importer', `${details.company} (account ${shipment.account_no})`],
          ['Reference number', orNone(details.reference_number)],
          ['Master bills of lading', listed(details.masterBills)],
          ['House bills of lading', listed(details.houseBills)],
          ['Containers', listed(details.containers)],
          ['Carrier and vessel', orNone(joinedParts(shipment.steamship_line, shipment.vessel_name))],
          ['ETA', displayDay(shipment.est_time_arrive) ?? 'Not available'],
        ],
      },
      {
        heading: 'Pick up',
        fields: [
          ['Terminal', orNotGiven(shipment.destination_terminal)],
          ['Port of unlading', orNotGiven(port)],
          ['Pick-up date', displayDay(details.pickup_date) ?? NOT_GIVEN],
        ],
      },
      {
        heading: 'Trucker',
        fields: [
          ['Name', trucker.name],
          ['Phone', orNone(trucker.phone)],
          ['E-mail', trucker.email],
        ],
      },
      {
        heading: 'Deliver to',
        fields: [
          ['Warehouse', orNotGiven(warehouse.name)],
          ['Address', orNotGiven(warehouse.address)],
          ['City, state, ZIP', orNotGiven(cityLineOf(warehouse))],
          ['Phone', orNotGiven(warehouse.phone)],
          ['Contact', orNotGiven(warehouse.contact?.name ?? '')],
          ['Contact e-mail', orNotGiven(warehouse.contact?.email ?? '')],
        ],
      },
      { heading: 'Note', fields: [['Note', orNone(details.note)]] },
    ],
    footer: `Issued by ${BROKERAGE_NAME} for ${details.company}. Questions: ${brokerEmail}`,
  });
}
