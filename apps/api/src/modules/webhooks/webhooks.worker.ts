import type { FastifyInstance } from 'fastify';
import { WEBHOOK_HEADERS } from '@clearport/contract/webhooks';
import type { Db } from '../../db/connect.ts';
import { postWithin } from '../../lib/http-post.ts';
import { nextAttemptAt, scheduleWorker } from '../../lib/queue-worker.ts';
import { ingestionReads } from '../ingestion/ingestion.reads.ts';
import { signatureOf } from './webhook-signature.ts';
import { compareCursors } from './webhooks.rules.ts';
import { webhooksRepository } from './webhooks.repository.ts';
import { webhookDeliveriesRepository as deliveries, type ClaimedDelivery } from './webhook-deliveries.repository.ts';

export type WebhookWorkerOptions = {
  /** How long a receiver has to answer an attempt. */
  timeoutMs: number;
  /**
   * A claim is held for the attempt's timeout and this much more to record its end: how long after
   * the timeout another process, or the restarted one, takes over a delivery a dead process held.
   */
  leaseMarginMs: number;
  /** How long a failing delivery is retried, from its first attempt, before it is marked failed. */
  retryForMs: number;
  /** How many deliveries are under way at once. */
  concurrency: number;
  /** How often the feed is read for new events, between passes and while deliveries are under way. */
  pollMs: number;
};

/** Events queued per transaction while an endpoint catches up. */
const FAN_OUT_PAGE = 500;
/**
 * How many deliveries of one endpoint are under way at once in a process: a receiver that hangs
 * holds at most these of the worker's places, and the other endpoints' deliveries go on.
 */
export const PER_ENDPOINT_IN_FLIGHT = 2;
const USER_AGENT = 'Clearport-Webhooks/1';

/**
 * Queues the feed's new events for every enabled endpoint, a page a transaction, each with the
 * endpoint's row locked (another process skips it meanwhile) and its place moved in the same
 * transaction: an event is queued once an endpoint, whoever queues it. The feed's own read keeps
 * its order and never passes a transaction still running. Returns how many were queued.
 */
export async function queueNewEvents(db: Db): Promise<number> {
  let queued = 0;
  const endpoints = await deliveries.enabledEndpoints(db);
  if (endpoints.length === 0) return 0;
  const end = await ingestionReads.feedEnd(db);
  // An endpoint at the feed's end has nothing to queue: its row is not locked (a write) every poll.
  for (const { id } of endpoints.filter(({ cursor }) => compareCursors(cursor, end) < 0)) {
    for (let isCaughtUp = false; !isCaughtUp;) {
      isCaughtUp = await db.transaction().execute(async (trx) => {
        const endpoint = await deliveries.lockForFanOut(trx, id);
        if (!endpoint) return true;
        const events = await ingestionReads.feedPage(trx, {
          after: endpoint.cursor ?? undefined,
          limit: FAN_OUT_PAGE,
        });
        if (events.length === 0) return true;
        const wanted = events
          .filter((event) => endpoint.event_types.length === 0 || endpoint.event_types.includes(event.type))
          .map((event) => ({ event, isReplay: compareCursors(event.cursor, endpoint.replay_until) <= 0 }));
        queued += await deliveries.queue(trx, id, wanted);
        const cursor = events.at(-1)!.cursor;
        // Past the place a replay started from, events are new again.
        const replayUntil = compareCursors(cursor, endpoint.replay_until) < 0 ? endpoint.replay_until : null;
        await webhooksRepository.setPlace(trx, id, { cursor, replay_until: replayUntil });
        return events.length < FAN_OUT_PAGE;
      });
    }
  }
  return queued;
}

type AttemptEnd = 'delivered' | 'retrying' | 'failed' | 'released';

