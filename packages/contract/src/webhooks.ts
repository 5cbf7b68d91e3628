import { z } from 'zod';
import { Instant } from './calendar.ts';
import { fromDigits, wholeNumber } from './http.ts';
import { EVENT_TYPE_DOCS } from './ingestion-docs.ts';
import { EventCursor } from './ingestion.ts';
import { oneLineText } from './plain-text.ts';

/**
 * The brokerage's webhooks (`/api/broker/v1/admin/webhooks`, a key with the `admin` scope): the
 * receivers it registers, to which the portal POSTs every event of the change feed as it happens,
 * signed as Standard Webhooks sign (https://www.standardwebhooks.com), retried for a day, each
 * delivery listed with its state (docs/decisions/0025-webhooks.md).
 */

/** Paths relative to BROKER_API_BASE. */
export const WEBHOOK_PATHS = {
  webhooks: '/v1/admin/webhooks',
  webhook: '/v1/admin/webhooks/:id',
  rotateWebhookSecret: '/v1/admin/webhooks/:id/rotate-secret',
  webhookDeliveries: '/v1/admin/webhooks/:id/deliveries',
  replayWebhook: '/v1/admin/webhooks/:id/replay',
} as const;

/** The headers of every delivery (Standard Webhooks). */
export const WEBHOOK_HEADERS = {
  /** The delivery's id: the same on every attempt of it, so a receiver keeps one. */
  id: 'webhook-id',
  /** When this attempt was sent, in Unix seconds. */
  timestamp: 'webhook-timestamp',
  /** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, space-separated when two secrets sign. */
  signature: 'webhook-signature',
} as const;

/** A secret's text: this mark, then its bytes in base64 (the HMAC key is the decoded bytes). */
export const WEBHOOK_SECRET_MARK = 'whsec_';

/** A brokerage has at most this many endpoints; one more answers 409. */
export const MAX_WEBHOOKS = 20;
export const MAX_WEBHOOK_URL_LENGTH = 2000;
/** How long the secret a rotation replaced still signs beside the new one. */
export const SECRET_ROTATION_OVERLAP_HOURS = 24;

/** The change feed's event types, which an endpoint may choose from. */
export const WEBHOOK_EVENT_TYPES = Object.keys(EVENT_TYPE_DOCS) as [string, ...string[]];

export const WEBHOOK_DELIVERY_STATES = ['pending', 'sending', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WEBHOOK_ERRORS = {
  webhookNotFound: 'There is no webhook with this id.',
  unknownCursor: 'after: not a cursor the feed handed out.',
  tooManyWebhooks: `A brokerage has at most ${MAX_WEBHOOKS} webhooks; delete one first.`,
  notAWebhookUrl: 'must be an http:// or https:// address without a user name or password',
  plainHttp: 'must be https://; http:// reaches only this machine unless the portal allows it (WEBHOOK_ALLOW_HTTP)',
} as const;

const Timestamp = Instant;

/** A URL's user name or password would be stored and listed with it, and fetch refuses them. */
const hasCredentials = (url: string) => /^[^:]+:\/\/[^/?#]*@/.test(url);

const WebhookUrl = z
  .string()
  .trim()
  .max(MAX_WEBHOOK_URL_LENGTH)
  .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_ERRORS.notAWebhookUrl }))
  .refine((url) => !hasCredentials(url), WEBHOOK_ERRORS.notAWebhookUrl)
  .describe('Where the events are POSTed: https://, or http:// to this machine (with WEBHOOK_ALLOW_HTTP, anywhere).');

const WebhookEventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .max(WEBHOOK_EVENT_TYPES.length)
  .describe("The feed's event types the endpoint receives; empty: every type, also those added later.");

const Description = oneLineText(z.string().trim().max(200));

export const WebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.string()).describe('The event types it receives; empty: every type.'),
  enabled: z
    .boolean()
    .describe('A disabled endpoint is paused: nothing is sent, and its place in the feed stays until it is enabled.'),
  cursor: EventCursor.nullable().describe("The last feed event queued for it; null: before the feed's first."),
  created_at: Timestamp,
  updated_at: Timestamp,
  previous_secret_expires_at: Timestamp.nullable().describe(
    'Until then the secret a rotation replaced signs beside the new one; null: one secret signs.',
  ),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhooksResponse = z.object({ webhooks: z.array(WebhookEndpoint) });
