import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  DEMURRAGE_LIST_NUMBER,
  EVENT_MAIL_KINDS,
  type EventMailDetail,
  type EventMailKind,
} from '@clearport/contract/event-mail';
import type { Db } from '../../db/connect.ts';

/**
 * The queue of event mail (decision 0017). `recordMailEvent` runs in the transaction of the change
 * that caused the event; the worker claims due messages with FOR UPDATE SKIP LOCKED, so several
 * server processes on one database never take the same message.
 */

export type MailMessage = {
  id: string;
  companyId: number;
  kind: EventMailKind;
  attempts: number;
  /** The key of its Message-ID, the same on every attempt (createMailer). */
  messageKey: string;
  firstAttemptAt: Date;
};

const DELIVERY_LIST_NUMBER = EVENT_MAIL_KINDS.deliveryOrderApproved.tableNumber;

/** How long a claimed message is held before another worker may take it over. */
export const SENDING_LEASE_MS = 5 * 60_000;

/**
 * Adds an event to its company list's gathering message, or opens one. Must run inside the
 * transaction of the change it tells of. The window is the worker's: a message is due once its
 * first event is MAIL_GATHER_SECONDS old.
 */
export async function recordMailEvent(
  trx: Db,
  companyId: number,
  event: EventMailDetail,
  now: Date = new Date(),
): Promise<void> {
  await recordMailEvents(trx, companyId, [event], now);
}

/** recordMailEvent for several events of one kind, in order: one message, one insert of them all. */
export async function recordMailEvents(
  trx: Db,
  companyId: number,
  events: readonly EventMailDetail[],
  now: Date = new Date(),
): Promise<void> {
  const kind = events[0]?.kind;
  if (kind === undefined) return;
  const messageId = await gatheringMessageOf(trx, companyId, kind, now);
  await trx
    .insertInto('mail_events')
    .values(events.map((event) => ({ message_id: messageId, detail: JSON.stringify(event) })))
    .execute();
}

/** The id of the company's gathering message of `kind`, opened when there is none. */
async function gatheringMessageOf(trx: Db, companyId: number, kind: EventMailKind, now: Date): Promise<string> {
  // The conflict's update is a no-op write that returns the gathering message's id and locks it,
  // so a worker cannot claim it before the events given to it commit.
  const message = await trx
    .insertInto('mail_messages')
    .values({
      company_id: companyId,
      table_number: EVENT_MAIL_KINDS[kind].tableNumber,
      kind,
      message_id: randomUUID(),
      created_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['company_id', 'table_number', 'kind'])
        .where('state', '=', 'gathering')
        .doUpdateSet({ kind: (eb) => eb.ref('excluded.kind') }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(message.id);
}

/**
 * Gives the events of a claimed message whose shipment or invoice another company holds now (the
 * broker moved it after the event) to that company's gathering message of the same kind: a mail
 * tells the company that holds what it names, never one that held it before.
 */
export async function passMovedEvents(db: Db, message: MailMessage, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const moved = await sql<{ id: string; company_id: number }>`
      SELECT mail_events.id, coalesce(shipment_account.company_id, invoice_account.company_id) AS company_id
      FROM mail_events
      LEFT JOIN shipments ON shipments.id = (mail_events.detail->>'shipmentId')::int
      LEFT JOIN accounts shipment_account ON shipment_account.id = shipments.account_id
      LEFT JOIN invoices ON invoices.id = (mail_events.detail->>'invoiceId')::int
      LEFT JOIN accounts invoice_account ON invoice_account.id = invoices.account_id
      WHERE mail_events.message_id = ${message.id}
        AND coalesce(shipment_account.company_id, invoice_account.company_id) <> ${message.companyId}
    `.execute(trx);
    const byCompany = new Map<number, string[]>();
    for (const row of moved.rows) byCompany.set(row.company_id, [...(byCompany.get(row.company_id) ?? []), row.id]);
    for (const [companyId, ids] of byCompany) {
      const messageId = await gatheringMessageOf(trx, companyId, message.kind, now);
      await trx.updateTable('mail_events').set({ message_id: messageId }).where('id', 'in', ids).execute();
    }
  });
}

/** A shipment entered Documents Required: its company's documents list is told what is missing. */
export async function recordDocumentsRequired(
  trx: Db,
  shipmentId: number,
  missing: string[],
  now: Date = new Date(),
): Promise<void> {
  const shipment = await trx
    .selectFrom('shipments')
    .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
    .select(['accounts.company_id', 'shipments.file_number'])
    .where('shipments.id', '=', shipmentId)
    .executeTakeFirstOrThrow();
  const event = { kind: 'documentsRequired', shipmentId, entryNo: shipment.file_number, missing } as const;
  await recordMailEvent(trx, shipment.company_id, event, now);
}

/**
 * Claims up to `limit` messages that are due: gathered for `gatherMs`, waiting for a retry whose
 * time has come, or held by a worker whose lease ran out (it stopped mid-send).
 */