/** One attempt of a claimed delivery, signed anew with this moment's timestamp. */
async function attempt(
  db: Db,
  delivery: ClaimedDelivery,
  options: WebhookWorkerOptions,
  now: () => Date,
  signal: AbortSignal | undefined,
): Promise<AttemptEnd> {
  const timestamp = Math.floor(Date.now() / 1000);
  const secrets = [delivery.secret, ...(delivery.previousSecret ? [delivery.previousSecret] : [])];
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    [WEBHOOK_HEADERS.id]: delivery.webhookId,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: secrets
      .map((secret) => signatureOf(secret, delivery.webhookId, timestamp, delivery.body))
      .join(' '),
  };
  const outcome = await postWithin(delivery.url, delivery.body, headers, { timeoutMs: options.timeoutMs, signal });
  if (outcome.isAborted) {
    await deliveries.release(db, delivery, now());
    return 'released';
  }
  const isAccepted = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const error = isAccepted ? null : (outcome.error ?? `HTTP ${outcome.status} ${outcome.answer}`.trim()).slice(0, 1000);
  const record = { status: outcome.status, error, durationMs: outcome.durationMs };
  if (isAccepted) {
    await deliveries.recordAttempt(db, delivery, record, { deliveredAt: now() });
    return 'delivered';
  }
  const retryAt = nextAttemptAt(delivery.attempts, delivery.firstAttemptAt, now(), options.retryForMs);
  await deliveries.recordAttempt(db, delivery, record, { retryAt });
  return retryAt ? 'retrying' : 'failed';
}

export type WebhookPassSummary = { queued: number; delivered: number; retrying: number; failed: number };

/**
 * One pass of the worker: queues the feed's new events, then delivers what is due, `concurrency`
 * at a time and at most PER_ENDPOINT_IN_FLIGHT an endpoint, claiming more as attempts end, and
 * reading the feed again every `pollMs` meanwhile. It ends when nothing is due or under way, or
 * once `signal` aborts (the attempts under way are stopped and their deliveries let go).
 * `now` is the clock of the queue's times (tests move it; the signature's timestamp is real).
 */
export async function runWebhookPass(
  db: Db,
  options: WebhookWorkerOptions,
  { now = () => new Date(), signal }: { now?: () => Date; signal?: AbortSignal } = {},
): Promise<WebhookPassSummary> {
  const summary: WebhookPassSummary = { queued: 0, delivered: 0, retrying: 0, failed: 0 };
  const underWay = new Map<string, Promise<void>>();
  const perEndpoint = new Map<number, number>();
  const errors: unknown[] = [];
  let queuedAt = Date.now();
  summary.queued += await queueNewEvents(db);
  try {
    while (!signal?.aborted) {
      if (Date.now() - queuedAt >= options.pollMs) {
        queuedAt = Date.now();
        summary.queued += await queueNewEvents(db);
      }
      const places = options.concurrency - underWay.size;
      const busy = [...perEndpoint].filter(([, count]) => count >= PER_ENDPOINT_IN_FLIGHT).map(([id]) => id);
      const at = now();
      const claimed =
        places > 0
          ? await deliveries.claimDue(db, {
              now: at,
              leaseUntil: new Date(at.getTime() + options.timeoutMs + options.leaseMarginMs),
              limit: places,
              busy,
            })
          : [];
      for (const delivery of claimed) {
        perEndpoint.set(delivery.endpointId, (perEndpoint.get(delivery.endpointId) ?? 0) + 1);
        const task = attempt(db, delivery, options, now, signal)
          .then(
            (end) => {
              if (end !== 'released') summary[end] += 1;
            },
            (error: unknown) => {
              errors.push(error);
            },
          )
          .finally(() => {
            underWay.delete(delivery.id);
            perEndpoint.set(delivery.endpointId, perEndpoint.get(delivery.endpointId)! - 1);
          });
        underWay.set(delivery.id, task);
      }
      if (claimed.length > 0) continue;
      if (underWay.size === 0) break;
      await Promise.race([...underWay.values(), new Promise((resolve) => setTimeout(resolve, options.pollMs).unref())]);
    }
  } finally {
    await Promise.all(underWay.values());
  }
  if (errors.length > 0) throw errors[0];
  return summary;
}

/** Runs the worker in the server process every `pollMs`, one pass at a time, until the app closes. */
export function scheduleWebhooks(app: FastifyInstance, options: WebhookWorkerOptions): void {
  scheduleWorker(app, 'webhooks', options.pollMs, async (signal) => {
    const summary = await runWebhookPass(app.db, options, { signal });
    if (summary.queued + summary.delivered + summary.retrying + summary.failed > 0) {
      app.log.info(summary, 'webhooks delivered');
    }
  });
}
