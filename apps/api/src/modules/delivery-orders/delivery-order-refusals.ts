import type { FastifyReply } from 'fastify';
import { DELIVERY_ORDER_ERRORS } from '@clearport/contract/delivery-orders';
import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipments';
import { fillText, TEXTS } from '@clearport/contract/texts';

/**
 * The ways a delivery order call is refused, and how each is answered: DeliveryOrderErrorResponse,
 * `{ message, field?, errors: [message] }`, so the editor shows `errors[0]` as it shows the
 * schema's refusals. A repository returns `{ refused }` before writing anything.
 */
export type DeliveryOrderRefusal =
  | { refused: 'shipmentNotFound' }
  | { refused: 'orderNotFound' }
  | { refused: 'noContainers' }
  | { refused: 'truckerUnavailable' }
  | { refused: 'warehouseUnavailable' }
  | { refused: 'containerNotOnShipment' }
  | { refused: 'billNotOnShipment' }
  | { refused: 'containersAssigned'; containers: string[] }
  | { refused: 'notApproved' }
  | { refused: 'truckerHasNoEmail' }
  | { refused: 'mailFailed' };

export function isDeliveryOrderRefusal(value: object): value is DeliveryOrderRefusal {
  return 'refused' in value;
}

type Answer = { code: number; field?: string; message: string };

function answerTo(refusal: DeliveryOrderRefusal, brokerEmail: string): Answer {
  const E = DELIVERY_ORDER_ERRORS;
  switch (refusal.refused) {
    case 'shipmentNotFound':
      return { code: 404, message: SHIPMENT_DETAIL_ERRORS.shipmentNotFound };
    case 'orderNotFound':
      return { code: 404, message: E.orderNotFound };
    case 'noContainers':
      return { code: 400, field: 'containers', message: fillText(TEXTS.missingContainer, { email: brokerEmail }) };
    case 'truckerUnavailable':
      return { code: 400, field: 'trucker_id', message: E.truckerUnavailable };
    case 'warehouseUnavailable':
      return { code: 400, field: 'warehouse_id', message: E.warehouseUnavailable };
    case 'containerNotOnShipment':
      return { code: 400, field: 'containers', message: E.containerNotOnShipment };
    case 'billNotOnShipment':
      return { code: 400, field: 'bill_ladings', message: E.billNotOnShipment };
    case 'containersAssigned':
      return {
        code: 409,
        field: 'containers',
        message: fillText(E.containersAssigned, { containers: refusal.containers.join(', ') }),
      };
    case 'notApproved':
      return { code: 409, message: E.notApproved };
    case 'truckerHasNoEmail':
      return { code: 409, message: E.truckerHasNoEmail };
    case 'mailFailed':
      // The mail server, not this one, failed: a gateway error.
      return { code: 502, message: TEXTS.deliveryOrderSendFailed };
  }
}

export function sendDeliveryOrderRefusal(reply: FastifyReply, refusal: DeliveryOrderRefusal, brokerEmail: string) {
  const { code, field, message } = answerTo(refusal, brokerEmail);
  return reply.code(code).send({ message, ...(field === undefined ? {} : { field }), errors: [message] });
}