export async function claimDueMessages(db: Db, now: Date, gatherMs: number, limit: number): Promise<MailMessage[]> {
  const rows = await sql<{
    id: string;
    company_id: number;
    kind: EventMailKind;
    attempts: number;
    message_id: string;
    first_attempt_at: Date;
  }>`
    UPDATE mail_messages
    SET state = 'sending', attempts = attempts + 1,
      locked_until = ${new Date(now.getTime() + SENDING_LEASE_MS)},
      first_attempt_at = COALESCE(first_attempt_at, ${now})
    WHERE id IN (
      SELECT id FROM mail_messages
      WHERE (state = 'gathering' AND created_at <= ${new Date(now.getTime() - gatherMs)})
        OR (state = 'retrying' AND next_attempt_at <= ${now})
        OR (state = 'sending' AND locked_until <= ${now})
      ORDER BY created_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, company_id, kind, attempts, message_id, first_attempt_at
  `.execute(db);
  return rows.rows.map((row) => ({
    id: String(row.id),
    companyId: row.company_id,
    kind: row.kind,
    attempts: row.attempts,
    messageKey: row.message_id,
    firstAttemptAt: new Date(row.first_attempt_at),
  }));
}

/** The message's events in the order they happened. */
export async function eventsOf(db: Db, messageId: string): Promise<EventMailDetail[]> {
  const rows = await db
    .selectFrom('mail_events')
    .select('detail')
    .where('message_id', '=', messageId)
    .orderBy('id')
    .execute();
  return rows.map((row) => (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as EventMailDetail);
}

/**
 * The list's recipient and CCs, and the company's name for the footer. The demurrage and
 * detention list is the delivery list's until the company sets its own (decision 0031).
 */
export async function recipientsOf(db: Db, companyId: number, kind: EventMailKind) {
  const tableNumber = EVENT_MAIL_KINDS[kind].tableNumber;
  const listNumber = tableNumber === DEMURRAGE_LIST_NUMBER ? DELIVERY_LIST_NUMBER : tableNumber;
  const row = await db
    .selectFrom('companies')
    .leftJoin('notification_emails', (join) =>
      join
        .onRef('notification_emails.company_id', '=', 'companies.id')
        .on('notification_emails.table_number', '=', listNumber),
    )
    .leftJoin('demurrage_alerts', 'demurrage_alerts.company_id', 'companies.id')
    .select([
      'companies.name',
      'notification_emails.email',
      'notification_emails.cc_emails',
      'demurrage_alerts.email as demurrage_email',
      'demurrage_alerts.cc_emails as demurrage_cc_emails',
    ])
    .where('companies.id', '=', companyId)
    .executeTakeFirst();
  if (tableNumber === DEMURRAGE_LIST_NUMBER && row?.demurrage_email != null) {
    return { company: row.name, to: row.demurrage_email, cc: row.demurrage_cc_emails ?? [] };
  }
  return { company: row?.name ?? '', to: row?.email ?? '', cc: row?.cc_emails ?? [] };
}

export async function markSent(db: Db, id: string, recipients: string[], now: Date): Promise<void> {
  await db
    .updateTable('mail_messages')
    .set({
      state: recipients.length > 0 ? 'sent' : 'skipped',
      recipients,
      sent_at: now,
      locked_until: null,
      last_error: null,
    })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: tried again after `retryAt`, or marked failed when there is none. */
export async function markAttemptFailed(db: Db, id: string, error: string, retryAt: Date | undefined): Promise<void> {
  await db
    .updateTable('mail_messages')
    .set(
      retryAt
        ? { state: 'retrying', next_attempt_at: retryAt, locked_until: null, last_error: error }
        : { state: 'failed', locked_until: null, last_error: error },
    )
    .where('id', '=', id)
    .execute();
}

export type FailedMail = {
  id: string;
  company: string;
  kind: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
};

/** The failed messages by id, a page at a time when `page` is given (index mail_messages_failed). */
export async function failedMessages(db: Db, page?: { after?: string; limit: number }): Promise<FailedMail[]> {
  let query = db
    .selectFrom('mail_messages')
    .innerJoin('companies', 'companies.id', 'mail_messages.company_id')
    .select([
      'mail_messages.id',
      'companies.name as company',
      'mail_messages.kind',
      'mail_messages.attempts',
      'mail_messages.last_error',
      'mail_messages.created_at',
    ])
    .where('mail_messages.state', '=', 'failed')
    .orderBy('mail_messages.id');
  if (page) query = query.where('mail_messages.id', '>', page.after ?? '0').limit(page.limit);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: String(row.id),
    company: row.company,
    kind: row.kind,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
  }));
}

/** A failed message goes back to the queue, due now, with a fresh day of retries. */
export async function retryFailed(db: Db, id: string, now: Date = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('mail_messages')
    .set({ state: 'retrying', next_attempt_at: now, first_attempt_at: null, attempts: 0 })
    .where('id', '=', id)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