export type WebhooksResponse = z.infer<typeof WebhooksResponse>;

export const CreateWebhookRequest = z.strictObject({
  url: WebhookUrl,
  description: Description.default(''),
  event_types: WebhookEventTypes.default([]),
  enabled: z.boolean().default(true),
  after: EventCursor.optional().describe(
    "Start after this cursor of the feed; absent, at the feed's end (only what happens from now on). " +
      'A cursor the feed never handed out answers 400.',
  ),
});
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;

/** The endpoint with its secret, which this reply shows once (the list never does). */
export const WebhookWithSecretResponse = WebhookEndpoint.extend({
  secret: z.string().describe('whsec_ and the key in base64: shown this once; keep it where the receiver can read it.'),
});
export type WebhookWithSecretResponse = z.infer<typeof WebhookWithSecretResponse>;

/** What the request names changes; what it leaves out stays. */
export const UpdateWebhookRequest = z.strictObject({
  url: WebhookUrl.optional(),
  description: Description.optional(),
  event_types: WebhookEventTypes.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookRequest = z.infer<typeof UpdateWebhookRequest>;

export const DeleteWebhookResponse = z.object({ outcome: z.literal('deleted') });

export const MAX_DELIVERIES_PAGE = 500;

/** Deliveries newest first: `before` is the previous page's `next`. */
export const WebhookDeliveriesQuery = z.strictObject({
  state: z.enum(WEBHOOK_DELIVERY_STATES).optional().describe('Only the deliveries in this state.'),
  before: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'must be the next of a previous page')
    .optional()
    .describe("The previous page's next: the deliveries older than it."),
  limit: fromDigits(wholeNumber(1, MAX_DELIVERIES_PAGE).default(100)),
});
export type WebhookDeliveriesQuery = z.infer<typeof WebhookDeliveriesQuery>;

export const WebhookDelivery = z.object({
  id: z.string(),
  webhook_id: z
    .string()
    .describe("The delivery's webhook-id header (msg_…), the same on every attempt of it; not the endpoint's id."),
  event_cursor: EventCursor,
  event_type: z.string(),
  replay: z.boolean().describe('Queued again by a replay, with a webhook_id of its own.'),
  state: z
    .enum(WEBHOOK_DELIVERY_STATES)
    .describe(
      'pending (not tried yet), sending, retrying, delivered (answered 2xx) or failed (its day of retries is over).',
    ),
  attempts: z.number().int(),
  last_status: z
    .number()
    .int()
    .nullable()
    .describe("The receiver's last HTTP status; null: none (not tried, a timeout, no connection)."),
  last_error: z.string().nullable(),
  last_duration_ms: z.number().int().nullable(),
  created_at: Timestamp,
  next_attempt_at: Timestamp.nullable().describe('When a retrying delivery is tried again.'),
  delivered_at: Timestamp.nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveriesResponse = z.object({
  deliveries: z.array(WebhookDelivery),
  next: z
    .string()
    .nullable()
    .describe('Send it as `before` for the next, older page (a delivery id, a text of digits); null on the last page.'),
});
export type WebhookDeliveriesResponse = z.infer<typeof WebhookDeliveriesResponse>;

export const ReplayWebhookRequest = z.strictObject({
  after: EventCursor.optional().describe(
    "Queue again every event after this cursor, up to the endpoint's place; absent, from the feed's first event.",
  ),
});
export type ReplayWebhookRequest = z.infer<typeof ReplayWebhookRequest>;

export const REPLAY_OUTCOMES = ['queued', 'nothing_to_replay'] as const;
export const ReplayWebhookResponse = z.object({
  outcome: z
    .enum(REPLAY_OUTCOMES)
    .describe('nothing_to_replay: no event after `after` was queued for the endpoint yet; they come as they happen.'),
  until: EventCursor.nullable().describe("The last event sent again: the endpoint's place when the replay was asked."),
});
export type ReplayWebhookResponse = z.infer<typeof ReplayWebhookResponse>;
