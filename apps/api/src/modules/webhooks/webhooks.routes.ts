import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams } from '@clearport/contract/broker-admin';
import { ErrorResponse } from '@clearport/contract/http';
import {
  CreateWebhookRequest,
  DeleteWebhookResponse,
  ReplayWebhookRequest,
  ReplayWebhookResponse,
  UpdateWebhookRequest,
  WEBHOOK_ERRORS,
  WEBHOOK_PATHS,
  WebhookDeliveriesQuery,
  WebhookDeliveriesResponse,
  WebhookEndpoint,
  WebhooksResponse,
  WebhookWithSecretResponse,
} from '@clearport/contract/webhooks';
import { replyWith } from '../../lib/action.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { brokerKeyGuard } from '../access/broker-key.ts';
import { BROKER } from '../access/session-user.ts';
import { createWebhook } from './create-webhook.ts';
import { deleteWebhook } from './delete-webhook.ts';
import { replayWebhook } from './replay-webhook.ts';
import { rotateWebhookSecret } from './rotate-webhook-secret.ts';
import { updateWebhook } from './update-webhook.ts';
import { webhookDeliveriesRepository, type DeliveryRow } from './webhook-deliveries.repository.ts';
import { webhooksRepository, type WebhookRow } from './webhooks.repository.ts';

const asEndpoint = (row: WebhookRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  event_types: row.event_types,
  enabled: row.enabled,
  cursor: row.cursor,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  previous_secret_expires_at: row.previous_secret_expires_at?.toISOString() ?? null,
});

const asDelivery = (row: DeliveryRow) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
  delivered_at: row.delivered_at?.toISOString() ?? null,
});

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse };
const withNotFound = { ...errors, 404: ErrorResponse };

export type WebhooksRoutesOptions = {
  /** Plain http:// to any host, not only to this machine (WEBHOOK_ALLOW_HTTP). */
  allowPlainHttp: boolean;
};

/**
 * The brokerage's webhooks, under BROKER_API_BASE with a key of the `admin` scope (decision
 * 0025); the server's worker (webhooks.worker.ts) delivers.
 */
export const webhooksRoutes: FastifyPluginAsync<WebhooksRoutesOptions> = async (app, { allowPlainHttp }) => {
  app.addHook(
    'onRequest',
    brokerKeyGuard(() => app.db),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { brokerScope: 'admin' } as const;

  routes.get(
    WEBHOOK_PATHS.webhooks,
    { config, schema: { response: { 200: WebhooksResponse, ...errors } } },
    async () => ({ webhooks: (await webhooksRepository.list(app.db)).map(asEndpoint) }),
  );

  routes.post(
    WEBHOOK_PATHS.webhooks,
    {
      config,
      schema: {
        description:
          'Every event of the change feed (the body is the event as GET /v1/events gives it) is POSTed to the ' +
          'URL, signed as Standard Webhooks sign: headers webhook-id (the same on every retry), ' +
          'webhook-timestamp (Unix seconds) and webhook-signature (v1, and the base64 HMAC-SHA256 of ' +
          '"<id>.<timestamp>.<body>" keyed with the secret after whsec_, base64-decoded). A 2xx answer within ' +
          'the timeout delivers it; anything else is retried after 1, 2, 4, … minutes (at most an hour ' +
          'apart) for a day.',
        body: CreateWebhookRequest,
        response: { 201: WebhookWithSecretResponse, 409: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { event_types, after, ...endpoint } = request.body;
      const made = await createWebhook(request.deps, BROKER, {
        ...endpoint,
        event_types,
        after,
        allowPlainHttp,
      });
      return replyWith(reply, made, (row) => reply.code(201).send({ ...asEndpoint(row), secret: row.secret }));
    },
  );

  routes.patch(
    WEBHOOK_PATHS.webhook,
    {
      config,
      schema: { params: IdParams, body: UpdateWebhookRequest, response: { 200: WebhookEndpoint, ...withNotFound } },
    },
    async (request, reply) => {
      const changed = await updateWebhook(request.deps, BROKER, {
        id: request.params.id,
        changes: request.body,
        allowPlainHttp,
      });
      return replyWith(reply, changed, asEndpoint);
    },
  );

  routes.delete(
    WEBHOOK_PATHS.webhook,
    { config, schema: { params: IdParams, response: { 200: DeleteWebhookResponse, ...withNotFound } } },
    async (request, reply) => {
      const deleted = await deleteWebhook(request.deps, BROKER, { id: request.params.id });
      return replyWith(reply, deleted, () => ({ outcome: 'deleted' }) as const);
    },
  );

  routes.post(
    WEBHOOK_PATHS.rotateWebhookSecret,
    {
      config,
      schema: {
        description:
          'A new secret, shown once in the answer. For a day the deliveries carry two signatures, the new ' +
          "secret's and the one it replaced; a second rotation within that day drops the first secret at once.",
        params: IdParams,
        response: { 200: WebhookWithSecretResponse, ...withNotFound },
      },
    },
    async (request, reply) => {
      const rotated = await rotateWebhookSecret(request.deps, BROKER, { id: request.params.id });
      return replyWith(reply, rotated, (row) => ({ ...asEndpoint(row), secret: row.secret }));
    },
  );

  routes.get(
    WEBHOOK_PATHS.webhookDeliveries,
    {
      config,
      schema: {
        params: IdParams,
        querystring: WebhookDeliveriesQuery,
        response: { 200: WebhookDeliveriesResponse, ...withNotFound },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await webhooksRepository.exists(app.db, id))) {
        return sendRefusal(reply, { status: 404, message: WEBHOOK_ERRORS.webhookNotFound });
      }
      const page = await webhookDeliveriesRepository.list(app.db, id, request.query);
      return {
        deliveries: page.map(asDelivery),
        next: page.length === request.query.limit ? page.at(-1)!.id : null,
      };
    },
  );

  routes.post(
    WEBHOOK_PATHS.replayWebhook,
    {
      config,
      schema: {
        description:
          "The endpoint's events after `after` are sent again, each as a new delivery marked replay with a " +
          'webhook-id of its own (the body, and its cursor, are the event as before).',
        params: IdParams,
        // No body at all replays from the feed's first event, as `{}` does.
        body: ReplayWebhookRequest.nullish(),
        response: { 200: ReplayWebhookResponse, ...withNotFound },
      },
    },
    async (request, reply) => {
      const replay = await replayWebhook(request.deps, BROKER, { id: request.params.id, after: request.body?.after });
      return replyWith(reply, replay, (queued) => queued);
    },
  );
};
