import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { BROKER_API_BASE } from '@clearport/contract/ingestion';
import type { WebhookDelivery, WebhookWithSecretResponse } from '@clearport/contract/webhooks';
import { WEBHOOK_PATHS } from '@clearport/contract/webhooks';
import { apiUrl, injectAs } from './build-app.ts';

/** The URL of a webhooks call, its `:id` filled. */
export const webhookUrl = (path: string, id?: number) =>
  `${BROKER_API_BASE}${id === undefined ? path : path.replace(':id', String(id))}`;

/** Registers an endpoint through the admin API; the endpoint with its secret. */
export async function registerWebhook(
  app: FastifyInstance,
  adminKey: string,
  body: Record<string, unknown>,
): Promise<WebhookWithSecretResponse> {
  const made = await injectAs(app, adminKey, {
    method: 'POST',
    url: webhookUrl(WEBHOOK_PATHS.webhooks),
    payload: body,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<WebhookWithSecretResponse>();
}

/** The endpoint's deliveries, newest first, as the admin API lists them (one page). */
export async function deliveriesOf(
  app: FastifyInstance,
  adminKey: string,
  id: number,
  query: Record<string, string | number> = {},
): Promise<{ deliveries: WebhookDelivery[]; next: string | null }> {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  );
  const listed = await injectAs(app, adminKey, {
    method: 'GET',
    url: `${webhookUrl(WEBHOOK_PATHS.webhookDeliveries, id)}?${search}`,
  });
  expect(listed.statusCode, listed.body).toBe(200);
  return listed.json();
}

/** A customer's act that the change feed tells: a note under the shipment (`note.added`). */
export async function addNote(app: FastifyInstance, token: string, shipmentId: number, note: string): Promise<void> {
  const added = await injectAs(app, token, {
    method: 'POST',
    url: apiUrl(API_PATHS.addNote, { id: shipmentId }),
    payload: { note },
  });
  expect(added.statusCode, added.body).toBe(200);
}

/** Another act the feed tells: the shipment's customer reference (`reference.changed`). */
export async function saveReference(app: FastifyInstance, token: string, shipmentId: number, reference: string) {
  const saved = await injectAs(app, token, {
    method: 'POST',
    url: apiUrl(API_PATHS.saveReference, { id: shipmentId }),
    payload: { reference_no: reference },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}
