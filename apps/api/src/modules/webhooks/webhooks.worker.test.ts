import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_API_BASE, BROKER_API_PATHS, BrokerEvent, type EventsResponse } from '@clearport/contract/ingestion';
import { WEBHOOK_PATHS, type WebhookDelivery } from '@clearport/contract/webhooks';
import { buildTestApp, demoUsersOf, injectAs, testAppForFile } from '../../../test/build-app.ts';
import { newBrokerKey } from '../../../test/broker-api.ts';
import { shipmentIdOf } from '../../../test/shipment-fixtures.ts';
import {
  after,
  heldAnswer,
  never,
  readmeVerifier,
  startReceiver,
  type Answer,
  type WebhookReceiver,
} from '../../../test/webhook-receiver.ts';
import { addNote, deliveriesOf, registerWebhook, saveReference, webhookUrl } from '../../../test/webhooks.ts';
import type { Db } from '../../db/connect.ts';
import { freePort } from '../../../test/server-process.ts';
import { ingestionReads } from '../ingestion/ingestion.reads.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import {
  queueNewEvents,
  runWebhookPass,
  type WebhookPassSummary,
  type WebhookWorkerOptions,
} from './webhooks.worker.ts';

/**
 * Webhooks delivered to real receivers on loopback: signed, retried with back-off until a day is
 * over, held by a receiver that hangs without holding back the others, filtered, replayed, and sent
 * once an endpoint by two workers at once. The passes run here with a chosen clock, so back-off
 * takes no real time.
 */

const t = testAppForFile();
const { tokens } = demoUsersOf(t);
const MINUTE = 60_000;
const OPTIONS: WebhookWorkerOptions = {
  timeoutMs: 5_000,
  leaseMarginMs: 15_000,
  retryForMs: 24 * 60 * MINUTE,
  concurrency: 4,
  pollMs: 50,
};
let admin = '';
let shipment = 0;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  admin = (await newBrokerKey(t.app.db, 'Console', ['admin'])).key;
  shipment = await shipmentIdOf(t.app.db, '40001');
});
afterEach(async () => {
  await t.app.db.deleteFrom('webhook_endpoints').execute();
  for (const receiver of receivers.splice(0)) await receiver.close();
});

async function receiver(answer?: Answer): Promise<WebhookReceiver> {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long a wait may last before it is a hang. On a PostgreSQL server shared with other test
 * files the feed shows an event only once every transaction older than it has ended, in any of
 * the server's databases (decision 0018): a busy machine's seeds hold it back for tens of seconds.
 */
const HANG_MS = 240_000;

/** Waits for `condition`; a test that waits in vain fails here, naming what it waited for. */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (const end = Date.now() + HANG_MS; !(await condition()); await sleep(20)) {
    if (Date.now() > end) throw new Error(`waited in vain for ${what}`);
  }
}

/**
 * Runs passes at the clock `now` until `condition` holds: on PostgreSQL the feed holds back a new
 * event while an older transaction of another test file runs, as it would for a broker polling it.
 */
async function passUntil(
  condition: () => boolean | Promise<boolean>,
  now: () => Date = () => new Date(),
  { db = t.app.db, options = OPTIONS }: { db?: Db; options?: WebhookWorkerOptions } = {},
): Promise<WebhookPassSummary> {
  const total: WebhookPassSummary = { queued: 0, delivered: 0, retrying: 0, failed: 0 };
  await until(async () => {
    const summary = await runWebhookPass(db, options, { now });
    for (const key of Object.keys(total) as Array<keyof WebhookPassSummary>) total[key] += summary[key];
    return condition();
  }, 'the webhook passes to get there');
  return total;
}

/** The state of the endpoint's first delivery, or undefined while it has none. */
async function stateOf(endpointId: number): Promise<string | undefined> {
  const delivery = await t.app.db
    .selectFrom('webhook_deliveries')
    .select('state')
    .where('endpoint_id', '=', endpointId)
    .orderBy('id')
    .executeTakeFirst();
  return delivery?.state;
}

