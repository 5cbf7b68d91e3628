import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { ContainerFreeDaysResponse, freeDaysUrgency, lastFreeDayState } from '@clearport/contract/free-days';
import { API_PATHS } from '@clearport/contract/paths';
import { HomeShipmentsResponse, ShipmentsListResponse, type ShipmentListItem } from '@clearport/contract/shipments';
import {
  apiUrl,
  DEMO_USERS,
  exactJson,
  injectAs,
  login,
  testAppForFile,
  type DemoUser,
} from '../../../test/build-app.ts';
import { brokerApiOf } from '../../../test/broker-api.ts';
import { expectKeptByTriggers } from '../../../test/kept-by-triggers.ts';
import { companyIdOf } from '../../../test/session-users.ts';
import { BROKER } from '../access/session-user.ts';
import { setContainerFreeDays } from '../containers/set-container-free-days.ts';

/*
 * Home's "Possible Charges" box and `charges=possible` (decision 0030), through the routes: a
 * shipment is listed while a container's last free day (the terminal's at the terminal, the
 * detention one once gated out, none once returned) is at most 3 days after the company's day in
 * its zone, or past. Demo Imports is in New York; the clock is set to 23:30 there on 2026-11-26,
 * already 2026-11-27 in UTC, so a UTC day would list the day+4 shipment too.
 */

const t = testAppForFile();
const broker = brokerApiOf(t);

/** 23:30 on 2026-11-26 in New York (EST), 04:30 on 2026-11-27 UTC. */
const LATE_EVENING = new Date('2026-11-27T04:30:00Z');
/** 00:01 on 2026-11-27 in New York: the next day there. */
const JUST_AFTER_MIDNIGHT = new Date('2026-11-27T05:01:00Z');

type Query = Record<string, string | number>;

/**
 * The list as `who` reads it at `at`. The embedded database's clock is the faked one too, so the
 * session is started at that time: one started now would be idle, or not yet begun, there.
 */
async function get(who: DemoUser, query: Query, at: Date) {
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  const token = await login(t.app, DEMO_USERS[who]);
  return injectAs(t.app, token, { method: 'GET', url: apiUrl(API_PATHS.shipments, {}, query) });
}

async function possible(who: DemoUser, at = LATE_EVENING): Promise<ShipmentListItem[]> {
  const items: ShipmentListItem[] = [];
  for (let page = 1; ; page++) {
    const body = exactJson(ShipmentsListResponse, await get(who, { charges: 'possible', page }, at));
    items.push(...body.data);
    if (page >= body.pagination.last_page) {
      expect(body.pagination.total).toBe(items.length);
      return items;
    }
  }
}

async function boxCount(who: DemoUser, at = LATE_EVENING): Promise<number> {
  return exactJson(HomeShipmentsResponse, await get(who, { source: 'home' }, at)).possible_charges;
}

/** The shipment page's free days panel of `shipmentId` as `who` reads it at `at`. */
async function freeDaysPage(who: DemoUser, shipmentId: number, at: Date) {
  vi.useFakeTimers({ toFake: ['Date'], now: at });
  const token = await login(t.app, DEMO_USERS[who]);
  const url = apiUrl(API_PATHS.containerFreeDays, { id: shipmentId });
  return exactJson(ContainerFreeDaysResponse, await injectAs(t.app, token, { method: 'GET', url }));
}

const fileNumbers = (items: readonly ShipmentListItem[]) => items.map((item) => item.file_number).sort();

type Container = { shipmentId: number; fileNumber: string; containerNo: string };

/** The first container of each of `count` shipments of the company, each shipment with one container only. */
async function containersOf(company: string, count: number): Promise<Container[]> {
  const { rows } = await sql<Container>`
    SELECT s.id AS "shipmentId", s.file_number AS "fileNumber", min(c.container_no) AS "containerNo"
    FROM shipments s JOIN accounts a ON a.id = s.account_id JOIN companies co ON co.id = a.company_id
    JOIN containers c ON c.shipment_id = s.id
    WHERE co.name = ${company}
    GROUP BY s.id HAVING count(*) = 1 ORDER BY s.id LIMIT ${count}
  `.execute(t.app.db);
  expect(rows).toHaveLength(count);
  return rows;
}

type FreeDaysFields = Parameters<typeof setContainerFreeDays>[2]['fields'];

