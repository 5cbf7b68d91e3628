import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminPageQuery,
  MailPageQuery,
  ApiKeysResponse,
  ApproveDeliveryOrderResponse,
  BROKER_ADMIN_ERRORS,
  BROKER_ADMIN_PATHS,
  BrokerPaymentInstructionsResponse,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  CreateSignInLinkRequest,
  CreateSignInLinkResponse,
  FailedMailResponse,
  FailedReportMailResponse,
  IdParams,
  MailIdParams,
  RetryMailResponse,
  RevokeApiKeyResponse,
  SetPaymentInstructionsRequest,
  WaitingDeliveryOrdersResponse,
} from '@clearport/contract/broker-admin';
import { ErrorResponse } from '@clearport/contract/http';
import { replyWith } from '../../lib/action.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { apiKeysRepository, type ApiKeyRow } from '../access/api-keys.repository.ts';
import { brokerKeyGuard } from '../access/broker-key.ts';
import { BROKER } from '../access/session-user.ts';
import { createSignInLink } from '../auth/create-sign-in-link.ts';
import { approveDeliveryOrder } from '../delivery-orders/approve-delivery-order.ts';
import { deliveryOrdersReads } from '../delivery-orders/delivery-orders.reads.ts';
import { failedMessages } from '../event-mail/event-mail.repository.ts';
import { retryFailedMail } from '../event-mail/retry-failed-mail.ts';
import { invoicesReads } from '../invoices/invoices.reads.ts';
import { reportMailReads } from '../reports/report-mail.reads.ts';
import { retryFailedReportMail } from '../reports/retry-failed-report-mail.ts';
import { setPaymentInstructions } from '../invoices/set-payment-instructions.ts';
import { createApiKey } from './create-api-key.ts';
import { revokeApiKey } from './revoke-api-key.ts';

const asKey = (row: ApiKeyRow) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at?.toISOString() ?? null,
  last_used_at: row.last_used_at?.toISOString() ?? null,
  revoked_at: row.revoked_at?.toISOString() ?? null,
});

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };

/**
 * The brokerage's administration while the portal runs (docs/decisions/0024): a key with the
 * `admin` scope, the same actions `npm run broker` calls on a database no server holds.
 */
