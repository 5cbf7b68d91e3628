import type { FastifyReply, FastifyRequest } from 'fastify';
import { isReadOnly } from '@clearport/contract/roles';
import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipment-detail';
import { sendRefusal, type Refusal } from '../../lib/refusal.ts';

const READ_METHODS: readonly string[] = ['GET', 'HEAD'];
const READ_ONLY: Refusal = { status: 403, message: SHIPMENT_DETAIL_ERRORS.readOnly };

/**
 * An onRequest hook for a plugin of changes: role 11 (Shipments Info) reads, and every change
 * answers 403 before anything is parsed.
 */
export async function refuseChangesByReadOnlyRoles(request: FastifyRequest, reply: FastifyReply) {
  if (!READ_METHODS.includes(request.method) && isReadOnly(request.user.role)) {
    return sendRefusal(reply, READ_ONLY);
  }
}

/** An onRequest hook for what role 11 does not see at all (settings, truckers): 403 to every call. */
export async function refuseReadOnlyRoles(request: FastifyRequest, reply: FastifyReply) {
  if (isReadOnly(request.user.role)) {
    return sendRefusal(reply, READ_ONLY);
  }
}