const setFreeDays = (container: Container, fields: FreeDaysFields) =>
  setContainerFreeDays({ db: t.app.db }, BROKER, {
    fileNumber: container.fileNumber,
    containerNo: container.containerNo,
    fields,
  });

const GATED_OUT = new Date('2026-11-25T15:00:00Z');

beforeAll(async () => {
  const demoImports = await companyIdOf(t.app.db, 'Demo Imports LLC');
  await t.app.db
    .updateTable('companies')
    .set({ time_zone: 'America/New_York' })
    .where('id', '=', demoImports)
    .execute();
  // Each test sets the free days it counts on: the demo's own are left out.
  await t.app.db.deleteFrom('container_free_days').execute();
});

afterEach(async () => {
  vi.useRealTimers();
  await t.app.db.deleteFrom('container_free_days').execute();
});

describe('possible charges', () => {
  it("list and count the containers due within 3 days of the company's day, or already charged", async () => {
    const [today, inThree, inFour, demurrage, detentionLater, detention, returned, noDay] = await containersOf(
      'Demo Imports LLC',
      8,
    );
    const [othersToday] = await containersOf('Other Trading Co', 1);
    await setFreeDays(today!, { terminal_last_free_day: '2026-11-26' });
    await setFreeDays(inThree!, { terminal_last_free_day: '2026-11-29' });
    await setFreeDays(inFour!, { terminal_last_free_day: '2026-11-30' });
    await setFreeDays(demurrage!, { terminal_last_free_day: '2026-11-02' });
    // Gated out: the terminal's day, long past, no longer counts; the detention one does.
    await setFreeDays(detentionLater!, {
      terminal_last_free_day: '2026-11-20',
      gated_out_at: GATED_OUT,
      detention_last_free_day: '2026-12-10',
    });
    await setFreeDays(detention!, {
      terminal_last_free_day: '2026-11-20',
      gated_out_at: GATED_OUT,
      detention_last_free_day: '2026-11-24',
    });
    await setFreeDays(returned!, {
      terminal_last_free_day: '2026-11-20',
      gated_out_at: GATED_OUT,
      detention_last_free_day: '2026-11-22',
      empty_returned_at: new Date('2026-11-25T20:00:00Z'),
    });
    await setFreeDays(noDay!, { customs_hold: true });
    await setFreeDays(othersToday!, { terminal_last_free_day: '2026-11-26' });

    const listed = await possible('primary');
    expect(fileNumbers(listed)).toEqual(
      [today, inThree, demurrage, detention].map((container) => container!.fileNumber).sort(),
    );
    expect(
      Object.fromEntries(listed.map((item) => [item.file_number, [item.next_free_day, item.next_free_day_kind]])),
    ).toEqual({
      [today!.fileNumber]: ['2026-11-26', 'terminal'],
      [inThree!.fileNumber]: ['2026-11-29', 'terminal'],
      [demurrage!.fileNumber]: ['2026-11-02', 'terminal'],
      [detention!.fileNumber]: ['2026-11-24', 'detention'],
    });
    expect(await boxCount('primary')).toBe(4);

    // A minute after midnight in New York, the day+4 container is due in 3 days.
    expect(fileNumbers(await possible('primary', JUST_AFTER_MIDNIGHT))).toContain(inFour!.fileNumber);
    expect(await boxCount('primary', JUST_AFTER_MIDNIGHT)).toBe(5);

    // Another company's container counts for it alone.
    expect(fileNumbers(await possible('other'))).toEqual([othersToday!.fileNumber]);
    expect(await boxCount('other')).toBe(1);
  });

  it("agree with the shipment page on each listed shipment's last free day, either side of midnight in New York", async () => {
    const [dueToday, dueInFour] = await containersOf('Demo Imports LLC', 2);
    // Discharged at 10:30 PM in New York, 03:30 the next day in UTC; the terminal moved the second's day once.
    await setFreeDays(dueToday!, {
      discharged_at: new Date('2026-11-22T03:30:00Z'),
      terminal_last_free_day: '2026-11-26',
    });
    await setFreeDays(dueInFour!, { terminal_last_free_day: '2026-11-26' });
    await setFreeDays(dueInFour!, { terminal_last_free_day: '2026-11-30' });

    const statesAt = async (at: Date) => {
      const states: Record<string, string> = {};
      for (const item of await possible('primary', at)) {
        const kind = item.next_free_day_kind!;
        const page = await freeDaysPage('primary', item.id, at);
        const container = page.containers.find(
          (each) =>
            (kind === 'terminal' ? each.terminal_last_free_day : each.detention_last_free_day) === item.next_free_day,
        );
        // The page's state of the container is the contract's rule on the list's day, and costs or is due.
        expect(container?.status).toEqual(lastFreeDayState(kind, item.next_free_day, page.today));
        expect(freeDaysUrgency(container!.status)).not.toBeNull();
        states[item.file_number] = container!.status.state;
      }
      return states;
    };

    expect(await statesAt(LATE_EVENING)).toEqual({ [dueToday!.fileNumber]: 'pickup_today' });
    expect(await statesAt(JUST_AFTER_MIDNIGHT)).toEqual({
      [dueToday!.fileNumber]: 'demurrage',
      [dueInFour!.fileNumber]: 'pickup_due',
    });
  });

  it('give each list item its nearest open last free day, and null without one', async () => {
    const [container] = await containersOf('Demo Imports LLC', 1);
    await setFreeDays(container!, {
      terminal_last_free_day: '2026-12-20',
      gated_out_at: GATED_OUT,
      detention_last_free_day: '2026-12-24',
    });
    const reply = exactJson(
      ShipmentsListResponse,
      await get('primary', { search: container!.fileNumber }, LATE_EVENING),
    );
    expect(reply.data.map((item) => [item.file_number, item.next_free_day, item.next_free_day_kind])).toEqual([
      [container!.fileNumber, '2026-12-24', 'detention'],
    ]);
    const others = exactJson(ShipmentsListResponse, await get('primary', {}, LATE_EVENING)).data;
    expect(
      others
        .filter((item) => item.id !== container!.shipmentId)
        .every((item) => item.next_free_day === null && item.next_free_day_kind === null),
    ).toBe(true);
  });

  it("follow the broker's partial records in and out, and a container's move and deletion", async () => {
    const [container, elsewhere] = await containersOf('Demo Imports LLC', 2);
    const key = {
      kind: 'container_free_days',
      file_number: container!.fileNumber,
      container_no: container!.containerNo,
    };
    const isListed = async () => fileNumbers(await possible('primary')).includes(container!.fileNumber);

    await broker.results([{ ...key, terminal_last_free_day: '2026-12-06' }]);
    expect(await isListed()).toBe(false);
    await broker.results([{ ...key, terminal_last_free_day: '2026-11-27' }]);
    expect(await isListed()).toBe(true);
    // Gated out with no detention day yet: nothing to watch.
    await broker.results([{ ...key, gated_out_at: '2026-11-26T10:00:00-05:00' }]);
    expect(await isListed()).toBe(false);
    await broker.results([{ ...key, detention_last_free_day: '2026-11-25' }]);
    expect(await isListed()).toBe(true);
    expect(await boxCount('primary')).toBe(1);
    await broker.results([{ ...key, empty_returned_at: '2026-11-26T16:00:00-05:00' }]);
    expect(await isListed()).toBe(false);
    await broker.results([{ ...key, empty_returned_at: null }]);
    expect(await isListed()).toBe(true);

    // Moved to another shipment, the day goes with the container; deleted, it goes.
    await t.app.db
      .updateTable('containers')
      .set({ shipment_id: elsewhere!.shipmentId })
      .where('container_no', '=', container!.containerNo)
      .where('shipment_id', '=', container!.shipmentId)
      .execute();
    expect(fileNumbers(await possible('primary'))).toEqual([elsewhere!.fileNumber]);
    // Its shipment moved to the company's other account, the day is counted there.
    await sql`UPDATE shipments SET account_id = (
        SELECT o.id FROM accounts o JOIN accounts a ON a.company_id = o.company_id AND a.id <> o.id
        WHERE a.id = shipments.account_id ORDER BY o.id LIMIT 1)
      WHERE id = ${elsewhere!.shipmentId}`.execute(t.app.db);
    await expectKeptByTriggers(t.app.db);
    expect(fileNumbers(await possible('primary'))).toEqual([elsewhere!.fileNumber]);
    await t.app.db
      .deleteFrom('containers')
      .where('container_no', '=', container!.containerNo)
      .where('shipment_id', '=', elsewhere!.shipmentId)
      .execute();
    expect(await possible('primary')).toEqual([]);
    expect(await boxCount('primary')).toBe(0);
    await expectKeptByTriggers(t.app.db);
  });
});
