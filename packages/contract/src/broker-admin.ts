import { z } from 'zod';
import { Instant } from './calendar.ts';
import { PaymentInstructions, PaymentInstructionsInput } from './invoices.ts';
import { Email, fromDigits, MAX_ID, wholeNumber } from './http.ts';
import { oneLineText } from './plain-text.ts';

/**
 * The brokerage's administration through the running portal (`/api/broker/v1/admin/`, a key with
 * the `admin` scope): its API keys, the delivery orders waiting for approval, the payment
 * instructions, and the event and report mail that failed. `npm run broker` does the same on a database no
 * server holds (docs/decisions/0024-broker-administration.md).
 */

/** Paths relative to BROKER_API_BASE. */
export const BROKER_ADMIN_PATHS = {
  apiKeys: '/v1/admin/api-keys',
  revokeApiKey: '/v1/admin/api-keys/:id/revoke',
  deliveryOrders: '/v1/admin/delivery-orders',
  approveDeliveryOrder: '/v1/admin/delivery-orders/:id/approve',
  paymentInstructions: '/v1/admin/payment-instructions',
  failedMail: '/v1/admin/mail/failed',
  retryMail: '/v1/admin/mail/:id/retry',
  failedReportMail: '/v1/admin/report-mail/failed',
  retryReportMail: '/v1/admin/report-mail/:id/retry',
  signInLinks: '/v1/admin/sign-in-links',
} as const;

/**
 * What a key may do: `records` POST records, `events` read the change feed, `files` download
 * stored files, `admin` the calls under /v1/admin/ (keys, approvals, payment instructions, mail,
 * webhooks). A call its key's scopes do not name answers 403.
 */
