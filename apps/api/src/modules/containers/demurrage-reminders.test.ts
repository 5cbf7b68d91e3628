import { describe, expect, it } from 'vitest';
import type { EventMailDetail } from '@clearport/contract/event-mail';
import { BROKER_API_BASE, BROKER_API_PATHS, type EventsResponse } from '@clearport/contract/ingestion';
import { API_PATHS } from '@clearport/contract/paths';
import { brokerApiOf } from '../../../test/broker-api.ts';
import { apiUrl, buildTestApp, injectAs, login, testAppForFile } from '../../../test/build-app.ts';
import { addressesOf, outboxMessages } from '../../../test/delivery-order-fixtures.ts';
import { companyIdOf } from '../../../test/session-users.ts';
import type { Db } from '../../db/connect.ts';
import { BROKER } from '../access/session-user.ts';
import { sendDueMail } from '../event-mail/event-mail.worker.ts';
import { runDemurrageReminders } from './demurrage-reminders.worker.ts';
import { setContainerFreeDays } from './set-container-free-days.ts';
import type { FreeDaysFields } from './container-free-days.repository.ts';
import { HAS_NO_FREE_DAYS } from '../../../test/shipment-fixtures.ts';

/**
 * The demurrage watch (docs/decisions/0031-demurrage-reminders.md): reminders on the working day
 * before a last free day, the day charges start, a last free day's change, each queued once,
 * across two processes and a later run, and the change feed's container events. Each test has
 * its own year, so one test's last free days are never in another's run; runs take a chosen clock.
 */

const t = testAppForFile();
const broker = brokerApiOf(t);
const COMPANY = 'Demo Imports LLC';
const ZONE = 'America/New_York';
const GATHER_MS = 120_000;
const MAIL = {
  publicUrl: 'http://portal.test',
  gatherMs: GATHER_MS,
  brokerEmail: 'support@clearport.test',
  retryForMs: 24 * 3600_000,
};

/** The company's containers the demo gave no free days, `count` of them from the `skip`-th, with their shipment. */
async function containers(skip: number, count: number) {
  const companyId = await companyIdOf(t.app.db, COMPANY);
  await t.app.db.updateTable('companies').set({ time_zone: ZONE }).where('id', '=', companyId).execute();
  return t.app.db
    .selectFrom('containers')
    .innerJoin('shipments', 'shipments.id', 'containers.shipment_id')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .select(['shipments.id as shipmentId', 'shipments.file_number', 'containers.container_no'])
    .where('accounts.company_id', '=', companyId)
    .where(HAS_NO_FREE_DAYS)
    .orderBy('containers.id')
    .offset(skip)
    .limit(count)
    .execute();
}

type Container = Awaited<ReturnType<typeof containers>>[number];

const setFreeDays = (container: Container, fields: FreeDaysFields) =>
  setContainerFreeDays({ db: t.app.db }, BROKER, {
    fileNumber: container.file_number,
    containerNo: container.container_no,
    fields,
  });

