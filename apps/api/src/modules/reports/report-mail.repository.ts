import { sql } from 'kysely';
import type { ReportKind } from '@clearport/contract/reports';
import type { Db } from '../../db/connect.ts';
import type { SessionUser } from '../access/session-user.ts';

/** A claimed mail is the sender's for this long; after it, another pass may take it again. */
const SENDING_LEASE_MS = 5 * 60_000;

export type ReportMail = {
  id: string;
  period: string;
  report: ReportKind;
  user: SessionUser;
  /** Whether the user may still sign in: a deactivated one gets no mail. */
  isActive: boolean;
  company: string;
  attempts: number;
  /** The key of its Message-ID, the same on every attempt (createMailer). */
  messageKey: string;
  firstAttemptAt: Date;
};

export type FailedReportMail = {
  id: string;
  company: string;
  /** The subscriber's address. */
  email: string;
  report: string;
  /** The month the mail reports, YYYY-MM. */
  period: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
};

export const reportMailRepository = {
  async subscriptionsOf(db: Db, userId: number): Promise<ReportKind[]> {
    const rows = await db
      .selectFrom('report_subscriptions')
      .select('report')
      .where('user_id', '=', userId)
      .orderBy('report')
      .execute();
    return rows.map((row) => row.report as ReportKind);
  },

  /**
   * The user's subscriptions become `reports`: the others are dropped, the new ones added. Two
   * saves of one user (two tabs) take turns on the user's row: each dropping the row the other
   * adds, they deadlocked.
   */
  async setSubscriptions(trx: Db, userId: number, reports: readonly ReportKind[]): Promise<void> {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    let dropping = trx.deleteFrom('report_subscriptions').where('user_id', '=', userId);
    if (reports.length > 0) dropping = dropping.where('report', 'not in', reports);
    await dropping.execute();
    if (reports.length === 0) return;
    await trx
      .insertInto('report_subscriptions')
      .values(reports.map((report) => ({ user_id: userId, report })))
      .onConflict((conflict) => conflict.columns(['user_id', 'report']).doNothing())
      .execute();
  },

  /**
   * Queues the month just ended for every subscription whose company has reached, in its own time
   * zone, 7 in the morning of the month's first working day (Monday to Friday, New Year's Day
   * aside), made before that moment; once per subscription and month, whatever the passes. A
   * deactivated user's subscriptions wait: their access ended with the change (decision 0011).
   */
  async queueDue(db: Db, now: Date): Promise<number> {
    const { numAffectedRows } = await sql`
      INSERT INTO report_mail (subscription_id, period, message_id)
      SELECT s.id, due.period, gen_random_uuid()::text
      FROM report_subscriptions s
      JOIN users u ON u.id = s.user_id
      JOIN companies c ON c.id = u.company_id
      CROSS JOIN LATERAL (
        SELECT date_trunc('month', cast(${now} as timestamptz) AT TIME ZONE c.time_zone)::date AS month_start
      ) m
      CROSS JOIN LATERAL (
        SELECT to_char(m.month_start - 1, 'YYYY-MM') AS period,
          ((SELECT d::date FROM generate_series(m.month_start, m.month_start + 6, interval '1 day') d
            WHERE extract(isodow FROM d) < 6 AND to_char(d, 'MM-DD') <> '01-01' ORDER BY d LIMIT 1)
           + time '07:00') AT TIME ZONE c.time_zone AS due_at
      ) due
      WHERE u.active AND cast(${now} as timestamptz) >= due.due_at AND s.created_at <= due.due_at
      ON CONFLICT (subscription_id, period) DO NOTHING`.execute(db);
    return Number(numAffectedRows ?? 0);
  },

  /** Takes up to `limit` mails due to be sent, under a lease. */
  async claimDue(db: Db, now: Date, limit: number): Promise<ReportMail[]> {
    const { rows } = await sql<{
      id: string;
      period: string;
      report: ReportKind;
      attempts: number;
      message_id: string;
      first_attempt_at: Date;
      user_id: number;
      active: boolean;
      company_id: number;
      role: number;
      name: string;
      email: string;
      time_zone: string;
      company: string;
    }>`
      WITH claimed AS (
        UPDATE report_mail
        SET state = 'sending', attempts = attempts + 1,
          locked_until = ${new Date(now.getTime() + SENDING_LEASE_MS)},
          first_attempt_at = coalesce(first_attempt_at, ${now})
        WHERE id IN (
          SELECT id FROM report_mail
          WHERE state = 'queued' OR (state = 'retrying' AND next_attempt_at <= ${now})
            OR (state = 'sending' AND locked_until <= ${now})
          ORDER BY created_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, subscription_id, period, attempts, message_id, first_attempt_at
      )
      SELECT claimed.id::text AS id, claimed.period, s.report, claimed.attempts, claimed.message_id,
        claimed.first_attempt_at, u.id AS user_id, u.active, u.company_id, u.role, u.name, u.email,
        c.time_zone, c.name AS company
      FROM claimed JOIN report_subscriptions s ON s.id = claimed.subscription_id
      JOIN users u ON u.id = s.user_id JOIN companies c ON c.id = u.company_id`.execute(db);
    return rows.map((row) => ({
      id: row.id,
      period: row.period,
      report: row.report,
      attempts: row.attempts,
      messageKey: row.message_id,
      firstAttemptAt: new Date(row.first_attempt_at),
      company: row.company,
      isActive: row.active,
      user: {
        id: row.user_id,
        companyId: row.company_id,
        role: row.role,
        name: row.name,
        email: row.email,
        timeZone: row.time_zone,
      },
    }));
  },

  async markDone(db: Db, id: string, state: 'sent' | 'skipped', now: Date): Promise<void> {
    await db
      .updateTable('report_mail')
      .set({ state, sent_at: now, locked_until: null, last_error: null })
      .where('id', '=', id)
      .execute();
  },

  /** The report mails that failed within their day of retries, by id, a page at a time when `page` is given. */
  async failed(db: Db, page?: { after?: string; limit: number }): Promise<FailedReportMail[]> {
    let query = db
      .selectFrom('report_mail')
      .innerJoin('report_subscriptions', 'report_subscriptions.id', 'report_mail.subscription_id')
      .innerJoin('users', 'users.id', 'report_subscriptions.user_id')
      .innerJoin('companies', 'companies.id', 'users.company_id')
      .select([
        'report_mail.id',
        'companies.name as company',
        'users.email',
        'report_subscriptions.report',
        'report_mail.period',
        'report_mail.attempts',
        'report_mail.last_error',
        'report_mail.created_at',
      ])
      .where('report_mail.state', '=', 'failed')
      .orderBy('report_mail.id');
    if (page) query = query.where('report_mail.id', '>', page.after ?? '0').limit(page.limit);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: String(row.id),
      company: row.company,
      email: row.email,
      report: row.report,
      period: row.period,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at,
    }));
  },

  /** A failed report mail goes back to the queue, due now, with a fresh day of retries. */
  async retryFailed(db: Db, id: string, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('report_mail')
      .set({ state: 'retrying', next_attempt_at: now, first_attempt_at: null, attempts: 0 })
      .where('id', '=', id)
      .where('state', '=', 'failed')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },

  async markAttemptFailed(db: Db, id: string, reason: string, retryAt: Date | undefined): Promise<void> {
    await db
      .updateTable('report_mail')
      .set({
        state: retryAt ? 'retrying' : 'failed',
        next_attempt_at: retryAt ?? null,
        locked_until: null,
        last_error: reason,
      })
      .where('id', '=', id)
      .execute();
  },
};
