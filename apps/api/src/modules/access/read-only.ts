import type { FastifyReply, FastifyRequest } from 'fastify';
import { isReadOnly } from '@clearport/contract/roles';
import { SHIPMENT_DETAIL_ERRORS } from '@clearport/contract/shipments';

const READ_METHODS: readonly string[] = ['GET', 'HEAD'];

/**
 * An onRequest hook for a plugin of changes: role 11 (Shipments Info) reads, and every change
 * answers 403 before anything is parsed.
 */
export async function refuseChangesByReadOnlyRoles(request: FastifyRequest, reply: FastifyReply) {
  if (!READ_METHODS.includes(request.method) && isReadOnly(request.user.role)) {
    return reply.code(403).send({ message: SHIPMENT_DETAIL_ERRORS.readOnly });
  }
}

/** An onRequest hook for what role 11 does not see at all (settings, truckers): 403 to every call. */
export async function refuseReadOnlyRoles(request: FastifyRequest, reply: FastifyReply) {
  if (isReadOnly(request.user.role)) {
    return reply.code(403).send({ message: SHIPMENT_DETAIL_ERRORS.readOnly });
  }
}
