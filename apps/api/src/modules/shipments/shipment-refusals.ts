import type { FastifyReply } from 'fastify';
import { fillText } from '@clearport/contract/texts';
import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipments';

/**
 * The ways the detail's repositories refuse a change, and how each is answered. A repository
 * returns `{ refused }` from inside its transaction, before writing anything.
 */
export type Refusal =
  | { refused: 'shipmentNotFound' }
  | { refused: 'documentNotFound' }
  | { refused: 'documentKept' }
  | { refused: 'isfOnFile' }
  | { refused: 'no7501' }
  | { refused: 'unknownTypes'; types: string[] };

export function isRefusal(value: object): value is Refusal {
  return 'refused' in value;
}

const STATUS_CODES: Record<Refusal['refused'], number> = {
  shipmentNotFound: 404,
  documentNotFound: 404,
  documentKept: 403,
  isfOnFile: 409,
  no7501: 409,
  unknownTypes: 400,
};

export function sendRefusal(reply: FastifyReply, refusal: Refusal) {
  const code = STATUS_CODES[refusal.refused];
  if (refusal.refused === 'unknownTypes') {
    const message = fillText(SHIPMENT_DETAIL_ERRORS.unknownTypes, { types: refusal.types.join(', ') });
    return reply.code(code).send({ message, field: 'types' });
  }
  return reply.code(code).send({ message: SHIPMENT_DETAIL_ERRORS[refusal.refused] });
}
