import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { BrokerEvent } from '@clearport/contract/ingestion';
import type { WebhookDeliveryState } from '@clearport/contract/webhooks';
import type { Db } from '../../db/connect.ts';

/**
 * The queue of webhook deliveries (decision 0025), as the event mail's (decision 0017): the
 * worker queues the feed's events for each endpoint with the endpoint's row locked, and claims due
 * deliveries with FOR UPDATE SKIP LOCKED and a lease, so several server processes on one database
 * neither queue an event twice nor send one delivery at once.
 */

/** An endpoint whose events the worker queues now: its filter and its place in the feed. */
export type FanOutEndpoint = { id: number; event_types: string[]; cursor: string | null; replay_until: string | null };

/** A claimed delivery with what its attempt needs of its endpoint. */
export type ClaimedDelivery = {
  id: string;
  endpointId: number;
  webhookId: string;
  body: string;
  /** This attempt's number: the claim that holds the delivery. */
  attempts: number;
  firstAttemptAt: Date;
  url: string;
  secret: string;
  /** The secret a rotation replaced, while it still signs. */
  previousSecret: string | null;
};

export type DeliveryRow = {
  id: string;
  webhook_id: string;
  event_cursor: string;
  event_type: string;
  replay: boolean;
  state: WebhookDeliveryState;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  created_at: Date;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
};

const LISTED = [
  'id',
  'webhook_id',
  'event_cursor',
  'event_type',
  'replay',
  'state',
  'attempts',
  'last_status',
  'last_error',
  'last_duration_ms',
  'created_at',
  'next_attempt_at',
  'delivered_at',
] as const;

/** What an attempt tells of the receiver. */
export type AttemptRecord = { status: number | null; error: string | null; durationMs: number };

