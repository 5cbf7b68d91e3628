import type { FastifyInstance } from 'fastify';
import { eventMailFooter, eventMailText, mergedEvents, type EventMailKind } from '@clearport/contract/event-mail';
import { distinctAddresses } from '@clearport/contract/http';
import type { Db } from '../../db/connect.ts';
import type { Mailer, OutgoingMail } from '../../lib/mail.ts';
import { escapeHtml, mailHtml, paragraphHtml } from '../../lib/mail-html.ts';
import { nextAttemptAt, scheduleWorker } from '../../lib/queue-worker.ts';
import {
  claimDueMessages,
  eventsOf,
  markAttemptFailed,
  markSent,
  passMovedEvents,
  recipientsOf,
  type MailMessage,
} from './event-mail.repository.ts';

export type EventMailOptions = {
  publicUrl: string;
  /** How long a message gathers events after its first before it is sent. */
  gatherMs: number;
  /** The brokerage's address: replies go to it. */
  brokerEmail: string;
  /** How long a failing message is retried before it is marked failed. */
  retryForMs: number;
};

/** The message a list receives for its gathered events: plain text and HTML, with links. */
export function composeEventMail(
  kind: EventMailKind,
  events: Parameters<typeof eventMailText>[1],
  company: string,
  publicUrl: string,
): Pick<OutgoingMail, 'subject' | 'text' | 'html'> {
  const { subject, intro, lines } = eventMailText(kind, events, publicUrl);
  const footer = eventMailFooter(kind, company, publicUrl);
  const text = [intro, '', ...lines.map((line) => `- ${line.text}\n  ${line.link}`), '', '--', footer, ''].join('\n');
  const html = mailHtml(
    [
      paragraphHtml([intro]),
      '<ul>',
      ...lines.map((line) => `<li><a href="${escapeHtml(line.link)}">${escapeHtml(line.text)}</a></li>`),
      '</ul>',
    ],
    footer,
  );
  return { subject, text, html };
}

/** Sends one claimed message; a failure leaves it for a later attempt or marks it failed. */
async function sendMessage(db: Db, mailer: Mailer, message: MailMessage, options: EventMailOptions, now: Date) {
  try {
    await passMovedEvents(db, message, now);
    const [events, list] = await Promise.all([
      eventsOf(db, message.id),
      recipientsOf(db, message.companyId, message.kind),
    ]);
    // A list without a recipient receives nothing; its CCs are copies of that recipient's mail.
    // Nor does one whose every item came back to where it was (a last free day moved and back).
    const to = list.to.trim();
    if (!to || mergedEvents(events).length === 0) {
      await markSent(db, message.id, [], now);
      return 'skipped';
    }
    // Each address once: the recipient may be among the copies too, in any letter case.
    const cc = distinctAddresses([to, ...list.cc]).slice(1);
    await mailer.send({
      to,
      cc: cc.length > 0 ? cc : undefined,
      replyTo: options.brokerEmail,
      messageKey: message.messageKey,
      ...composeEventMail(message.kind, events, list.company, options.publicUrl),
    });
    await markSent(db, message.id, [to, ...cc], now);
    return 'sent';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const retryAt = nextAttemptAt(message.attempts, message.firstAttemptAt, now, options.retryForMs);
    await markAttemptFailed(db, message.id, reason.slice(0, 1000), retryAt);
    return retryAt ? 'retrying' : 'failed';
  }
}

export type SendSummary = { sent: number; skipped: number; retrying: number; failed: number };

/** One pass of the worker: claims what is due and sends it, a few at a time. */
export async function sendDueMail(
  db: Db,
  mailer: Mailer,
  options: EventMailOptions,
  now: Date = new Date(),
): Promise<SendSummary> {
  const summary: SendSummary = { sent: 0, skipped: 0, retrying: 0, failed: 0 };
  for (;;) {
    const messages = await claimDueMessages(db, now, options.gatherMs, 10);
    if (messages.length === 0) return summary;
    for (const message of messages) summary[await sendMessage(db, mailer, message, options, now)] += 1;
  }
}

/** Runs the worker in the server process every `pollMs`, one pass at a time, until the app closes. */
export function scheduleEventMail(app: FastifyInstance, options: EventMailOptions & { pollMs: number }): void {
  scheduleWorker(app, 'event mail', options.pollMs, async () => {
    const summary = await sendDueMail(app.db, app.mailer, options);
    if (summary.sent + summary.retrying + summary.failed > 0) app.log.info(summary, 'event mail sent');
  });
}