export const API_KEY_SCOPES = ['records', 'events', 'files', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** A key made without naming scopes: the integration's, not the administration's. */
export const DEFAULT_API_KEY_SCOPES: readonly ApiKeyScope[] = ['records', 'events', 'files'];

/** How long a key's last use may be old before it is written again: a read a minute at most, not a write a call. */
export const LAST_USE_PRECISION_MS = 60_000;

const Timestamp = Instant;

export const ApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, enough to tell keys apart and never enough to use one. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created_at: Timestamp,
  /** After it the key answers 401; null: it does not expire. */
  expires_at: Timestamp.nullable(),
  /** To the minute (LAST_USE_PRECISION_MS); null: never used. */
  last_used_at: Timestamp.nullable(),
  revoked_at: Timestamp.nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** Every key, newest first; a brokerage has a few. */
export const ApiKeysResponse = z.object({ api_keys: z.array(ApiKey) });
export type ApiKeysResponse = z.infer<typeof ApiKeysResponse>;

export const CreateApiKeyRequest = z.strictObject({
  name: oneLineText(z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters')),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, 'must name at least one scope')
    .max(API_KEY_SCOPES.length)
    .default([...DEFAULT_API_KEY_SCOPES]),
  /** When the key stops working; absent or null, never. Must lie in the future. */
  expires_at: Timestamp.nullable().default(null),
});
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

/** The new key with its text, which is shown this once and kept only as a hash. */
export const CreateApiKeyResponse = ApiKey.extend({ key: z.string() });
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponse>;

export const IdParams = z.object({ id: fromDigits(wholeNumber(1, MAX_ID)) });
/** A failed mail's id is a bigint, given as text. */
/** A queued e-mail's id: its queues count in 64 bits, so it is written as digits, not a JSON number. */
const MailId = z.string().regex(/^[1-9]\d{0,17}$/, 'must be the id of a failed e-mail');
export const MailIdParams = z.object({ id: MailId });

export const REVOKE_OUTCOMES = ['revoked', 'already_revoked'] as const;
export const RevokeApiKeyResponse = z.object({ outcome: z.enum(REVOKE_OUTCOMES) });
export type RevokeApiKeyResponse = z.infer<typeof RevokeApiKeyResponse>;

export const MAX_ADMIN_PAGE = 500;

/** A page of a list read by id: `after` is the previous page's `next`. */
export const AdminPageQuery = z.strictObject({
  after: fromDigits(wholeNumber(0, MAX_ID).optional()),
  limit: fromDigits(wholeNumber(1, MAX_ADMIN_PAGE).default(100)),
});
export type AdminPageQuery = z.infer<typeof AdminPageQuery>;

/** A page of a list of failed e-mails: `after` is the previous page's `next`, any id the list gives. */
export const MailPageQuery = AdminPageQuery.extend({ after: MailId.optional() });

export const WaitingDeliveryOrder = z.object({
  id: z.number().int(),
  file_number: z.string(),
  account_no: z.string(),
  trucker: z.string(),
  created_at: Timestamp,
});
export const WaitingDeliveryOrdersResponse = z.object({
  delivery_orders: z.array(WaitingDeliveryOrder),
  next: z
    .number()
    .int()
    .nullable()
    .describe('Send it as `after` for the next page (an order id, a number); null on the last page.'),
});
export type WaitingDeliveryOrdersResponse = z.infer<typeof WaitingDeliveryOrdersResponse>;

export const APPROVE_OUTCOMES = ['approved', 'already_approved'] as const;
export const ApproveDeliveryOrderResponse = z.object({ outcome: z.enum(APPROVE_OUTCOMES) });
export type ApproveDeliveryOrderResponse = z.infer<typeof ApproveDeliveryOrderResponse>;

export const BrokerPaymentInstructionsResponse = z.object({ payment_instructions: PaymentInstructions.nullable() });
export const SetPaymentInstructionsRequest = PaymentInstructionsInput;

export const FailedMail = z.object({
  id: z.string(),
  company: z.string(),
  kind: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: Timestamp,
});
/** `next` of the failed mail lists. */
const MailNext = z
  .string()
  .nullable()
  .describe(
    'Send it as `after` for the next page (a mail id, a text of digits: the queues count in 64 bits); null on the last page.',
  );
export const FailedMailResponse = z.object({ mail: z.array(FailedMail), next: MailNext });
export type FailedMailResponse = z.infer<typeof FailedMailResponse>;

export const RetryMailResponse = z.object({ outcome: z.literal('queued') });

/** A monthly report mail that failed within its day of retries: to whom, which report and month. */
export const FailedReportMail = z.object({
  id: z.string(),
  company: z.string(),
  email: z.string(),
  report: z.string(),
  /** The month it reports, YYYY-MM. */
  period: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: Timestamp,
});
export const FailedReportMailResponse = z.object({ mail: z.array(FailedReportMail), next: MailNext });
export type FailedReportMailResponse = z.infer<typeof FailedReportMailResponse>;

export const BROKER_ADMIN_ERRORS = {
  apiKeyNotFound: 'There is no API key with this id.',
  expiresInPast: 'must lie in the future',
  deliveryOrderNotFound: 'There is no delivery order with this id.',
  failedMailNotFound: 'There is no failed e-mail with this id.',
  failedReportMailNotFound: 'There is no failed report e-mail with this id.',
  /** A sign-in link is made only for a user who may sign in. */
  signInUserNotFound: 'There is no active user with this e-mail.',
  /** A link is one factor: a user who signs in with a second one (or whose company requires one) is sent to the login page. */
  signInSecondFactor:
    'This user signs in with a second factor, which a sign-in link cannot stand in for: send them to the login page.',
} as const;

/**
 * POST /v1/admin/sign-in-links: a single-use sign-in link to Home for the active user of `email`;
 * 409 for a user with a second factor, or whose company requires one (BROKER_ADMIN_ERRORS.signInSecondFactor).
 */
export const CreateSignInLinkRequest = z.strictObject({ email: Email });
export type CreateSignInLinkRequest = z.infer<typeof CreateSignInLinkRequest>;

/**
 * The link's token (token_user) and the whole link to Home; shown this once, kept only as a hash,
 * used up by its first exchange and never usable after `expires_at` (SIGN_IN_LINK_TTL_SECONDS).
 */
export const CreateSignInLinkResponse = z.object({
  token: z.string(),
  url: z.string(),
  expires_at: Timestamp,
});
export type CreateSignInLinkResponse = z.infer<typeof CreateSignInLinkResponse>;