export const webhookDeliveriesRepository = {
  /** The enabled endpoints, whose events are queued, with their places in the feed. */
  async enabledEndpoints(db: Db): Promise<Array<{ id: number; cursor: string | null }>> {
    return db
      .selectFrom('webhook_endpoints')
      .select(['id', 'cursor'])
      .where('enabled', '=', true)
      .orderBy('id')
      .execute();
  },

  /**
   * The endpoint, locked for this transaction, or undefined when it is disabled, gone, or another
   * worker is queueing its events now (it does not wait: that one goes on).
   */
  async lockForFanOut(trx: Db, id: number): Promise<FanOutEndpoint | undefined> {
    return trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'event_types', 'cursor', 'replay_until'])
      .where('id', '=', id)
      .where('enabled', '=', true)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
  },

  /**
   * Queues events for the endpoint, each with its own webhook id and the body it is sent with. An
   * event already queued for it (not as a replay) is left out.
   */
  async queue(trx: Db, endpointId: number, events: ReadonlyArray<{ event: BrokerEvent; isReplay: boolean }>) {
    if (events.length === 0) return 0;
    const result = await trx
      .insertInto('webhook_deliveries')
      .values(
        events.map(({ event, isReplay }) => ({
          endpoint_id: endpointId,
          event_id: Number(event.cursor.split('-')[1]),
          event_cursor: event.cursor,
          event_type: event.type,
          replay: isReplay,
          webhook_id: `msg_${randomUUID().replaceAll('-', '')}`,
          body: JSON.stringify(event),
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  },

  /**
   * Claims up to `limit` due deliveries, at most one an endpoint and none of `busy` endpoints (those
   * that have as many under way as they may): new ones, retries whose time has come, and those
   * whose worker's lease ran out (it stopped mid-delivery). Each is held until `leaseUntil`.
   */
  async claimDue(
    db: Db,
    { now, leaseUntil, limit, busy }: { now: Date; leaseUntil: Date; limit: number; busy: readonly number[] },
  ): Promise<ClaimedDelivery[]> {
    const { rows } = await sql<{
      id: string;
      endpoint_id: number;
      webhook_id: string;
      body: string;
      attempts: number;
      first_attempt_at: Date;
      url: string;
      secret: string;
      previous_secret: string | null;
    }>`
      UPDATE webhook_deliveries AS delivery
      SET state = 'sending', attempts = delivery.attempts + 1, locked_until = ${leaseUntil},
        first_attempt_at = COALESCE(delivery.first_attempt_at, ${now})
      FROM webhook_endpoints AS endpoint
      WHERE endpoint.id = delivery.endpoint_id
        AND delivery.id IN (
          SELECT due.id
          FROM webhook_endpoints AS candidate
          CROSS JOIN LATERAL (
            SELECT id FROM webhook_deliveries
            WHERE endpoint_id = candidate.id
              AND state IN ('pending', 'sending', 'retrying')
              AND (state = 'pending'
                OR (state = 'retrying' AND next_attempt_at <= ${now})
                OR (state = 'sending' AND locked_until <= ${now}))
            -- An endpoint's new events before its replays (migration 0068), each in the feed's order.
            ORDER BY replay, id
            LIMIT 1
            FOR UPDATE SKIP LOCKED
          ) AS due
          WHERE candidate.enabled AND NOT (candidate.id = ANY(${[...busy]}::integer[]))
          ORDER BY due.id
          LIMIT ${limit}
        )
      RETURNING delivery.id, delivery.endpoint_id, delivery.webhook_id, delivery.body, delivery.attempts,
        delivery.first_attempt_at, endpoint.url, endpoint.secret,
        CASE WHEN endpoint.previous_secret_expires_at > ${now} THEN endpoint.previous_secret END AS previous_secret
    `.execute(db);
    return rows.map((row) => ({
      id: String(row.id),
      endpointId: row.endpoint_id,
      webhookId: row.webhook_id,
      body: row.body,
      attempts: row.attempts,
      firstAttemptAt: new Date(row.first_attempt_at),
      url: row.url,
      secret: row.secret,
      previousSecret: row.previous_secret,
    }));
  },

  /**
   * Records an attempt's end: delivered at `deliveredAt`, to be retried at `retryAt`, or failed
   * when it has neither. Only while this claim still holds the delivery: one whose lease ran out
   * belongs to the worker that took it over.
   */
  async recordAttempt(
    db: Db,
    claim: ClaimedDelivery,
    attempt: AttemptRecord,
    end: { deliveredAt: Date } | { retryAt: Date | undefined },
  ): Promise<void> {
    const outcome =
      'deliveredAt' in end
        ? ({ state: 'delivered', delivered_at: end.deliveredAt, next_attempt_at: null } as const)
        : end.retryAt
          ? ({ state: 'retrying', next_attempt_at: end.retryAt } as const)
          : ({ state: 'failed', next_attempt_at: null } as const);
    await db
      .updateTable('webhook_deliveries')
      .set({
        ...outcome,
        locked_until: null,
        last_status: attempt.status,
        last_error: attempt.error,
        last_duration_ms: attempt.durationMs,
      })
      .where('id', '=', claim.id)
      .where('state', '=', 'sending')
      .where('attempts', '=', claim.attempts)
      .execute();
  },

  /** Lets go of a claim whose attempt was cut short by the server's closing: it is due again, as it was. */
  async release(db: Db, claim: ClaimedDelivery, now: Date): Promise<void> {
    await db
      .updateTable('webhook_deliveries')
      .set({
        state: claim.attempts === 1 ? 'pending' : 'retrying',
        attempts: claim.attempts - 1,
        first_attempt_at: claim.attempts === 1 ? null : claim.firstAttemptAt,
        next_attempt_at: now,
        locked_until: null,
      })
      .where('id', '=', claim.id)
      .where('state', '=', 'sending')
      .where('attempts', '=', claim.attempts)
      .execute();
  },

  /** A page of the endpoint's deliveries, newest first (indexes webhook_deliveries_listed and _by_state). */
  async list(
    db: Db,
    endpointId: number,
    { state, before, limit }: { state?: WebhookDeliveryState; before?: string; limit: number },
  ): Promise<DeliveryRow[]> {
    let query = db
      .selectFrom('webhook_deliveries')
      .select(LISTED)
      .where('endpoint_id', '=', endpointId)
      .orderBy('id', 'desc')
      .limit(limit);
    if (state) query = query.where('state', '=', state);
    if (before) query = query.where('id', '<', before);
    const rows = await query.execute();
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  },
};
