import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_WEBHOOKS,
  WEBHOOK_ERRORS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PATHS,
  WebhookEndpoint,
  WebhooksResponse,
  WebhookWithSecretResponse,
} from '@clearport/contract/webhooks';
import { demoUsersOf, exactJson, injectAs, testAppForFile } from '../../../test/build-app.ts';
import { newBrokerKey } from '../../../test/broker-api.ts';
import { shipmentIdOf } from '../../../test/shipment-fixtures.ts';
import { addNote, deliveriesOf, registerWebhook, webhookUrl } from '../../../test/webhooks.ts';
import { UNKNOWN_CALL_FIELD_MESSAGE } from '@clearport/contract/http';
import { NOT_A_BROKER_KEY, outOfScope } from '../access/broker-key.ts';
import { ingestionReads } from '../ingestion/ingestion.reads.ts';
import { queueNewEvents } from './webhooks.worker.ts';

const t = testAppForFile();
const { tokens } = demoUsersOf(t);
const RECEIVER = 'https://hooks.brokerage.example/clearport';

async function adminKey() {
  return (await newBrokerKey(t.app.db, 'Console', ['admin'])).key;
}

/** Queues the feed's new events until the endpoint has `count` deliveries (the feed may hold back a moment on PostgreSQL). */
async function queueUntil(id: number, count: number): Promise<void> {
  const queued = () =>
    t.app.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('endpoint_id', '=', id)
      .executeTakeFirstOrThrow();
  for (const end = Date.now() + 20_000; Date.now() < end;) {
    await queueNewEvents(t.app.db);
    if (Number((await queued()).count) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`endpoint ${id} did not get ${count} deliveries`);
}

/** Every call of an endpoint by its id, with a body it would take. */
const CALLS_BY_ID = [
  ['PATCH', WEBHOOK_PATHS.webhook, { enabled: false }],
  ['DELETE', WEBHOOK_PATHS.webhook, undefined],
  ['POST', WEBHOOK_PATHS.rotateWebhookSecret, undefined],
  ['GET', WEBHOOK_PATHS.webhookDeliveries, undefined],
  ['POST', WEBHOOK_PATHS.replayWebhook, {}],
] as const;

afterEach(async () => {
  await t.app.db.deleteFrom('webhook_endpoints').execute();
});

describe('the webhooks administration', () => {
  it('refuses a misspelt field, naming it, instead of leaving it unread', async () => {
    const admin = await adminKey();
    const made = await injectAs(t.app, admin, {
      method: 'POST',
      url: webhookUrl(WEBHOOK_PATHS.webhooks),
      payload: { url: RECEIVER, evnt_types: ['note.added'] },
    });
    expect(made.statusCode, made.body).toBe(400);
    expect(made.json()).toMatchObject({ field: 'evnt_types', message: `evnt_types: ${UNKNOWN_CALL_FIELD_MESSAGE}` });

    // Every field at fault is named, not the first alone.
    const both = await injectAs(t.app, admin, {
      method: 'POST',
      url: webhookUrl(WEBHOOK_PATHS.webhooks),
      payload: { url: 42, evnt_types: ['note.added'] },
    });
    expect(both.statusCode, both.body).toBe(400);
    const { errors, issues } = both.json<{ errors: string[]; issues: { field: string; message: string }[] }>();
    expect(issues.map((issue) => issue.field).sort()).toEqual(['evnt_types', 'url']);
    expect(issues.map((issue) => issue.message)).toEqual(errors);
    expect(issues).toContainEqual({ field: 'evnt_types', message: UNKNOWN_CALL_FIELD_MESSAGE });
    expect(await t.app.db.selectFrom('webhook_endpoints').select('id').execute()).toEqual([]);

    const endpoint = await registerWebhook(t.app, admin, { url: RECEIVER });
    const paused = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: webhookUrl(WEBHOOK_PATHS.webhook, endpoint.id),
      payload: { enabeld: false },
    });
    expect(paused.statusCode, paused.body).toBe(400);
    expect(paused.json()).toMatchObject({ field: 'enabeld' });
    const row = await t.app.db
      .selectFrom('webhook_endpoints')
      .select('enabled')
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row.enabled).toBe(true);
  });

  it('answers 401 without a live key and 403 to a key without the admin scope', async () => {
    const integration = (await newBrokerKey(t.app.db)).key;
    const none = await t.app.inject({ method: 'GET', url: webhookUrl(WEBHOOK_PATHS.webhooks) });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: NOT_A_BROKER_KEY });
    const calls = [
      ['GET', WEBHOOK_PATHS.webhooks, undefined],
      ['POST', WEBHOOK_PATHS.webhooks, {}],
      ...CALLS_BY_ID,
    ] as const;
    for (const [method, path, payload] of calls) {
      const refused = await injectAs(t.app, integration, { method, url: webhookUrl(path, 1), payload });
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(refused.json()).toEqual({ message: outOfScope('admin') });
    }
  });

  it('answers 404 on every call of an endpoint that does not exist', async () => {
    const admin = await adminKey();
    for (const [method, path, payload] of CALLS_BY_ID) {
      const unknown = await injectAs(t.app, admin, { method, url: webhookUrl(path, 2_000_000), payload });
      expect(unknown.statusCode, `${method} ${path}`).toBe(404);
      expect(unknown.json()).toEqual({ message: WEBHOOK_ERRORS.webhookNotFound });
    }
  });

  it('registers an endpoint with a secret shown once, lists, changes and deletes it', async () => {
    const admin = await adminKey();
    const made = await injectAs(t.app, admin, {
      method: 'POST',
      url: webhookUrl(WEBHOOK_PATHS.webhooks),
      payload: { url: ` ${RECEIVER} `, description: 'Customs system', event_types: ['note.added', 'note.added'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const endpoint = WebhookWithSecretResponse.parse(made.json());
    expect(endpoint).toMatchObject({
      url: RECEIVER,
      description: 'Customs system',
      event_types: ['note.added'],
      enabled: true,
      previous_secret_expires_at: null,
    });
    // Standard Webhooks' form: whsec_ and 32 random bytes in base64.
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(endpoint.secret.slice(6), 'base64')).toHaveLength(32);
    // It starts at the feed's end: what happened before it is not sent.
    expect(endpoint.cursor).toBe(await ingestionReads.feedEnd(t.app.db));

    const listed = exactJson(
      WebhooksResponse,
      await injectAs(t.app, admin, { method: 'GET', url: webhookUrl(WEBHOOK_PATHS.webhooks) }),
    );
    expect(listed.webhooks.map((each) => each.id)).toEqual([endpoint.id]);
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);

    const changed = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: webhookUrl(WEBHOOK_PATHS.webhook, endpoint.id),
      payload: { enabled: false, event_types: [] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(WebhookEndpoint.parse(changed.json())).toMatchObject({
      url: RECEIVER,
      description: 'Customs system',
      event_types: [],
      enabled: false,
    });

    const remove = () =>
      injectAs(t.app, admin, { method: 'DELETE', url: webhookUrl(WEBHOOK_PATHS.webhook, endpoint.id) });
    expect((await remove()).json()).toEqual({ outcome: 'deleted' });
    const again = await remove();
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: WEBHOOK_ERRORS.webhookNotFound });
  });

  it('refuses what an endpoint cannot be, naming the field', async () => {
    const admin = await adminKey();
    const create = (payload: Record<string, unknown>) =>
      injectAs(t.app, admin, { method: 'POST', url: webhookUrl(WEBHOOK_PATHS.webhooks), payload });
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{}, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: 'ftp://hooks.example/x' }, 'url'],
      [{ url: 'https://user:pass@hooks.example/x' }, 'url'],
      [{ url: `https://hooks.example/${'x'.repeat(2000)}` }, 'url'],
      // Plain http reaches only this machine unless WEBHOOK_ALLOW_HTTP says otherwise.
      [{ url: 'http://hooks.example/x' }, 'url'],
      [{ url: RECEIVER, event_types: ['shipment.teleported'] }, 'event_types.0'],
      [{ url: RECEIVER, description: 'two\nlines' }, 'description'],
      [{ url: RECEIVER, after: 'latest' }, 'after'],
      [{ url: RECEIVER, after: '999999999999-1' }, 'after'],
    ];
    for (const [payload, field] of refusals) {
      const refused = await create(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json<{ field: string }>().field, JSON.stringify(payload)).toBe(field);
    }
    expect((await create({ url: 'http://hooks.example/x' })).json<{ message: string }>().message).toBe(
      `url: ${WEBHOOK_ERRORS.plainHttp}`,
    );
    for (const loopback of ['http://127.0.0.1:4000/hooks', 'http://localhost/hooks', 'http://[::1]:8080/']) {
      expect((await create({ url: loopback })).statusCode, loopback).toBe(201);
    }
    const badUrl = await injectAs(t.app, admin, {
      method: 'PATCH',
      url: webhookUrl(WEBHOOK_PATHS.webhook, (await registerWebhook(t.app, admin, { url: RECEIVER })).id),
      payload: { url: 'http://hooks.example/x' },
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ field: 'url' });
    expect(WEBHOOK_EVENT_TYPES).toContain('note.added');
  });

  it(`keeps a brokerage to ${MAX_WEBHOOKS} endpoints, also when they are asked for at once`, async () => {
    const admin = await adminKey();
    const answers = await Promise.all(
      Array.from({ length: MAX_WEBHOOKS + 3 }, (_, index) =>
        injectAs(t.app, admin, {
          method: 'POST',
          url: webhookUrl(WEBHOOK_PATHS.webhooks),
          payload: { url: `${RECEIVER}/${index}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_WEBHOOKS);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual({
      message: WEBHOOK_ERRORS.tooManyWebhooks,
    });
  });

  it('rotates the secret: a new one shown once, the old one signing beside it for a day', async () => {
    const admin = await adminKey();
    const endpoint = await registerWebhook(t.app, admin, { url: RECEIVER });
    const before = Date.now();
    const rotated = await injectAs(t.app, admin, {
      method: 'POST',
      url: webhookUrl(WEBHOOK_PATHS.rotateWebhookSecret, endpoint.id),
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret, previous_secret_expires_at } = WebhookWithSecretResponse.parse(rotated.json());
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);
    const overlap = Date.parse(previous_secret_expires_at!) - before;
    expect(overlap).toBeGreaterThan(23.9 * 3600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
    const stored = await t.app.db
      .selectFrom('webhook_endpoints')
      .select(['secret', 'previous_secret'])
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ secret, previous_secret: endpoint.secret });
  });

  it('lists deliveries newest first, a page at a time, by state', async () => {
    const admin = await adminKey();
    const endpoint = await registerWebhook(t.app, admin, { url: RECEIVER });
    const shipment = await shipmentIdOf(t.app.db, '40001');
    for (const index of [1, 2, 3, 4, 5]) await addNote(t.app, tokens.primary, shipment, `Paging note ${index}`);
    await queueUntil(endpoint.id, 5);

    const pages = [];
    let before: string | null = null;
    do {
      const page = await deliveriesOf(t.app, admin, endpoint.id, { limit: 2, ...(before ? { before } : {}) });
      pages.push(page.deliveries);
      before = page.next;
    } while (before);
    const listed = pages.flat();
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    const newestFirst = (values: number[]) => [...values].sort((a, b) => b - a);
    const ids = listed.map((delivery) => Number(delivery.id));
    const eventIds = listed.map((delivery) => Number(delivery.event_cursor.split('-')[1]));
    expect(ids).toEqual(newestFirst(ids));
    expect(eventIds).toEqual(newestFirst(eventIds));
    expect(listed.every((delivery) => delivery.state === 'pending' && delivery.event_type === 'note.added')).toBe(true);
    expect(listed[0]).toMatchObject({ attempts: 0, last_status: null, replay: false, delivered_at: null });

    await t.app.db.updateTable('webhook_deliveries').set({ state: 'failed' }).where('id', '=', listed[1]!.id).execute();
    const failed = await deliveriesOf(t.app, admin, endpoint.id, { state: 'failed' });
    expect(failed).toEqual({ deliveries: [{ ...listed[1], state: 'failed' }], next: null });

    const refused = await injectAs(t.app, admin, {
      method: 'GET',
      url: `${webhookUrl(WEBHOOK_PATHS.webhookDeliveries, endpoint.id)}?state=lost`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'state' });
  });

  it('replays from a cursor by moving the endpoint back; nothing to replay past its place', async () => {
    const admin = await adminKey();
    const endpoint = await registerWebhook(t.app, admin, { url: RECEIVER });
    const shipment = await shipmentIdOf(t.app.db, '40001');
    for (const index of [1, 2, 3]) await addNote(t.app, tokens.primary, shipment, `Replay note ${index}`);
    await queueUntil(endpoint.id, 3);
    const { deliveries } = await deliveriesOf(t.app, admin, endpoint.id);
    const [third, second] = deliveries.map((delivery) => delivery.event_cursor);

    const replay = (body: Record<string, unknown>) =>
      injectAs(t.app, admin, {
        method: 'POST',
        url: webhookUrl(WEBHOOK_PATHS.replayWebhook, endpoint.id),
        payload: body,
      });
    expect((await replay({ after: third })).json()).toEqual({ outcome: 'nothing_to_replay', until: null });
    const queued = await replay({ after: second });
    expect(queued.json()).toEqual({ outcome: 'queued', until: third });
    await queueUntil(endpoint.id, 4);
    const after = await deliveriesOf(t.app, admin, endpoint.id);
    expect(after.deliveries[0]).toMatchObject({ event_cursor: third, replay: true, state: 'pending' });
    expect(after.deliveries[0]!.webhook_id).not.toBe(deliveries[0]!.webhook_id);
    const place = await t.app.db
      .selectFrom('webhook_endpoints')
      .select(['cursor', 'replay_until'])
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(place).toEqual({ cursor: third, replay_until: null });

    // No body at all replays from the feed's first event, as `{}` does.
    const whole = await injectAs(t.app, admin, {
      method: 'POST',
      url: webhookUrl(WEBHOOK_PATHS.replayWebhook, endpoint.id),
    });
    expect(whole.json()).toEqual({ outcome: 'queued', until: third });

    expect((await replay({ after: 'first' })).json()).toMatchObject({ field: 'after' });
    expect((await replay({ after: '999999999999-1' })).json()).toEqual({
      message: WEBHOOK_ERRORS.unknownCursor,
      field: 'after',
    });
  });
});
