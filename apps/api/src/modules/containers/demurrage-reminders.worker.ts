import type { FastifyInstance } from 'fastify';
import type { EventMailDetail } from '@clearport/contract/event-mail';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../lib/action.ts';
import { displayDay } from '../../lib/display-dates.ts';
import { scheduleWorker } from '../../lib/queue-worker.ts';
import { recordMailEvents } from '../event-mail/event-mail.repository.ts';
import { demurrageRemindersRepository, type ContainerNews } from './demurrage-reminders.repository.ts';

/** Events a mail_events insert carries at most; a company's longer list is queued in parts. */
const EVENTS_AN_INSERT = 5_000;
const LFD_CHANGES_A_TRANSACTION = 1_000;

export type DemurrageReminderSummary = { due: number; chargesStarted: number; lfdChanges: number };

const dayText = (day: string | null) => (day === null ? null : (displayDay(day) ?? day));

const containerOf = (news: ContainerNews) => ({
  shipmentId: news.shipmentId,
  entryNo: news.entryNo,
  containerNo: news.containerNo,
  which: news.which,
});

/**
 * Queues each company's events of one kind in its message. Messages are locked in one order,
 * companies by id and kinds by name, so two runs at once cannot wait on each other.
 */
async function queueByCompany(trx: Db, events: { companyId: number; event: EventMailDetail }[], now: Date) {
  const byCompany = new Map<number, Map<EventMailDetail['kind'], EventMailDetail[]>>();
  for (const { companyId, event } of events) {
    const byKind = byCompany.get(companyId) ?? new Map<EventMailDetail['kind'], EventMailDetail[]>();
    byCompany.set(companyId, byKind);
    const sameKind = byKind.get(event.kind) ?? [];
    byKind.set(event.kind, sameKind);
    sameKind.push(event);
  }
  for (const companyId of [...byCompany.keys()].sort((one, other) => one - other)) {
    const byKind = byCompany.get(companyId)!;
    for (const kind of [...byKind.keys()].sort()) {
      const sameKind = byKind.get(kind)!;
      for (let start = 0; start < sameKind.length; start += EVENTS_AN_INSERT) {
        await recordMailEvents(trx, companyId, sameKind.slice(start, start + EVENTS_AN_INSERT), now);
      }
    }
  }
}

/**
 * One run of the demurrage watch (docs/decisions/0031-demurrage-reminders.md): the reminders and
 * charges that are due on each company's day, and the changes of a last free day not yet told,
 * queued as event mail of the "Demurrage and detention" list. Each in one transaction with the
 * record that keeps it once, so two processes, or a run after a restart, queue nothing twice.
 */
export async function runDemurrageReminders(db: Db, now: Date = new Date()): Promise<DemurrageReminderSummary> {
  const summary: DemurrageReminderSummary = { due: 0, chargesStarted: 0, lfdChanges: 0 };
  await inTransaction(db, async (trx) => {
    const reminders = await demurrageRemindersRepository.recordDue(trx, now);
    const events = reminders.map((reminder) => {
      const event: EventMailDetail = {
        kind: reminder.kind === 'due' ? 'lastFreeDayDue' : 'chargesStarted',
        ...containerOf(reminder),
        day: dayText(reminder.lastFreeDay)!,
      };
      return { companyId: reminder.companyId, event };
    });
    await queueByCompany(trx, events, now);
    summary.due = reminders.filter((reminder) => reminder.kind === 'due').length;
    summary.chargesStarted = reminders.length - summary.due;
  });
  for (;;) {
    const taken = await inTransaction(db, async (trx) => {
      const changes = await demurrageRemindersRepository.takeLfdChanges(trx, now, LFD_CHANGES_A_TRANSACTION);
      const events = changes.map((change) => {
        const event: EventMailDetail = {
          kind: 'lastFreeDayChanged',
          ...containerOf(change),
          lfdChangeId: change.id,
          oldDay: dayText(change.oldDay),
          newDay: dayText(change.newDay),
        };
        return { companyId: change.companyId, event };
      });
      await queueByCompany(trx, events, now);
      return changes.length;
    });
    summary.lfdChanges += taken;
    if (taken < LFD_CHANGES_A_TRANSACTION) return summary;
  }
}

/** Runs the demurrage watch in the server process every `pollMs`, one run at a time. */
export function scheduleDemurrageReminders(app: FastifyInstance, options: { pollMs: number }): void {
  scheduleWorker(app, 'demurrage reminders', options.pollMs, async () => {
    const summary = await runDemurrageReminders(app.db);
    if (summary.due + summary.chargesStarted + summary.lfdChanges > 0) app.log.info(summary, 'demurrage reminders');
  });
}
