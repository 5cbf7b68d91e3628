import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { BROKER_API_BASE, BROKER_API_PATHS, type EventsResponse } from '@clearport/contract/ingestion';
import { apiUrl, DEMO_USERS, demoUsersOf, injectAs, testAppForFile } from '../../../test/build-app.ts';
import { brokerApiOf } from '../../../test/broker-api.ts';
import { multipartBody, samplePdf } from '../../../test/sample-files.ts';
import { shipmentIdOf } from '../../../test/shipment-fixtures.ts';
import { SHIPMENT_ACTIVITY, shipmentActivityRepository } from '../activity/shipment-activity.repository.ts';
import { userChangesRepository } from '../activity/user-changes.repository.ts';
import * as userEventTypes from '../../db/migrations/0065-user-event-types.ts';

const t = testAppForFile();
const broker = brokerApiOf(t);
const { tokens } = demoUsersOf(t);
const eventsUrl = `${BROKER_API_BASE}${BROKER_API_PATHS.events}`;

async function feed(query: Record<string, string | number>, as = broker.key()): Promise<EventsResponse> {
  const search = new URLSearchParams(
    Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]),
  );
  const response = await injectAs(t.app, as, { method: 'GET', url: `${eventsUrl}?${search}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventsResponse>();
}

/** A demo user's id and company, by e-mail. */
const userOf = (email: string) =>
  t.app.db.selectFrom('users').select(['id', 'company_id']).where('email', '=', email).executeTakeFirstOrThrow();

/**
 * Reads the feed from `after` to its end, `limit` at a time: every event and the cursor to go on
 * from. The feed holds back while any older transaction of the server runs (another test file's,
 * on PostgreSQL), so it is read until `atLeast` events came, as a broker's system polls.
 */
async function readAll(
  after: string | null,
  {
    limit = 100,
    atLeast = 0,
    of = () => true,
  }: {
    limit?: number;
    atLeast?: number;
    /** Only these events are kept and counted: others held back until now may come after `after`. */
    of?: (event: EventsResponse['events'][number]) => boolean;
  } = {},
) {
  const events: EventsResponse['events'] = [];
  let cursor = after;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const page = await feed(cursor ? { after: cursor, limit } : { limit });
    events.push(...page.events.filter(of));
    if (page.events.length === 0) {
      if (events.length >= atLeast || Date.now() > deadline) return { events, cursor };
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    expect(page.next).toBe(page.events.at(-1)!.cursor);
    cursor = page.next;
  }
}

describe('the change feed', () => {
  it('gives each customer act once, in order, across pages, with a download address for an upload', async () => {
    const { cursor: start } = await readAll(null);
    const id = await shipmentIdOf(t.app.db, '40001');
    const pdf = samplePdf();
    const { body, contentType } = multipartBody([{ name: 'invoice scan.pdf', data: pdf }]);
    const acts = [
      () =>
        injectAs(t.app, tokens.user, {
          method: 'POST',
          url: apiUrl(API_PATHS.uploadDocument, { id }),
          payload: body,
          headers: { 'content-type': contentType },
        }),
      () =>
        injectAs(t.app, tokens.primary, {
          method: 'POST',
          url: apiUrl(API_PATHS.addNote, { id }),
          payload: { note: 'Pallets are wrapped' },
        }),
      () =>
        injectAs(t.app, tokens.manager, {
          method: 'POST',
          url: apiUrl(API_PATHS.saveReference, { id }),
          payload: { reference_no: 'PO-FEED-1' },
        }),
    ];
    for (const act of acts) expect((await act()).statusCode).toBe(200);

    const { events, cursor } = await readAll(start, { limit: 2, atLeast: 3 });
    expect(events.map((event) => [event.type, event.user_email])).toEqual([
      [SHIPMENT_ACTIVITY.documentUploaded, DEMO_USERS.user],
      [SHIPMENT_ACTIVITY.noteAdded, DEMO_USERS.primary],
      [SHIPMENT_ACTIVITY.referenceChanged, DEMO_USERS.manager],
    ]);
    const shipment = await t.app.db
      .selectFrom('shipments')
      .select('file_number')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    for (const event of events) {
      expect(event).toMatchObject({
        account_no: '40001',
        file_number: shipment.file_number,
        company: 'Demo Imports LLC',
      });
    }
    expect(events[1]!.detail).toMatchObject({ text: 'Pallets are wrapped', author: expect.any(String), role: 3 });
    expect(events[2]!.detail).toMatchObject({ to: 'PO-FEED-1' });
    expect(new Set(events.map((event) => event.cursor)).size).toBe(3);

    // Read again from the end: nothing new, and the cursor stays.
    expect(await feed({ after: cursor! })).toEqual({ events: [], next: cursor });

    const upload = events[0]!;
    expect(upload.detail).toMatchObject({ name: 'invoice scan.pdf' });
    const file = await injectAs(t.app, broker.key(), { method: 'GET', url: upload.file_url! });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers['content-disposition']).toContain('invoice%20scan.pdf');
    expect((await injectAs(t.app, tokens.primary, { method: 'GET', url: upload.file_url! })).statusCode).toBe(401);
    const unknown = upload.file_url!.replace(/[^/]+$/, 'nothing-here.pdf');
    expect((await injectAs(t.app, broker.key(), { method: 'GET', url: unknown })).statusCode).toBe(404);
  });

  it("tells a user change by the company's primary, and not the broker's own acts", async () => {
    const { cursor: start } = await readAll(null);
    const company = await t.app.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Demo Imports LLC')
      .executeTakeFirstOrThrow();
    const created = await injectAs(t.app, tokens.primary, {
      method: 'POST',
      url: apiUrl(API_PATHS.subusers),
      payload: {
        name: 'Feed Person',
        email: 'feed.person@demo.test',
        password: 'a long enough password',
        role: 11,
        linkedAccounts: ['40001'],
        company_id: company.id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = await shipmentIdOf(t.app.db, '40001');
    await shipmentActivityRepository.record(t.app.db, [
      { shipmentId: id, userId: null, action: SHIPMENT_ACTIVITY.statusChanged, detail: { by: 'broker' } },
    ]);
    const { events } = await readAll(start, { atLeast: 1 });
    expect(events.map((event) => event.type)).toEqual(['user.created']);
    expect(events[0]).toMatchObject({
      company: 'Demo Imports LLC',
      user_email: DEMO_USERS.primary,
      detail: { user_email: 'feed.person@demo.test' },
      file_url: null,
    });
  });

  it('tells each kind of user change by its own type: signed out everywhere, second factor reset, set-password e-mail', async () => {
    const { cursor: start } = await readAll(null);
    const user = await userOf(DEMO_USERS.user);
    const ended = await injectAs(t.app, tokens.primary, {
      method: 'POST',
      url: apiUrl(API_PATHS.endSubuserSessions, { id: user.id }),
      payload: {},
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const primary = await userOf(DEMO_USERS.primary);
    for (const action of ['two-factor-reset', 'password-link'] as const) {
      await userChangesRepository.record(t.app.db, {
        companyId: user.company_id,
        userId: user.id,
        userEmail: DEMO_USERS.user,
        changedBy: primary.id,
        action,
        detail: {},
      });
    }
    const { events } = await readAll(start, { atLeast: 3 });
    expect(events.map((event) => [event.type, Object.keys(event.detail).sort()])).toEqual([
      ['user.sessions_ended', ['ended', 'user_email', 'user_id']],
      ['user.two_factor_reset', ['user_email', 'user_id']],
      ['user.password_link_sent', ['user_email', 'user_id']],
    ]);
    expect(events[0]).toMatchObject({ user_email: DEMO_USERS.primary, detail: { user_email: DEMO_USERS.user } });
  });

  it('gives the events of user changes written before migration 0065 their own type', async () => {
    const user = await userOf(DEMO_USERS.viewer);
    const primary = await userOf(DEMO_USERS.primary);
    const change = { companyId: user.company_id, userId: user.id, userEmail: DEMO_USERS.viewer, changedBy: primary.id };
    // In one transaction, so that the three share their time.
    await t.app.db.transaction().execute(async (trx) => {
      for (const action of ['end-sessions', 'two-factor-reset', 'password-link'] as const) {
        await userChangesRepository.record(trx, {
          ...change,
          action,
          detail: action === 'end-sessions' ? { ended: 2 } : {},
        });
      }
    });
    const viewerEvents = () =>
      t.app.db
        .selectFrom('broker_events')
        .select('type')
        .where(sql<boolean>`(detail->>'user_id')::int = ${user.id}::int`)
        .orderBy('id')
        .execute();
    // As the trigger before 0065 wrote them.
    await sql`UPDATE broker_events SET type = 'user.password_link_sent'
      WHERE (detail->>'user_id')::int = ${user.id}::int`.execute(t.app.db);
    await userEventTypes.up(t.app.db as unknown as Kysely<unknown>);
    expect((await viewerEvents()).map((event) => event.type)).toEqual([
      'user.sessions_ended',
      'user.two_factor_reset',
      'user.password_link_sent',
    ]);
  });

  it('refuses a cursor it did not hand out, malformed, unknown or from the future, and a customer session', async () => {
    const { cursor: end } = await readAll(null);
    const [tx, id] = end!.split('-').map(Number) as [number, number];
    // Malformed; well formed but never handed out (one past the end, a future one, a mismatched pair).
    const neverHandedOut = [`${tx}-${id + 1}`, '999999999-999999999', '999999999999999-1', `${tx + 1}-${id}`, '0-0'];
    for (const after of ['abc', '1', '1-', '99999999999999999999-1', ...neverHandedOut]) {
      const response = await injectAs(t.app, broker.key(), { method: 'GET', url: `${eventsUrl}?after=${after}` });
      expect(response.statusCode, after).toBe(400);
      expect(response.json<{ field?: string }>().field).toBe('after');
    }
    expect((await injectAs(t.app, broker.key(), { method: 'GET', url: `${eventsUrl}?after=${end}` })).statusCode).toBe(
      200,
    );
    const tooMany = await injectAs(t.app, broker.key(), { method: 'GET', url: `${eventsUrl}?limit=100000` });
    expect(tooMany.statusCode).toBe(400);
    // A misspelt parameter is refused, naming it: read as absent, it would start the feed over.
    const misspelt = await injectAs(t.app, broker.key(), { method: 'GET', url: `${eventsUrl}?afer=${end}` });
    expect(misspelt.statusCode).toBe(400);
    expect(misspelt.json<{ field?: string }>().field).toBe('afer');
    expect((await injectAs(t.app, tokens.primary, { method: 'GET', url: eventsUrl })).statusCode).toBe(401);
  });

  it('hands out an event as it was written, after its shipment moved and its company was renamed, and tells the orders a move deleted', async () => {
    const { cursor: start } = await readAll(null);
    const ordered = sql<boolean>`EXISTS (SELECT 1 FROM delivery_orders o WHERE o.shipment_id = shipments.id)`;
    const id = await shipmentIdOf(t.app.db, '40001', (query) => query.where(ordered));
    const { file_number } = await t.app.db
      .selectFrom('shipments')
      .select('file_number')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const orders = await t.app.db
      .selectFrom('delivery_orders as o')
      .innerJoin('truckers', 'truckers.id', 'o.trucker_id')
      .innerJoin('warehouses', 'warehouses.id', 'o.warehouse_id')
      .select(['o.id', 'truckers.name as trucker', 'warehouses.name as warehouse'])
      .select((eb) => [
        eb
          .selectFrom('delivery_order_containers as l')
          .innerJoin('containers as c', 'c.id', 'l.container_id')
          .select(sql<string[]>`array_agg(c.container_no ORDER BY c.id)`.as('numbers'))
          .whereRef('l.delivery_order_id', '=', 'o.id')
          .as('container_nos'),
      ])
      .where('o.shipment_id', '=', id)
      .orderBy('o.id')
      .execute();
    const noted = await injectAs(t.app, tokens.primary, {
      method: 'POST',
      url: apiUrl(API_PATHS.addNote, { id }),
      payload: { note: 'Before the move' },
    });
    expect(noted.statusCode).toBe(200);
    // Events of the file's earlier tests that another file's transaction held back may come after
    // `start` on a shared PostgreSQL server: this test reads its own.
    const ofThisTest = (event: EventsResponse['events'][number]) =>
      (event.type === SHIPMENT_ACTIVITY.noteAdded && event.detail.text === 'Before the move') ||
      event.type === SHIPMENT_ACTIVITY.deliveryOrderDeleted;
    const { events: before } = await readAll(start, { atLeast: 1, of: ofThisTest });
    expect(before).toHaveLength(1);

    const moved = await broker.results<{ outcome: string }>([
      { kind: 'shipment', file_number, account_no: '70001' },
      { kind: 'company', company_id: 'C-10042', name: 'Demo Imports Renamed' },
    ]);
    expect(moved.map((result) => result.outcome)).toEqual(['updated', 'updated']);
    try {
      const { events } = await readAll(start, { atLeast: 1 + orders.length, of: ofThisTest });
      expect(events[0]).toEqual(before[0]);
      expect(events[0]).toMatchObject({ company: 'Demo Imports LLC', account_no: '40001', file_number });
      // The broker's system may hold the orders (it approves them): their deletion is news to it.
      expect(events.slice(1).map((event) => [event.type, event.user_email, event.detail.delivery_order_id])).toEqual(
        orders.map((order) => [SHIPMENT_ACTIVITY.deliveryOrderDeleted, null, order.id]),
      );
      // Filed under the company and account that had the order, as they were named then.
      expect(events[1]).toMatchObject({
        company_id: 'C-10042',
        company: 'Demo Imports LLC',
        account_no: '40001',
        file_number,
        detail: { by: 'broker', reason: 'shipment_moved_to_another_company' },
      });
      // Named as the brokerage knows them, beside the portal's ids.
      expect(events.slice(1).map((event) => event.detail)).toMatchObject(
        orders.map((order) => ({
          trucker: order.trucker,
          warehouse: order.warehouse,
          container_nos: order.container_nos ?? [],
        })),
      );
    } finally {
      await broker.results([{ kind: 'company', company_id: 'C-10042', name: 'Demo Imports LLC' }]);
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'never passes an event a transaction still running will commit, when two customers act at once',
    async () => {
      const { cursor: start } = await readAll(null);
      const [first, second] = [await shipmentIdOf(t.app.db, '40001'), await shipmentIdOf(t.app.db, '40002')];
      const users = await t.app.db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('email', 'in', [DEMO_USERS.primary, DEMO_USERS.manager])
        .execute();
      const userId = (email: string) => users.find((user) => user.email === email)!.id;
      let commitFirst!: () => void;
      const firstMayCommit = new Promise<void>((resolve) => (commitFirst = resolve));
      let firstWrote!: () => void;
      const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
      // The first act takes the lower event id, then waits; the second commits meanwhile.
      const slow = t.app.db.transaction().execute(async (trx) => {
        await shipmentActivityRepository.record(trx, [
          { shipmentId: first, userId: userId(DEMO_USERS.primary), action: SHIPMENT_ACTIVITY.noteAdded, detail: {} },
        ]);
        firstWrote();
        await firstMayCommit;
      });
      await firstHasWritten;
      await shipmentActivityRepository.record(t.app.db, [
        { shipmentId: second, userId: userId(DEMO_USERS.manager), action: SHIPMENT_ACTIVITY.noteAdded, detail: {} },
      ]);
      const meanwhile = await readAll(start);
      expect(meanwhile.events).toEqual([]);
      commitFirst();
      await slow;
      const { events } = await readAll(meanwhile.cursor, { atLeast: 2 });
      expect(events.map((event) => event.user_email)).toEqual([DEMO_USERS.primary, DEMO_USERS.manager]);
    },
  );
});
