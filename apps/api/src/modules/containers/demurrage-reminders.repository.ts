import { sql } from 'kysely';
import { DEMURRAGE_REMINDER_DAYS } from '@clearport/contract/settings';
import type { Db } from '../../db/connect.ts';

/** A container's reminder just recorded, or a change of its last free day just taken for mail. */
export type ContainerNews = {
  companyId: number;
  shipmentId: number;
  entryNo: string;
  containerNo: string;
  which: 'terminal' | 'detention';
};
export type QueuedReminder = ContainerNews & { kind: 'due' | 'charges_started'; lastFreeDay: string };
export type QueuedLfdChange = ContainerNews & { id: number; oldDay: string | null; newDay: string | null };

/**
 * Charges that started this many days ago or less are still told: a run missed over a weekend
 * catches up; older ones are not news.
 */
export const CHARGES_STARTED_CATCH_UP_DAYS = 3;
/** More calendar days than DEMURRAGE_REMINDER_DAYS.max working days span, weekends included. */
const REMINDER_REACH_DAYS = DEMURRAGE_REMINDER_DAYS.max + 2 * Math.ceil(DEMURRAGE_REMINDER_DAYS.max / 5) + 3;

export const demurrageRemindersRepository = {
  /**
   * Records, once, every reminder due at `now` (decision 0031), each company on its own calendar
   * day: a last free day whose reminder day has come (`reminder_days` working days before it, the
   * day itself at the latest) and has not passed (`due`); one that passed at most
   * CHARGES_STARTED_CATCH_UP_DAYS ago (`charges_started`). The terminal's while the container is
   * at the terminal, the detention one once it is gated out until the empty is returned. The
   * primary key (container, which, day, kind) keeps each once: a second run, or one racing this
   * in another process, inserts nothing. Returns what this call recorded.
   */
  async recordDue(trx: Db, now: Date): Promise<QueuedReminder[]> {
    const result = await sql<{
      company_id: number;
      shipment_id: number;
      file_number: string;
      container_no: string;
      which: 'terminal' | 'detention';
      kind: 'due' | 'charges_started';
      last_free_day: string;
    }>`
      WITH company_day AS (
        SELECT companies.id AS company_id,
          (${now}::timestamptz AT TIME ZONE companies.time_zone)::date AS today,
          COALESCE(demurrage_alerts.reminder_days, ${DEMURRAGE_REMINDER_DAYS.byDefault}) AS reminder_days
        FROM companies
        LEFT JOIN demurrage_alerts ON demurrage_alerts.company_id = companies.id
      ),
      reach AS (
        SELECT min(today) - ${CHARGES_STARTED_CATCH_UP_DAYS}::int AS first_day,
          max(today) + ${REMINDER_REACH_DAYS}::int AS last_day
        FROM company_day
      ),
      watched AS (
        SELECT free_days.container_id, 'terminal' AS which, free_days.terminal_last_free_day AS last_free_day
        FROM container_free_days free_days, reach
        WHERE free_days.gated_out_at IS NULL AND free_days.empty_returned_at IS NULL
          AND free_days.terminal_last_free_day BETWEEN reach.first_day AND reach.last_day
        UNION ALL
        SELECT free_days.container_id, 'detention', free_days.detention_last_free_day
        FROM container_free_days free_days, reach
        WHERE free_days.gated_out_at IS NOT NULL AND free_days.empty_returned_at IS NULL
          AND free_days.detention_last_free_day BETWEEN reach.first_day AND reach.last_day
      ),
      due AS (
        SELECT watched.container_id, watched.which, watched.last_free_day,
          CASE WHEN watched.last_free_day >= company_day.today THEN 'due' ELSE 'charges_started' END AS kind
        FROM watched
        JOIN containers ON containers.id = watched.container_id
        JOIN shipments ON shipments.id = containers.shipment_id
        JOIN accounts ON accounts.id = shipments.account_id
        JOIN company_day ON company_day.company_id = accounts.company_id
        WHERE (
            watched.last_free_day >= company_day.today
            -- The reminder day is the working day reminder_days before the last free day (on the
            -- last working day up to it when reminder_days is 0); it has come when it is at most
            -- the last working day up to today.
            AND LEAST(
              working_days_before(watched.last_free_day) - company_day.reminder_days,
              working_days_before(watched.last_free_day + 1) - 1
            ) < working_days_before(company_day.today + 1)
          )
          OR watched.last_free_day BETWEEN company_day.today - ${CHARGES_STARTED_CATCH_UP_DAYS}::int
            AND company_day.today - 1
      ),
      recorded AS (
        INSERT INTO container_reminders (container_id, which, last_free_day, kind, queued_at)
        SELECT container_id, which, last_free_day, kind, ${now}::timestamptz FROM due
        ORDER BY container_id, which
        ON CONFLICT DO NOTHING
        RETURNING container_id, which, last_free_day, kind
      )
      SELECT company_day.company_id, shipments.id AS shipment_id, shipments.file_number,
        containers.container_no, recorded.which, recorded.kind, recorded.last_free_day::text AS last_free_day
      FROM recorded
      JOIN containers ON containers.id = recorded.container_id
      JOIN shipments ON shipments.id = containers.shipment_id
      JOIN accounts ON accounts.id = shipments.account_id
      JOIN company_day ON company_day.company_id = accounts.company_id
      ORDER BY company_day.company_id, recorded.last_free_day, shipments.file_number, containers.container_no
    `.execute(trx);
    return result.rows.map((row) => ({
      companyId: row.company_id,
      shipmentId: row.shipment_id,
      entryNo: row.file_number,
      containerNo: row.container_no,
      which: row.which,
      kind: row.kind,
      lastFreeDay: row.last_free_day,
    }));
  },

  /**
   * Takes up to `limit` changes of a last free day not yet queued for mail, oldest first, and
   * marks them queued; rows another process is taking are skipped. Call it in the transaction
   * that queues their mail, so a change is queued once.
   */
  async takeLfdChanges(trx: Db, now: Date, limit: number): Promise<QueuedLfdChange[]> {
    const result = await sql<{
      id: number;
      company_id: number;
      shipment_id: number;
      file_number: string;
      container_no: string;
      which: 'terminal' | 'detention';
      old_day: string | null;
      new_day: string | null;
    }>`
      WITH taken AS (
        UPDATE container_lfd_changes SET mail_queued_at = ${now}::timestamptz
        WHERE id IN (
          SELECT id FROM container_lfd_changes WHERE mail_queued_at IS NULL
          ORDER BY id LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, container_id, which, old_day, new_day
      )
      SELECT taken.id, accounts.company_id, shipments.id AS shipment_id, shipments.file_number,
        containers.container_no, taken.which, taken.old_day::text AS old_day, taken.new_day::text AS new_day
      FROM taken
      JOIN containers ON containers.id = taken.container_id
      JOIN shipments ON shipments.id = containers.shipment_id
      JOIN accounts ON accounts.id = shipments.account_id
      ORDER BY accounts.company_id, taken.id
    `.execute(trx);
    return result.rows.map((row) => ({
      id: row.id,
      companyId: row.company_id,
      shipmentId: row.shipment_id,
      entryNo: row.file_number,
      containerNo: row.container_no,
      which: row.which,
      oldDay: row.old_day,
      newDay: row.new_day,
    }));
  },
};
