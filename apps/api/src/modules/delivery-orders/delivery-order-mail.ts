import type { OutgoingMail } from '../../lib/mail.ts';
import { mailParts } from '../../lib/mail-html.ts';
import { displayDay } from '../../lib/display-dates.ts';
import { cityLineOf, deliveryOrderFileName, portOf } from './delivery-order-pdf.ts';
import type { DeliveryOrderDetails } from './delivery-orders.repository.ts';

/**
 * The message a send hands to the mail transport: to the trucker and the company's delivery
 * list, their CC lists copied (DeliveryOrderDetails.recipients), the PDF attached; replies go
 * to the company's delivery list when it has an address.
 */
export function deliveryOrderMail(details: DeliveryOrderDetails, pdf: Uint8Array): OutgoingMail {
  const { shipment, warehouse } = details;
  const place = [warehouse.name, warehouse.address, cityLineOf(warehouse)]
    .filter((part) => part.trim() !== '')
    .join(', ');
  // The terminal, else the port; neither sent yet, the trucker asks the company rather than the PDF.
  const pickUp = shipment.destination_terminal.trim() || portOf(shipment) || `not given yet, ask ${details.company}`;
  const paragraphs = [
    [`Hello ${details.trucker.name},`],
    [
      `${details.company} sends you delivery order ${details.orderId} for entry ${shipment.file_number}; the PDF is attached.`,
    ],
    [
      `Containers: ${details.containers.join(', ')}`,
      `Pick up at: ${pickUp}`,
      ...(details.pickup_date ? [`Pick up on: ${displayDay(details.pickup_date)}`] : []),
      `Deliver to: ${place || 'see the attached order'}`,
      ...(details.reference_number ? [`Reference number: ${details.reference_number}`] : []),
    ],
    ...(details.note ? [[details.note]] : []),
  ];
  return {
    to: details.recipients.to,
    cc: details.recipients.cc,
    ...(details.deliveryList.email ? { replyTo: details.deliveryList.email } : {}),
    subject: `Delivery order ${details.orderId} for entry ${shipment.file_number} from ${details.company}`,
    ...mailParts(paragraphs),
    attachments: [
      { filename: deliveryOrderFileName(details), content: Buffer.from(pdf), contentType: 'application/pdf' },
    ],
  };
}
