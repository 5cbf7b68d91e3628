import { BROKERAGE_NAME } from '@clearport/contract/constants';
import { displayDate, displayDay } from '../../lib/display-dates.ts';
import { renderFieldsPdf } from '../../lib/pdf.ts';
import type { DeliveryOrderDetails } from './delivery-orders.repository.ts';

const listed = (values: readonly string[]) => (values.length > 0 ? values.join(', ') : 'None');
const orNone = (value: string) => (value.trim() === '' ? 'None' : value);
const joinedParts = (...parts: string[]) => parts.filter((part) => part.trim() !== '').join(' ');

export function deliveryOrderFileName(details: Pick<DeliveryOrderDetails, 'orderId' | 'shipment'>): string {
  return `Delivery order ${details.shipment.file_number}-${details.orderId}.pdf`;
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
  const port = joinedParts(shipment.unlading_name, shipment.unlading_code ? `(${shipment.unlading_code})` : '');
  return renderFieldsPdf({
    title: 'Delivery Order',
    subtitle: `Entry ${shipment.file_number}    Order ${details.orderId}    Date ${displayDate(issued, details.timeZone)}`,
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
          ['Terminal', orNone(shipment.destination_terminal)],
          ['Port of unlading', orNone(port)],
          ['Pick-up date', displayDay(details.pickup_date) ?? 'Not given'],
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
          ['Warehouse', orNone(warehouse.name)],
          ['Address', orNone(warehouse.address)],
          [
            'City, state, ZIP',
            orNone(joinedParts(warehouse.city ? `${warehouse.city},` : '', warehouse.state, warehouse.zip)),
          ],
          ['Phone', orNone(warehouse.phone)],
          ['Contact', orNone(warehouse.contact?.name ?? '')],
          ['Contact e-mail', orNone(warehouse.contact?.email ?? '')],
        ],
      },
      { heading: 'Note', fields: [['Note', orNone(details.note)]] },
    ],
    footer: `Issued by ${BROKERAGE_NAME} for ${details.company}. Questions: ${brokerEmail}`,
  });
}