export const brokerAdminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook(
    'onRequest',
    brokerKeyGuard(() => app.db),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { brokerScope: 'admin' } as const;

  routes.get(
    BROKER_ADMIN_PATHS.apiKeys,
    { config, schema: { response: { 200: ApiKeysResponse, ...errors } } },
    async () => ({
      api_keys: (await apiKeysRepository.list(app.db)).map(asKey),
    }),
  );

  routes.post(
    BROKER_ADMIN_PATHS.apiKeys,
    { config, schema: { body: CreateApiKeyRequest, response: { 201: CreateApiKeyResponse, ...errors } } },
    async (request, reply) => {
      const { name, scopes, expires_at } = request.body;
      const made = await createApiKey(request.deps, BROKER, {
        name,
        scopes,
        expiresAt: expires_at === null ? null : new Date(expires_at),
      });
      return replyWith(reply, made, (key) => reply.code(201).send({ ...asKey(key), key: key.key }));
    },
  );

  routes.post(
    BROKER_ADMIN_PATHS.revokeApiKey,
    { config, schema: { params: IdParams, response: { 200: RevokeApiKeyResponse, 404: ErrorResponse, ...errors } } },
    async (request, reply) => {
      const result = await revokeApiKey(request.deps, BROKER, { id: request.params.id });
      if (result === 'notFound')
        return sendRefusal(reply, { status: 404, message: BROKER_ADMIN_ERRORS.apiKeyNotFound });
      return { outcome: result === 'revoked' ? 'revoked' : 'already_revoked' } as const;
    },
  );

  routes.get(
    BROKER_ADMIN_PATHS.deliveryOrders,
    { config, schema: { querystring: AdminPageQuery, response: { 200: WaitingDeliveryOrdersResponse, ...errors } } },
    async (request) => {
      const { after, limit } = request.query;
      const orders = await deliveryOrdersReads.waitingForApproval(app.db, { after, limit });
      return {
        delivery_orders: orders.map((order) => ({ ...order, created_at: order.created_at.toISOString() })),
        next: orders.length === limit ? orders.at(-1)!.id : null,
      };
    },
  );

  routes.post(
    BROKER_ADMIN_PATHS.approveDeliveryOrder,
    {
      config,
      schema: { params: IdParams, response: { 200: ApproveDeliveryOrderResponse, 404: ErrorResponse, ...errors } },
    },
    async (request, reply) => {
      const result = await approveDeliveryOrder(request.deps, BROKER, {
        orderId: request.params.id,
        tellsDeliveryList: true,
      });
      if (result === 'notFound') {
        return sendRefusal(reply, { status: 404, message: BROKER_ADMIN_ERRORS.deliveryOrderNotFound });
      }
      return { outcome: result === 'approved' ? 'approved' : 'already_approved' } as const;
    },
  );

  routes.get(
    BROKER_ADMIN_PATHS.paymentInstructions,
    { config, schema: { response: { 200: BrokerPaymentInstructionsResponse, ...errors } } },
    async () => ({ payment_instructions: await invoicesReads.paymentInstructions(app.db) }),
  );

  routes.put(
    BROKER_ADMIN_PATHS.paymentInstructions,
    {
      config,
      schema: { body: SetPaymentInstructionsRequest, response: { 200: BrokerPaymentInstructionsResponse, ...errors } },
    },
    async (request) => {
      await setPaymentInstructions(request.deps, BROKER, request.body);
      return { payment_instructions: request.body };
    },
  );

  routes.get(
    BROKER_ADMIN_PATHS.failedMail,
    { config, schema: { querystring: MailPageQuery, response: { 200: FailedMailResponse, ...errors } } },
    async (request) => {
      const { after, limit } = request.query;
      const failed = await failedMessages(app.db, { after, limit });
      return {
        mail: failed.map((mail) => ({
          id: mail.id,
          company: mail.company,
          kind: mail.kind,
          attempts: mail.attempts,
          last_error: mail.lastError,
          created_at: mail.createdAt.toISOString(),
        })),
        next: failed.length === limit ? failed.at(-1)!.id : null,
      };
    },
  );

  routes.post(
    BROKER_ADMIN_PATHS.retryMail,
    { config, schema: { params: MailIdParams, response: { 200: RetryMailResponse, 404: ErrorResponse, ...errors } } },
    async (request, reply) => {
      if (!(await retryFailedMail(request.deps, BROKER, { id: request.params.id }))) {
        return sendRefusal(reply, { status: 404, message: BROKER_ADMIN_ERRORS.failedMailNotFound });
      }
      return { outcome: 'queued' } as const;
    },
  );

  routes.get(
    BROKER_ADMIN_PATHS.failedReportMail,
    { config, schema: { querystring: MailPageQuery, response: { 200: FailedReportMailResponse, ...errors } } },
    async (request) => {
      const failed = await reportMailReads.failed(app.db, request.query);
      const { limit } = request.query;
      return {
        mail: failed.map((mail) => ({
          id: mail.id,
          company: mail.company,
          email: mail.email,
          report: mail.report,
          period: mail.period,
          attempts: mail.attempts,
          last_error: mail.lastError,
          created_at: mail.createdAt.toISOString(),
        })),
        next: failed.length === limit ? failed.at(-1)!.id : null,
      };
    },
  );

  routes.post(
    BROKER_ADMIN_PATHS.retryReportMail,
    { config, schema: { params: MailIdParams, response: { 200: RetryMailResponse, 404: ErrorResponse, ...errors } } },
    async (request, reply) => {
      if (!(await retryFailedReportMail(request.deps, BROKER, { id: request.params.id }))) {
        return sendRefusal(reply, { status: 404, message: BROKER_ADMIN_ERRORS.failedReportMailNotFound });
      }
      return { outcome: 'queued' } as const;
    },
  );

  routes.post(
    BROKER_ADMIN_PATHS.signInLinks,
    {
      config,
      schema: {
        body: CreateSignInLinkRequest,
        response: { 201: CreateSignInLinkResponse, 404: ErrorResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const made = await createSignInLink(request.deps, BROKER, { email: request.body.email });
      return replyWith(reply, made, (link) =>
        reply.code(201).send({ token: link.token, url: link.url, expires_at: link.expiresAt.toISOString() }),
      );
    },
  );
};
