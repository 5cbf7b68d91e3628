import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DELIVERY_ORDER_DELETED,
  DeleteDeliveryOrderResponse,
  DeliveryOrderErrorResponse,
  DeliveryOrderParams,
  DeliveryOrderRequest,
  DeliveryOrderResponse,
  SendDeliveryOrderResponse,
} from '@clearport/contract/delivery-orders';
import { API_PATHS } from '@clearport/contract/paths';
import { REQUEST_KEY_HEADER } from '@clearport/contract/constants';
import { ErrorResponse, IdParams, RequestKeyHeaders } from '@clearport/contract/http';
import { TEXTS } from '@clearport/contract/texts';
import { replyWith } from '../../lib/action.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { refuseChangesByReadOnlyRoles } from '../access/read-only.ts';
import { createDeliveryOrder } from './create-delivery-order.ts';
import { deleteDeliveryOrder } from './delete-delivery-order.ts';
import { deliveryOrdersRepository } from './delivery-orders.repository.ts';
import { refusalOf, type DeliveryOrderRefusal } from './delivery-orders.rules.ts';
import { sendDeliveryOrder } from './send-delivery-order.ts';
import { updateDeliveryOrder } from './update-delivery-order.ts';

const errors = { '4xx': ErrorResponse, 502: DeliveryOrderErrorResponse };

/** Create, update, delete and send (docs/decisions/0008-delivery-orders.md); role 11 gets 403. */
export const deliveryOrdersRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', refuseChangesByReadOnlyRoles);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const refuse = (reply: FastifyReply, named: DeliveryOrderRefusal, brokerEmail: string) =>
    sendRefusal(reply, refusalOf(named, brokerEmail));

  api.post(
    API_PATHS.deliveryOrders,
    {
      schema: {
        params: IdParams,
        headers: RequestKeyHeaders,
        body: DeliveryOrderRequest,
        response: { 200: DeliveryOrderResponse, ...errors },
      },
      // Before the body is checked: another company's shipment is 404 whatever the body, and a
      // shipment with no container yet answers the spec's text rather than "select a container".
      preValidation: async (request, reply) => {
        const params = IdParams.safeParse(request.params);
        if (!params.success) return;
        const state = await deliveryOrdersRepository.creationState(app.db, request.user, params.data.id);
        if (state !== 'ready') return refuse(reply, { refused: state }, request.deps.brokerEmail);
      },
    },
    async (request, reply) => {
      const input = {
        shipmentId: request.params.id,
        order: request.body,
        requestKey: request.headers[REQUEST_KEY_HEADER],
      };
      const result = await createDeliveryOrder(request.deps, request.user, input);
      return replyWith(reply, result, (order) => ({ delivery_order: order }));
    },
  );

  api.post(
    API_PATHS.deliveryOrder,
    {
      schema: {
        params: DeliveryOrderParams,
        body: DeliveryOrderRequest,
        response: { 200: DeliveryOrderResponse, ...errors },
      },
    },
    async (request, reply) => {
      const input = { shipmentId: request.params.id, orderId: request.params.orderId, order: request.body };
      const result = await updateDeliveryOrder(request.deps, request.user, input);
      return replyWith(reply, result, (order) => ({ delivery_order: order }));
    },
  );

  api.delete(
    API_PATHS.deliveryOrder,
    { schema: { params: DeliveryOrderParams, response: { 200: DeleteDeliveryOrderResponse, ...errors } } },
    async (request, reply) => {
      const input = { shipmentId: request.params.id, orderId: request.params.orderId };
      const result = await deleteDeliveryOrder(request.deps, request.user, input);
      return replyWith(reply, result, () => ({ message: DELIVERY_ORDER_DELETED }));
    },
  );

  api.post(
    API_PATHS.sendDeliveryOrder,
    { schema: { params: DeliveryOrderParams, response: { 200: SendDeliveryOrderResponse, ...errors } } },
    async (request, reply) => {
      const input = { shipmentId: request.params.id, orderId: request.params.orderId };
      const result = await sendDeliveryOrder(request.deps, request.user, input);
      return replyWith(reply, result, (order) => ({ message: TEXTS.deliveryOrderSent, delivery_order: order }));
    },
  );
};