/** The demurrage list's events queued for the container, in order. */
async function queuedFor(db: Db, containerNo: string): Promise<EventMailDetail[]> {
  const rows = await db
    .selectFrom('mail_events')
    .innerJoin('mail_messages', 'mail_messages.id', 'mail_events.message_id')
    .select('mail_events.detail')
    .where('mail_messages.table_number', '=', 4)
    .orderBy('mail_events.id')
    .execute();
  return rows
    .map((row) => (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as EventMailDetail)
    .filter((event) => 'containerNo' in event && event.containerNo === containerNo);
}

/** An instant in New York: `day` at `time`, both as written there (winter: UTC-5). */
const newYork = (day: string, time: string) => new Date(`${day}T${time}-05:00`);

describe('the demurrage watch', () => {
  it('reminds two working days before a Monday last free day: on the Thursday, from its first minute there', async () => {
    const [atTerminal, gatedOut] = await containers(0, 2);
    // 2030-01-07 is a Monday; the Thursday before is 2030-01-03.
    await setFreeDays(atTerminal!, { terminal_last_free_day: '2030-01-07' });
    await setFreeDays(gatedOut!, {
      gated_out_at: newYork('2030-01-02', '09:00:00'),
      detention_last_free_day: '2030-01-07',
    });

    await runDemurrageReminders(t.app.db, newYork('2030-01-02', '23:59:00'));
    expect(await queuedFor(t.app.db, atTerminal!.container_no)).toEqual([
      expect.objectContaining({ kind: 'lastFreeDayChanged' }),
    ]);

    const thursday = await runDemurrageReminders(t.app.db, newYork('2030-01-03', '00:01:00'));
    expect(thursday.due).toBe(2);
    expect((await queuedFor(t.app.db, atTerminal!.container_no)).slice(1)).toEqual([
      {
        kind: 'lastFreeDayDue',
        shipmentId: atTerminal!.shipmentId,
        entryNo: atTerminal!.file_number,
        containerNo: atTerminal!.container_no,
        which: 'terminal',
        day: '01/07/2030',
      },
    ]);
    expect((await queuedFor(t.app.db, gatedOut!.container_no)).slice(1)).toEqual([
      expect.objectContaining({ kind: 'lastFreeDayDue', which: 'detention', day: '01/07/2030' }),
    ]);

    // Friday, the weekend and the Monday itself find it reminded already.
    for (const day of ['2030-01-04', '2030-01-05', '2030-01-07']) {
      expect((await runDemurrageReminders(t.app.db, newYork(day, '10:00:00'))).due).toBe(0);
    }
    expect(await queuedFor(t.app.db, atTerminal!.container_no)).toHaveLength(2);
  });

  it('reminds a Saturday last free day on the Thursday, and with 0 days on the Friday before it', async () => {
    const [first, second] = await containers(2, 2);
    // 2031-01-11 is a Saturday.
    await setFreeDays(first!, { terminal_last_free_day: '2031-01-11' });
    await runDemurrageReminders(t.app.db, newYork('2031-01-08', '12:00:00'));
    expect(await queuedFor(t.app.db, first!.container_no)).toHaveLength(1);
    await runDemurrageReminders(t.app.db, newYork('2031-01-09', '12:00:00'));
    expect((await queuedFor(t.app.db, first!.container_no)).map((event) => event.kind)).toEqual([
      'lastFreeDayChanged',
      'lastFreeDayDue',
    ]);

    const primary = await login(t.app, 'primary@demo.test');
    const saved = await injectAs(t.app, primary, {
      method: 'PUT',
      url: apiUrl(API_PATHS.demurrageAlerts),
      payload: { email: 'yard@demo.test', cc_emails: [], reminder_days: 0 },
    });
    expect(saved.statusCode).toBe(200);
    await setFreeDays(second!, { terminal_last_free_day: '2031-01-18' });
    await runDemurrageReminders(t.app.db, newYork('2031-01-16', '12:00:00'));
    expect(await queuedFor(t.app.db, second!.container_no)).toHaveLength(1);
    await runDemurrageReminders(t.app.db, newYork('2031-01-17', '12:00:00'));
    expect((await queuedFor(t.app.db, second!.container_no)).at(-1)).toMatchObject({
      kind: 'lastFreeDayDue',
      day: '01/18/2031',
    });
    await injectAs(t.app, primary, {
      method: 'PUT',
      url: apiUrl(API_PATHS.demurrageAlerts),
      payload: { email: 'yard@demo.test', cc_emails: [], reminder_days: 2 },
    });
  });

  it('tells the day charges start, once, and the broker feed of demurrage started', async () => {
    const [atTerminal, gatedOut, returned] = await containers(4, 3);
    await setFreeDays(atTerminal!, { terminal_last_free_day: '2032-03-05' });
    await setFreeDays(gatedOut!, {
      gated_out_at: newYork('2032-03-01', '08:00:00'),
      detention_last_free_day: '2032-03-05',
    });
    await setFreeDays(returned!, {
      gated_out_at: newYork('2032-03-01', '08:00:00'),
      empty_returned_at: newYork('2032-03-04', '08:00:00'),
      detention_last_free_day: '2032-03-05',
    });
    // The last free day is a whole day at the terminal: nothing starts before its end in New York.
    // At 04:59 UTC on the 6th it is still the 5th there.
    expect((await runDemurrageReminders(t.app.db, newYork('2032-03-05', '23:59:00'))).chargesStarted).toBe(0);
    const started = await runDemurrageReminders(t.app.db, newYork('2032-03-06', '00:01:00'));
    expect(started.chargesStarted).toBe(2);
    await runDemurrageReminders(t.app.db, newYork('2032-03-07', '00:01:00'));
    expect((await queuedFor(t.app.db, atTerminal!.container_no)).filter((e) => e.kind === 'chargesStarted')).toEqual([
      expect.objectContaining({ which: 'terminal', day: '03/05/2032' }),
    ]);
    expect((await queuedFor(t.app.db, gatedOut!.container_no)).filter((e) => e.kind === 'chargesStarted')).toEqual([
      expect.objectContaining({ which: 'detention', day: '03/05/2032' }),
    ]);
    expect(await queuedFor(t.app.db, returned!.container_no)).toHaveLength(1);

    const feed = await feedEventsOf('container.demurrage_started', atTerminal!.container_no, 1);
    expect(feed.map((event) => event.detail)).toEqual([
      { container_no: atTerminal!.container_no, last_free_day: '2032-03-05' },
    ]);
    // Detention is mailed, not put in the feed.
    expect(await feedEventsOf('container.demurrage_started', gatedOut!.container_no, 0)).toEqual([]);
  });

  it('mails a last free day change once, with the old and new days, to the list; the feed tells it too', async () => {
    const [container] = await containers(7, 1);
    const results = await broker.results<{ outcome: string }>([
      {
        kind: 'container_free_days',
        file_number: container!.file_number,
        container_no: container!.container_no,
        terminal_last_free_day: '2033-06-01',
      },
    ]);
    expect(results[0]).toMatchObject({ outcome: 'created' });
    await setFreeDays(container!, { terminal_last_free_day: '2033-06-03' });
    const at = newYork('2033-05-01', '10:00:00');
    const runs = await Promise.all([runDemurrageReminders(t.app.db, at), runDemurrageReminders(t.app.db, at)]);
    expect(runs.reduce((sum, run) => sum + run.lfdChanges, 0)).toBeGreaterThanOrEqual(2);
    await runDemurrageReminders(t.app.db, at);
    const changes = (await queuedFor(t.app.db, container!.container_no)).filter(
      (event) => event.kind === 'lastFreeDayChanged',
    );
    expect(changes.map((change) => change.kind === 'lastFreeDayChanged' && [change.oldDay, change.newDay])).toEqual([
      [null, '06/01/2033'],
      ['06/01/2033', '06/03/2033'],
    ]);

    const primary = await login(t.app, 'primary@demo.test');
    const list = { email: 'yard@demo.test', cc_emails: ['dispatch@demo.test'], reminder_days: 2 };
    const saved = await injectAs(t.app, primary, {
      method: 'PUT',
      url: apiUrl(API_PATHS.demurrageAlerts),
      payload: list,
    });
    expect(saved.statusCode).toBe(200);
    await sendDueMail(t.app.db, t.app.mailer, MAIL, new Date(at.getTime() + GATHER_MS));
    const mails = (await outboxMessages(t.dataDir)).filter((mail) => mail.text?.includes(container!.container_no));
    // Set, then moved within the window the message gathers: one line, the day it is now.
    const changed = mails.filter((mail) => mail.text?.includes('last free day at the terminal is 06/03/2033'));
    expect(changed).toHaveLength(1);
    expect(changed[0]!.text).not.toContain('06/01/2033');
    expect(addressesOf(changed[0]!.to)).toEqual(['yard@demo.test']);
    expect(addressesOf(changed[0]!.cc)).toEqual(['dispatch@demo.test']);
    // The earlier tests' changes gathered into the same message.
    expect(changed[0]!.subject).toMatch(/^Last free day changed for \d+ containers$/);
    expect(changed[0]!.text).toContain(`http://portal.test/shipments/${container!.shipmentId}`);
    expect(changed[0]!.text).toContain('demurrage and detention notification list');

    const feed = await feedEventsOf('container.lfd_changed', container!.container_no, 2);
    expect(
      feed.map((event) => [
        event.file_number,
        event.user_email,
        event.detail.which,
        event.detail.from,
        event.detail.to,
      ]),
    ).toEqual([
      [container!.file_number, null, 'terminal', null, '2033-06-01'],
      [container!.file_number, null, 'terminal', '2033-06-01', '2033-06-03'],
    ]);
  });

  it('queues a reminder once when two processes run at once, and again after a restart', async () => {
    const [container] = await containers(8, 1);
    await setFreeDays(container!, { terminal_last_free_day: '2034-09-15' });
    // A second app on the same database: on PostgreSQL another connection pool, as a second
    // server process would have; PGlite serves one process, so there both runs share it.
    const second = t.databaseUrl ? await buildTestApp({ databaseUrl: t.databaseUrl, seedDemo: false }) : undefined;
    const at = newYork('2034-09-13', '09:00:00');
    try {
      const otherDb = second?.app.db ?? t.app.db;
      const runs = await Promise.all([
        runDemurrageReminders(t.app.db, at),
        runDemurrageReminders(otherDb, at),
        runDemurrageReminders(t.app.db, at),
        runDemurrageReminders(otherDb, at),
      ]);
      expect(runs.reduce((sum, run) => sum + run.due, 0)).toBe(1);
    } finally {
      await second?.close();
    }
    const restarted = t.databaseUrl ? await buildTestApp({ databaseUrl: t.databaseUrl, seedDemo: false }) : undefined;
    try {
      expect((await runDemurrageReminders(restarted?.app.db ?? t.app.db, at)).due).toBe(0);
    } finally {
      await restarted?.close();
    }
    expect((await queuedFor(t.app.db, container!.container_no)).map((event) => event.kind).sort()).toEqual([
      'lastFreeDayChanged',
      'lastFreeDayDue',
    ]);
  });
});

/**
 * The change feed's events of `type` about the container, read from the start as the broker
 * reads it. The feed holds back while any older transaction of the server runs (another test
 * file's, on PostgreSQL), so it is read again until `count` came or a minute passed.
 */
async function feedEventsOf(type: string, containerNo: string, count: number): Promise<EventsResponse['events']> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const events: EventsResponse['events'] = [];
    let after: string | undefined;
    for (;;) {
      const search = new URLSearchParams({ limit: '1000', ...(after ? { after } : {}) });
      const reply = await injectAs(t.app, broker.key(), {
        method: 'GET',
        url: `${BROKER_API_BASE}${BROKER_API_PATHS.events}?${search}`,
      });
      expect(reply.statusCode).toBe(200);
      const page = reply.json<EventsResponse>();
      events.push(...page.events);
      if (page.events.length < 1000) break;
      after = page.events.at(-1)!.cursor;
    }
    const found = events.filter((event) => event.type === type && event.detail.container_no === containerNo);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
