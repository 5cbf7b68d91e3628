import { afterEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { API_PATHS } from '@clearport/contract/paths';
import { apiUrl, demoUsersOf, injectAs, testAppForFile } from '../../../test/build-app.ts';
import type { Mailer, OutgoingMail } from '../../lib/mail.ts';
import { formatReportDay } from '@clearport/contract/reports';
import { calendarDayIn } from '@clearport/contract/calendar';
import { sendDueReportMail } from './report-mail.worker.ts';

/*
 * The monthly report e-mail: subscriptions through the API, the month queued once per
 * subscriber on the company's first working day from 7 in the morning in its time zone, and
 * each mail sent once with its table and its workbook, retried when the mail server fails.
 */

const t = testAppForFile();
const { tokens } = demoUsersOf(t);
const OPTIONS = { publicUrl: 'http://portal.test', brokerEmail: 'broker@clearport.test', retryForMs: 24 * 3600_000 };

/** A mailer that keeps what it is given, or fails while `failing` is set. */
function keepingMailer() {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer & { failing: boolean } = {
    failing: false,
    async send(mail) {
      if (this.failing) throw new Error('421 try again later');
      sent.push(mail);
      return { messageId: `<${mail.messageKey}@clearport.test>` };
    },
  };
  return { sent, mailer };
}

const subscribe = (who: 'primary' | 'manager' | 'viewer', reports: string[]) =>
  injectAs(t.app, tokens[who]!, { method: 'PUT', url: apiUrl(API_PATHS.reportSubscriptions), payload: { reports } });

/** Subscriptions made long before the months tested. */
async function backdateSubscriptions() {
  await t.app.db
    .updateTable('report_subscriptions')
    .set({ created_at: new Date('2026-01-01T00:00:00Z') })
    .execute();
}

async function setTimeZone(zone: string) {
  await t.app.db.updateTable('companies').set({ time_zone: zone }).where('name', '=', 'Demo Imports LLC').execute();
}

afterEach(async () => {
  await t.app.db.deleteFrom('report_mail').execute();
  await t.app.db.deleteFrom('report_subscriptions').execute();
  await setTimeZone('America/New_York');
});

describe('the monthly report e-mail', () => {
  it('keeps each user’s subscriptions, refuses an unknown report and Shipments Info', async () => {
    const saved = await subscribe('primary', ['dutyByMonth', 'releaseDays', 'dutyByMonth']);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ reports: ['dutyByMonth', 'releaseDays'] });
    expect((await subscribe('primary', ['openInvoices'])).json()).toEqual({ reports: ['openInvoices'] });
    const read = await injectAs(t.app, tokens.primary!, { method: 'GET', url: apiUrl(API_PATHS.reportSubscriptions) });
    expect(read.json()).toEqual({ reports: ['openInvoices'] });
    const managers = await injectAs(t.app, tokens.manager!, {
      method: 'GET',
      url: apiUrl(API_PATHS.reportSubscriptions),
    });
    expect(managers.json()).toEqual({ reports: [] });
    const unknown = await subscribe('primary', ['everything']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().field).toMatch(/^reports/);
    expect((await subscribe('viewer', ['dutyByMonth'])).statusCode).toBe(403);
  });

  it('queues the month just ended once, from 7 in the morning of the first working day in the company’s zone', async () => {
    await subscribe('primary', ['dutyByMonth']);
    await subscribe('manager', ['releaseDays']);
    await backdateSubscriptions();
    const { mailer } = keepingMailer();
    mailer.failing = true;
    const queue = async (at: string) => (await sendDueReportMail(t.app.db, mailer, OPTIONS, new Date(at))).queued;
    // Tuesday 1 December 2026 in New York: 6:59 is too early, 7:00 is the time; once only.
    expect(await queue('2026-12-01T11:59:00Z')).toBe(0);
    expect(await queue('2026-12-01T12:00:00Z')).toBe(2);
    expect(await queue('2026-12-01T15:00:00Z')).toBe(0);
    expect(await queue('2026-12-09T15:00:00Z')).toBe(0);
    const periods = await t.app.db.selectFrom('report_mail').select('period').execute();
    expect(periods.map((row) => row.period)).toEqual(['2026-11', '2026-11']);

    // Saturday 1 August: the first working day is Monday the 3rd. 1 January 2027 is a holiday.
    expect(await queue('2026-08-01T15:00:00Z')).toBe(0);
    expect(await queue('2026-08-03T11:00:00Z')).toBe(2);
    expect(await queue('2027-01-01T15:00:00Z')).toBe(0);
    expect(await queue('2027-01-04T12:00:00Z')).toBe(2);
  });

  it('sends nothing to a deactivated user: not queued, and a mail queued before skipped', async () => {
    await subscribe('primary', ['dutyByMonth']);
    await subscribe('manager', ['releaseDays']);
    await backdateSubscriptions();
    const setActive = (active: boolean) =>
      t.app.db.updateTable('users').set({ active }).where('email', '=', 'manager@demo.test').execute();
    const { sent, mailer } = keepingMailer();
    try {
      await setActive(false);
      const december = await sendDueReportMail(t.app.db, mailer, OPTIONS, new Date('2026-12-01T12:00:00Z'));
      expect(december).toMatchObject({ queued: 1, sent: 1, skipped: 0 });
      expect(sent.map((mail) => mail.to)).toEqual(['primary@demo.test']);

      // Queued while active, deactivated before it goes: skipped, not sent.
      await setActive(true);
      mailer.failing = true;
      expect((await sendDueReportMail(t.app.db, mailer, OPTIONS, new Date('2027-01-04T12:00:00Z'))).queued).toBe(2);
      await setActive(false);
      mailer.failing = false;
      const later = await sendDueReportMail(t.app.db, mailer, OPTIONS, new Date('2027-01-04T13:00:00Z'));
      expect(later).toMatchObject({ sent: 1, skipped: 1 });
      expect(sent.map((mail) => mail.to)).toEqual(['primary@demo.test', 'primary@demo.test']);
    } finally {
      await setActive(true);
    }
  });

  it('counts the morning in the company’s own time zone', async () => {
    await setTimeZone('Asia/Tokyo');
    await subscribe('primary', ['dutyByMonth']);
    await backdateSubscriptions();
    const { mailer } = keepingMailer();
    mailer.failing = true;
    // 7:00 on Tuesday 1 December in Tokyo is 22:00 on 30 November in UTC.
    expect((await sendDueReportMail(t.app.db, mailer, OPTIONS, new Date('2026-11-30T21:59:00Z'))).queued).toBe(0);
    expect((await sendDueReportMail(t.app.db, mailer, OPTIONS, new Date('2026-11-30T22:00:00Z'))).queued).toBe(1);
  });

  it('waits for the next month when the subscription is made after this one’s mail', async () => {
    await subscribe('primary', ['dutyByMonth']);
    const { mailer } = keepingMailer();
    const now = new Date();
    expect((await sendDueReportMail(t.app.db, mailer, OPTIONS, now)).queued).toBe(0);
  });

  it('sends each mail once, with the figures and the workbook, and retries while the mail server fails', async () => {
    await subscribe('primary', ['dutyByMonth']);
    await backdateSubscriptions();
    const { sent, mailer } = keepingMailer();
    mailer.failing = true;
    const at = new Date('2026-12-01T12:00:00Z');
    expect(await sendDueReportMail(t.app.db, mailer, OPTIONS, at)).toMatchObject({ queued: 1, retrying: 1, sent: 0 });
    mailer.failing = false;
    const later = new Date(at.getTime() + 60_000);
    expect(await sendDueReportMail(t.app.db, mailer, OPTIONS, later)).toMatchObject({ sent: 1 });
    expect(await sendDueReportMail(t.app.db, mailer, OPTIONS, new Date(later.getTime() + 3600_000))).toMatchObject({
      queued: 0,
      sent: 0,
    });
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail!.to).toBe('primary@demo.test');
    // Months and days as the Reports page writes them.
    expect(mail!.subject).toBe('Duty and fees by month, Dec 2025 to Nov 2026');
    expect(mail!.text).toContain('Month\tEntries\tDuty');
    expect(mail!.text).toMatch(/^Nov 2026\t/m);
    expect(mail!.html).toContain('<caption');
    const attachment = (mail!.attachments as Array<{ filename: string; content: Buffer }>)[0]!;
    expect(attachment.filename).toBe('clearport-duty-by-month-2025-12-to-2026-11.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(attachment.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(13);
    expect(sheet.getRow(13).getCell(1).value).toEqual(new Date('2026-11-01T00:00:00Z'));
    const state = await t.app.db.selectFrom('report_mail').select(['state', 'attempts']).executeTakeFirstOrThrow();
    expect(state).toEqual({ state: 'sent', attempts: 2 });
  });

  it('says the open invoices are aged as of the day it is made, and lines up only counts and amounts at their end', async () => {
    await subscribe('primary', ['openInvoices']);
    await backdateSubscriptions();
    const { sent, mailer } = keepingMailer();
    expect(await sendDueReportMail(t.app.db, mailer, OPTIONS, new Date('2026-12-01T12:00:00Z'))).toMatchObject({
      sent: 1,
    });
    const mail = sent.find((each) => String(each.subject).startsWith('Open invoices by age'))!;
    const today = formatReportDay(calendarDayIn(new Date(), 'America/New_York'));
    expect(mail.subject).toBe(`Open invoices by age, as of ${today}`);
    expect(mail.text).toContain(`Your monthly open invoices by age report for Demo Imports LLC, as of ${today}.`);
    expect(mail.html).toContain('text-align:left">Account</th>');
    expect(mail.html).toMatch(/text-align:right">0–30 days: amount<\/th>/);
  });
});
