import type { FastifyInstance } from 'fastify';
import { ROLES } from '@clearport/contract/roles';
import {
  monthIndex,
  monthOfIndex,
  formatReportDay,
  formatReportMonth,
  REPORT_EXPORT_TABLES,
  REPORT_KINDS,
  REPORT_MAIL_TABLES,
  REPORT_MAIL_TEXTS,
  RELEASE_DAYS_THRESHOLD,
  reportFileName,
  type ReportExportQuery,
} from '@clearport/contract/reports';
import { fillText } from '@clearport/contract/texts';
import type { Db } from '../../db/connect.ts';
import type { Mailer, OutgoingMail } from '../../lib/mail.ts';
import { escapeHtml, mailHtml, paragraphHtml } from '../../lib/mail-html.ts';
import { nextAttemptAt, scheduleWorker } from '../../lib/queue-worker.ts';
import { calendarDayIn } from '@clearport/contract/calendar';
import { displayTableOf, exportOf } from './report-exports.ts';
import { reportMailRepository, type ReportMail } from './report-mail.repository.ts';

export type ReportMailOptions = { publicUrl: string; brokerEmail: string; retryForMs: number };

/** The monthly mail of a report: its table as text and HTML, and the workbook attached. */
export async function composeReportMail(
  db: Db,
  mail: ReportMail,
  publicUrl: string,
): Promise<Pick<OutgoingMail, 'subject' | 'text' | 'html' | 'attachments'>> {
  const table = REPORT_MAIL_TABLES[mail.report];
  // The 12 months to the month just ended.
  const query: ReportExportQuery = {
    from: monthOfIndex(monthIndex(mail.period) - 11),
    to: mail.period,
    format: 'xlsx',
    over: RELEASE_DAYS_THRESHOLD,
  };
  const scope = { user: mail.user };
  const values = {
    report: REPORT_KINDS[mail.report],
    reportInSentence: REPORT_KINDS[mail.report].replace(/^./, (first) => first.toLowerCase()),
    company: mail.company,
    from: formatReportMonth(query.from),
    to: formatReportMonth(query.to),
    day: formatReportDay(calendarDayIn(new Date(), mail.user.timeZone)),
  };
  // Open invoices are aged on the day the mail is made, whatever months it covers.
  const isAsOfToday = mail.report === 'openInvoices';
  const { headers, rows, isNumber } = await displayTableOf(db, scope, table, query);
  const workbook = Buffer.concat(await exportOf(db, scope, table, query).body.toArray());
  const intro = fillText(isAsOfToday ? REPORT_MAIL_TEXTS.introAsOf : REPORT_MAIL_TEXTS.intro, values);
  const footer = fillText(REPORT_MAIL_TEXTS.footer, { link: `${publicUrl}/reports` });
  const text = [
    intro,
    '',
    headers.join('\t'),
    ...(rows.length > 0 ? rows.map((row) => row.join('\t')) : [REPORT_MAIL_TEXTS.empty]),
    '',
    '--',
    footer,
    '',
  ].join('\n');
  const cell = (tag: 'th' | 'td', value: string, index: number) =>
    `<${tag} style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:${isNumber[index] ? 'right' : 'left'}">${escapeHtml(value)}</${tag}>`;
  const html = mailHtml(
    [
      paragraphHtml([intro]),
      `<table style="border-collapse:collapse;font-family:sans-serif;font-size:13px">`,
      `<caption style="text-align:left;font-weight:bold">${escapeHtml(REPORT_EXPORT_TABLES[table])}</caption>`,
      `<thead><tr>${headers.map((header, index) => cell('th', header, index)).join('')}</tr></thead>`,
      '<tbody>',
      ...(rows.length > 0
        ? rows.map((row) => `<tr>${row.map((value, index) => cell('td', value, index)).join('')}</tr>`)
        : [`<tr><td colspan="${headers.length}">${escapeHtml(REPORT_MAIL_TEXTS.empty)}</td></tr>`]),
      '</tbody></table>',
    ],
    footer,
  );
  return {
    subject: fillText(isAsOfToday ? REPORT_MAIL_TEXTS.subjectAsOf : REPORT_MAIL_TEXTS.subject, values),
    text,
    html,
    attachments: [
      {
        filename: reportFileName(table, query),
        content: workbook,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    ],
  };
}

async function sendOne(db: Db, mailer: Mailer, mail: ReportMail, options: ReportMailOptions, now: Date) {
  try {
    // A user deactivated since the mail was queued, or who has become Shipments Info, has no reports.
    if (!mail.isActive || mail.user.role === ROLES.shipmentsInfo) {
      await reportMailRepository.markDone(db, mail.id, 'skipped', now);
      return 'skipped';
    }
    await mailer.send({
      to: mail.user.email,
      replyTo: options.brokerEmail,
      messageKey: mail.messageKey,
      ...(await composeReportMail(db, mail, options.publicUrl)),
    });
    await reportMailRepository.markDone(db, mail.id, 'sent', now);
    return 'sent';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const retryAt = nextAttemptAt(mail.attempts, mail.firstAttemptAt, now, options.retryForMs);
    await reportMailRepository.markAttemptFailed(db, mail.id, reason.slice(0, 1000), retryAt);
    return retryAt ? 'retrying' : 'failed';
  }
}

export type ReportMailSummary = { queued: number; sent: number; skipped: number; retrying: number; failed: number };

/** One pass: queues the months due, then sends what is due, a few at a time. */
export async function sendDueReportMail(
  db: Db,
  mailer: Mailer,
  options: ReportMailOptions,
  now: Date = new Date(),
): Promise<ReportMailSummary> {
  const summary: ReportMailSummary = {
    queued: await reportMailRepository.queueDue(db, now),
    sent: 0,
    skipped: 0,
    retrying: 0,
    failed: 0,
  };
  for (;;) {
    const due = await reportMailRepository.claimDue(db, now, 5);
    if (due.length === 0) return summary;
    for (const mail of due) summary[await sendOne(db, mailer, mail, options, now)] += 1;
  }
}

/** Runs the monthly report mail in the server process every `pollMs`, one pass at a time. */
export function scheduleReportMail(app: FastifyInstance, options: ReportMailOptions & { pollMs: number }): void {
  scheduleWorker(app, 'report mail', options.pollMs, async () => {
    const summary = await sendDueReportMail(app.db, app.mailer, options);
    if (summary.queued + summary.sent + summary.retrying + summary.failed > 0) app.log.info(summary, 'report mail');
  });
}