async function onlyDelivery(id: number): Promise<WebhookDelivery> {
  const { deliveries } = await deliveriesOf(t.app, admin, id);
  expect(deliveries).toHaveLength(1);
  return deliveries[0]!;
}

// Each test may wait out a held-back feed (HANG_MS) more than once.
describe('webhook deliveries', { timeout: 3 * HANG_MS }, () => {
  it('signs each delivery so the README check takes it with the secret and no other, its body the feed event', async () => {
    const verify = await readmeVerifier();
    const hooks = await receiver();
    const endpoint = await registerWebhook(t.app, admin, { url: hooks.url });
    await addNote(t.app, tokens.primary, shipment, 'Signed note');
    await passUntil(() => hooks.received.length === 1);

    const [{ headers, body }] = hooks.received as [(typeof hooks.received)[number]];
    expect(verify(endpoint.secret, headers, body)).toBe(true);
    expect(verify(newWebhookSecret(), headers, body)).toBe(false);
    expect(verify(endpoint.secret, headers, body.replace('Signed', 'Forged'))).toBe(false);
    const stale = String(Number(headers['webhook-timestamp']) - 10 * 60);
    expect(verify(endpoint.secret, { ...headers, 'webhook-timestamp': stale }, body)).toBe(false);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);

    // The body is the event exactly as the feed gives it, after the endpoint's starting place.
    const reader = (await newBrokerKey(t.app.db, 'Feed reader', ['events'])).key;
    const search = endpoint.cursor ? `?after=${endpoint.cursor}&limit=1` : '?limit=1';
    const feed = await injectAs(t.app, reader, {
      method: 'GET',
      url: `${BROKER_API_BASE}${BROKER_API_PATHS.events}${search}`,
    });
    const event = BrokerEvent.parse(JSON.parse(body));
    expect(event).toEqual(feed.json<EventsResponse>().events[0]);
    expect(event).toMatchObject({ type: 'note.added', detail: { text: 'Signed note' } });

    expect(await onlyDelivery(endpoint.id)).toMatchObject({
      webhook_id: headers['webhook-id'],
      event_cursor: event.cursor,
      state: 'delivered',
      attempts: 1,
      last_status: 204,
      last_error: null,
      replay: false,
    });

    // After a rotation both secrets sign, a day long: the receiver may still hold the old one.
    const rotated = await injectAs(t.app, admin, {
      method: 'POST',
      url: webhookUrl(WEBHOOK_PATHS.rotateWebhookSecret, endpoint.id),
    });
    const { secret } = rotated.json<{ secret: string }>();
    await addNote(t.app, tokens.primary, shipment, 'Signed twice');
    await passUntil(() => hooks.received.length === 2);
    const second = hooks.received[1]!;
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(secret, second.headers, second.body)).toBe(true);
    expect(verify(endpoint.secret, second.headers, second.body)).toBe(true);
  });

  it('tries a refused delivery again after a minute, with the same webhook id, until it is taken', async () => {
    const hooks = await receiver((_, index) => (index === 0 ? 500 : 200));
    const endpoint = await registerWebhook(t.app, admin, { url: hooks.url });
    await addNote(t.app, tokens.primary, shipment, 'Refused once');
    const start = new Date();
    expect(
      await passUntil(
        () => hooks.received.length === 1,
        () => start,
      ),
    ).toMatchObject({ retrying: 1 });
    expect(await onlyDelivery(endpoint.id)).toMatchObject({
      state: 'retrying',
      attempts: 1,
      last_status: 500,
      last_error: 'HTTP 500 answered 500',
      next_attempt_at: later(start, MINUTE).toISOString(),
      delivered_at: null,
    });

    expect(await runWebhookPass(t.app.db, OPTIONS, { now: () => later(start, 30_000) })).toMatchObject({
      delivered: 0,
      retrying: 0,
    });
    expect(hooks.received).toHaveLength(1);
    const retried = later(start, MINUTE + 1_000);
    expect(await runWebhookPass(t.app.db, OPTIONS, { now: () => retried })).toMatchObject({ delivered: 1 });
    expect(hooks.received.map((webhook) => webhook.headers['webhook-id'])).toEqual([
      hooks.received[0]!.headers['webhook-id'],
      hooks.received[0]!.headers['webhook-id'],
    ]);
    expect(hooks.received[1]!.body).toBe(hooks.received[0]!.body);
    expect(await onlyDelivery(endpoint.id)).toMatchObject({
      state: 'delivered',
      attempts: 2,
      last_status: 200,
      last_error: null,
      delivered_at: retried.toISOString(),
    });
  });

  it('gives up a receiver that never answers at the timeout, and delivers to a slow one within it', async () => {
    const silent = await receiver(never);
    const slow = await receiver(after(300, 202));
    const silentEndpoint = await registerWebhook(t.app, admin, { url: silent.url });
    const slowEndpoint = await registerWebhook(t.app, admin, { url: slow.url });
    await addNote(t.app, tokens.primary, shipment, 'Answer in time');
    const options = { ...OPTIONS, timeoutMs: 1_000 };
    await passUntil(() => silent.received.length === 1 && slow.received.length === 1, undefined, { options });

    const unanswered = await onlyDelivery(silentEndpoint.id);
    expect(unanswered).toMatchObject({
      state: 'retrying',
      attempts: 1,
      last_status: null,
      last_error: 'no answer within 1 s',
    });
    // Timers may fire a millisecond before the clock that measured the attempt says they are due.
    expect(unanswered.last_duration_ms).toBeGreaterThanOrEqual(990);
    const answered = await onlyDelivery(slowEndpoint.id);
    expect(answered).toMatchObject({ state: 'delivered', last_status: 202 });
    expect(answered.last_duration_ms).toBeGreaterThanOrEqual(290);
  });

  it('goes on delivering to other endpoints while a receiver holds its request', async () => {
    const held = heldAnswer();
    const holding = await receiver(held.answer);
    const quick = await receiver();
    const holdingEndpoint = await registerWebhook(t.app, admin, { url: holding.url });
    const quickEndpoint = await registerWebhook(t.app, admin, { url: quick.url });
    await addNote(t.app, tokens.primary, shipment, 'One held, one not');
    const options = { ...OPTIONS, timeoutMs: 60_000 };
    const passes = passUntil(() => holding.received.length === 1 && quick.received.length === 1, undefined, {
      options,
    });

    await until(async () => (await stateOf(quickEndpoint.id)) === 'delivered', 'the quick delivery');
    expect(await onlyDelivery(holdingEndpoint.id)).toMatchObject({ state: 'sending', attempts: 1 });
    held.release(200);
    await passes;
    expect(await onlyDelivery(holdingEndpoint.id)).toMatchObject({ state: 'delivered', last_status: 200 });
  });

  it('follows no redirect, tells a refused connection and keeps the start of a refusal', async () => {
    const target = await receiver();
    const redirecting = await receiver(() => ({ status: 307, headers: { location: target.url } }));
    const redirected = await registerWebhook(t.app, admin, { url: redirecting.url });
    const refusing = await receiver(() => ({ status: 422, body: `bad\u0000input\r\n${'x'.repeat(100_000)}` }));
    const refused = await registerWebhook(t.app, admin, { url: refusing.url });
    const closed = await registerWebhook(t.app, admin, { url: `http://127.0.0.1:${await freePort()}/hooks` });
    await addNote(t.app, tokens.primary, shipment, 'Nowhere to go');
    await passUntil(async () => (await stateOf(closed.id)) === 'retrying');
    await until(() => redirecting.received.length === 1, 'the redirecting receiver');
    await until(async () => (await stateOf(refused.id)) === 'retrying', 'the refusing receiver');

    expect(target.received).toHaveLength(0);
    expect(await onlyDelivery(redirected.id)).toMatchObject({ state: 'retrying', last_status: 307 });
    expect(await onlyDelivery(closed.id)).toMatchObject({
      state: 'retrying',
      last_status: null,
      last_error: 'no connection: ECONNREFUSED',
    });
    // Of a refusal's answer a kilobyte is read, its control characters (a NUL) as spaces.
    const { last_error } = await onlyDelivery(refused.id);
    expect(last_error).toMatch(/^HTTP 422 bad input x+$/);
    expect(last_error).toHaveLength(1_000);
  });

  it('marks a delivery failed once a day of retries is over, and lists it as failed', async () => {
    const hooks = await receiver(() => 503);
    const endpoint = await registerWebhook(t.app, admin, { url: hooks.url });
    await addNote(t.app, tokens.primary, shipment, 'Never taken');
    const start = new Date();
    await passUntil(
      () => hooks.received.length === 1,
      () => start,
    );
    const ends: string[] = [];
    let now = start;
    for (let pass = 0; pass < 40; pass += 1) {
      now = later(now, 61 * MINUTE);
      const summary = await runWebhookPass(t.app.db, OPTIONS, { now: () => now });
      if (summary.retrying) ends.push('retrying');
      if (summary.failed) ends.push('failed');
    }
    expect(ends.at(-1)).toBe('failed');
    expect(ends.filter((end) => end === 'failed')).toHaveLength(1);

    const { deliveries } = await deliveriesOf(t.app, admin, endpoint.id, { state: 'failed' });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ last_status: 503, next_attempt_at: null, delivered_at: null });
    // Each attempt reached the receiver, the last one within a day of the first.
    expect(deliveries[0]!.attempts).toBe(hooks.received.length);
    expect(hooks.received.length).toBeGreaterThan(20);
    expect((await deliveriesOf(t.app, admin, endpoint.id, { state: 'retrying' })).deliveries).toEqual([]);
  });

  it('sends an endpoint only the event types it chose', async () => {
    const notes = await receiver();
    const everything = await receiver();
    const filtered = await registerWebhook(t.app, admin, { url: notes.url, event_types: ['reference.changed'] });
    await registerWebhook(t.app, admin, { url: everything.url });
    await addNote(t.app, tokens.primary, shipment, 'Not for the filtered one');
    await saveReference(t.app, tokens.primary, shipment, 'PO-HOOK-1');
    await passUntil(() => everything.received.length === 2 && notes.received.length === 1);
    await runWebhookPass(t.app.db, OPTIONS);

    const typeOf = (webhook: { body: string }) => (JSON.parse(webhook.body) as { type: string }).type;
    expect(everything.received.map(typeOf)).toEqual(['note.added', 'reference.changed']);
    expect(notes.received.map(typeOf)).toEqual(['reference.changed']);
    expect((await deliveriesOf(t.app, admin, filtered.id)).deliveries.map((each) => each.event_type)).toEqual([
      'reference.changed',
    ]);
  });

  it('sends the events after a cursor again when asked, as replays with webhook ids of their own', async () => {
    const hooks = await receiver();
    const endpoint = await registerWebhook(t.app, admin, { url: hooks.url });
    await addNote(t.app, tokens.primary, shipment, 'First, then again');
    await addNote(t.app, tokens.primary, shipment, 'Second, then again');
    await passUntil(() => hooks.received.length === 2);

    const replay = await injectAs(t.app, admin, {
      method: 'POST',
      url: webhookUrl(WEBHOOK_PATHS.replayWebhook, endpoint.id),
      payload: endpoint.cursor ? { after: endpoint.cursor } : {},
    });
    expect(replay.json()).toMatchObject({ outcome: 'queued' });
    await passUntil(() => hooks.received.length === 4);

    const [first, second, ...again] = hooks.received;
    expect(again.map((webhook) => webhook.body)).toEqual([first!.body, second!.body]);
    const ids = hooks.received.map((webhook) => webhook.headers['webhook-id']);
    expect(new Set(ids).size).toBe(4);
    const { deliveries } = await deliveriesOf(t.app, admin, endpoint.id);
    expect(deliveries.map((delivery) => [delivery.replay, delivery.state])).toEqual([
      [true, 'delivered'],
      [true, 'delivered'],
      [false, 'delivered'],
      [false, 'delivered'],
    ]);
  });

  it('sends a new event before the replays queued ahead of it', async () => {
    const hooks = await receiver();
    const endpoint = await registerWebhook(t.app, admin, { url: hooks.url });
    for (const note of ['One', 'Two', 'Three']) await addNote(t.app, tokens.primary, shipment, note);
    await passUntil(() => hooks.received.length === 3);
    const replay = await injectAs(t.app, admin, {
      method: 'POST',
      url: webhookUrl(WEBHOOK_PATHS.replayWebhook, endpoint.id),
      payload: endpoint.cursor ? { after: endpoint.cursor } : {},
    });
    expect(replay.json()).toMatchObject({ outcome: 'queued' });
    // The replays queued, none sent yet; then a customer's new act, queued after them.
    const queued = (replayed: boolean) =>
      t.app.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('endpoint_id', '=', endpoint.id)
        .where('replay', '=', replayed)
        .where('state', '=', 'pending')
        .execute();
    await until(async () => (await queueNewEvents(t.app.db), (await queued(true)).length === 3), 'the replays');
    await addNote(t.app, tokens.primary, shipment, 'New while the replay waits');
    await until(async () => (await queueNewEvents(t.app.db), (await queued(false)).length === 1), 'the new event');
    expect(Number((await queued(false))[0]!.id)).toBeGreaterThan(
      Math.max(...(await queued(true)).map(({ id }) => Number(id))),
    );

    await passUntil(
      () => hooks.received.length === 7,
      () => new Date(),
      { options: { ...OPTIONS, concurrency: 1 } },
    );
    const notes = hooks.received.slice(3).map((webhook) => (JSON.parse(webhook.body) as BrokerEvent).detail.text);
    expect(notes).toEqual(['New while the replay waits', 'One', 'Two', 'Three']);
  });

  it('lets go of a delivery under way when the server closes, unattempted', async () => {
    const hooks = await receiver(never);
    const endpoint = await registerWebhook(t.app, admin, { url: hooks.url });
    await addNote(t.app, tokens.primary, shipment, 'Cut short');
    const closing = new AbortController();
    const pass = (async () => {
      while (!closing.signal.aborted) {
        await runWebhookPass(t.app.db, OPTIONS, { signal: closing.signal });
        await sleep(20);
      }
    })();
    await until(() => hooks.received.length === 1, 'the delivery to start');
    closing.abort();
    await pass;
    expect(await onlyDelivery(endpoint.id)).toMatchObject({ state: 'pending', attempts: 0, last_error: null });
  });

  it('delivers each event once an endpoint when two workers on two connections run at once', async () => {
    // On PostgreSQL a second app is a second connection pool, as a second server process would
    // have; PGlite serves one process, so there both workers share its one connection.
    const second = t.databaseUrl ? await buildTestApp({ databaseUrl: t.databaseUrl, seedDemo: false }) : undefined;
    try {
      const hooks = [await receiver(), await receiver()];
      const endpoints = [];
      for (const each of hooks) endpoints.push(await registerWebhook(t.app, admin, { url: each.url }));
      const notes = ['One', 'Two', 'Three', 'Four', 'Five'];
      for (const note of notes) await addNote(t.app, tokens.primary, shipment, `Twice the workers: ${note}`);
      // Both workers start once the feed shows all five, so they meet over the same events.
      const after = endpoints[0]!.cursor ?? undefined;
      await until(async () => (await ingestionReads.feedPage(t.app.db, { after, limit: 10 })).length === 5, 'the feed');

      const otherDb = second?.app.db ?? t.app.db;
      const runs = await Promise.all([t.app.db, otherDb, t.app.db, otherDb].map((db) => runWebhookPass(db, OPTIONS)));
      expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(10);
      expect(runs.reduce((sum, run) => sum + run.delivered, 0)).toBe(10);
      await runWebhookPass(otherDb, OPTIONS);
      for (const each of hooks) {
        const cursors = each.received.map((webhook) => (JSON.parse(webhook.body) as { cursor: string }).cursor);
        expect(each.received).toHaveLength(5);
        expect(new Set(cursors).size).toBe(5);
        expect(new Set(each.received.map((webhook) => webhook.headers['webhook-id'])).size).toBe(5);
      }
    } finally {
      await second?.close();
    }
  });
});
