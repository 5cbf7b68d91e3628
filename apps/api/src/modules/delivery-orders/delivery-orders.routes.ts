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
import { ErrorResponse, IdParams } from '@clearport/contract/http';
import { TEXTS } from '@clearport/contract/texts';
import { isNamedRefusal, sendRefusal } from '../../lib/refusal.ts';
import { newStorageKey } from '../../lib/storage.ts';
import { refuseChangesByReadOnlyRoles } from '../access/read-only.ts';
import { deliveryOrderMail } from './delivery-order-mail.ts';
import { deliveryOrderPdf } from './delivery-order-pdf.ts';
import { deliveryOrdersRepository } from './delivery-orders.repository.ts';
import { refusalOf, type DeliveryOrderRefusal } from './delivery-orders.rules.ts';

export type DeliveryOrdersRoutesOptions = {
  /** The brokerage's contact address, named in TEXTS.missingContainer and on the PDF. */
  brokerEmail: string;
};

/** Where sent delivery orders are stored; each send makes a new key. */
const DELIVERY_ORDERS_FOLDER = 'delivery-orders';

const errors = { '4xx': ErrorResponse, 502: DeliveryOrderErrorResponse };

/** Create, update, delete and send (docs/decisions/0008-delivery-orders.md); role 11 gets 403. */
const orderRoutes: FastifyPluginAsync<DeliveryOrdersRoutesOptions> = async (app, { brokerEmail }) => {
  app.addHook('onRequest', refuseChangesByReadOnlyRoles);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const refuse = (reply: FastifyReply, named: DeliveryOrderRefusal) =>
    sendRefusal(reply, refusalOf(named, brokerEmail));

  api.post(
    API_PATHS.deliveryOrders,
    {
      schema: { params: IdParams, body: DeliveryOrderRequest, response: { 200: DeliveryOrderResponse, ...errors } },
      // Before the body is checked: another company's shipment is 404 whatever the body, and a
      // shipment with no container yet answers the spec's text rather than "select a container".
      preValidation: async (request, reply) => {
        const params = IdParams.safeParse(request.params);
        if (!params.success) return;
        const state = await deliveryOrdersRepository.creationState(app.db, request.user, params.data.id);
        if (state === 'notFound') return refuse(reply, { refused: 'shipmentNotFound' });
        if (state === 'noContainers') return refuse(reply, { refused: 'noContainers' });
      },
    },
    async (request, reply) => {
      const result = await deliveryOrdersRepository.create(app.db, request.user, request.params.id, request.body);
      return isNamedRefusal(result) ? refuse(reply, result) : { delivery_order: result };
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
      const { id, orderId } = request.params;
      const result = await deliveryOrdersRepository.update(app.db, request.user, id, orderId, request.body);
      return isNamedRefusal(result) ? refuse(reply, result) : { delivery_order: result };
    },
  );

  api.delete(
    API_PATHS.deliveryOrder,
    { schema: { params: DeliveryOrderParams, response: { 200: DeleteDeliveryOrderResponse, ...errors } } },
    async (request, reply) => {
      const { id, orderId } = request.params;
      const result = await deliveryOrdersRepository.delete(app.db, request.user, id, orderId);
      if (isNamedRefusal(result)) return refuse(reply, result);
      if (result.path) await removeFile(result.path);
      return { message: DELIVERY_ORDER_DELETED };
    },
  );

  /**
   * Renders the PDF, stores it under a new key, mails it, and only then records it as the
   * order's `path`. A mail that fails removes the new file and changes nothing, so the order
   * is as it was and the send can be repeated.
   */
  api.post(
    API_PATHS.sendDeliveryOrder,
    { schema: { params: DeliveryOrderParams, response: { 200: SendDeliveryOrderResponse, ...errors } } },
    async (request, reply) => {
      const { id, orderId } = request.params;
      const details = await deliveryOrdersRepository.sendingDetails(app.db, request.user, id, orderId);
      if (isNamedRefusal(details)) return refuse(reply, details);
      const pdf = await deliveryOrderPdf(details, new Date(), brokerEmail);
      const key = newStorageKey(DELIVERY_ORDERS_FOLDER, 'pdf');
      await app.storage.put(key, Buffer.from(pdf));
      try {
        let messageId: string;
        try {
          ({ messageId } = await app.mailer.send(deliveryOrderMail(details, pdf)));
        } catch (error) {
          request.log.warn({ err: error, orderId }, 'the delivery order mail was not sent');
          await app.storage.delete(key);
          return refuse(reply, { refused: 'mailFailed' });
        }
        const sent = { path: key, recipients: details.recipients, messageId };
        const result = await deliveryOrdersRepository.recordSent(app.db, request.user, id, orderId, sent);
        if (isNamedRefusal(result)) {
          await app.storage.delete(key);
          return refuse(reply, result);
        }
        if (result.replacedPath) await removeFile(result.replacedPath);
        return { message: TEXTS.deliveryOrderSent, delivery_order: result.order };
      } catch (error) {
        await app.storage.delete(key);
        throw error;
      }
    },
  );

  /** A file whose record is gone is unreachable; failing to remove it only takes space. */
  async function removeFile(path: string): Promise<void> {
    try {
      await app.storage.delete(path);
    } catch (error) {
      app.log.warn({ err: error, path }, 'a delivery order left its file behind');
    }
  }
};

/** The delivery order editor's calls; its Add New modals call the truckers and settings modules. */
export const deliveryOrdersRoutes: FastifyPluginAsync<DeliveryOrdersRoutesOptions> = async (app, options) => {
  await app.register(orderRoutes, options);
};
