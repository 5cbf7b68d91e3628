import { sql } from 'kysely';
import type { Db } from '../../db/connect.ts';
import { brokerFilePath, type BrokerEvent, type EventsQuery } from '@clearport/contract/ingestion';
import { SHIPMENT_ACTIVITY } from '../activity/shipment-activity.repository.ts';

/** The events that are about a stored file, and where their detail names its key. */
const FILE_KEY_OF: Record<string, string> = { [SHIPMENT_ACTIVITY.documentUploaded]: 'path' };

export const brokerEventsRepository = {
  /**
   * The page of events after `after`, in (tx, id) order. Only transactions that ended before
   * every one still running are read: one still running may yet commit an event with a lower
   * id, and the cursor must never have passed it (migration 0014).
   */
  async page(db: Db, { after, limit }: EventsQuery): Promise<BrokerEvent[]> {
    const [afterTx, afterId] = after ? after.split('-') : ['-1', '0'];
    const rows = await db
      .selectFrom('broker_events as event')
      .leftJoin('companies', 'companies.id', 'event.company_id')
      .select([
        'event.id',
        'event.tx',
        'event.type',
        'event.created_at',
        'event.user_email',
        'event.detail',
        'companies.broker_id',
        // The names of the act's time (migration 0062): a replay hands out the events as before.
        'event.company',
        'event.account_no',
        'event.file_number',
      ])
      .where(sql<boolean>`(event.tx, event.id) > (${afterTx}::bigint, ${afterId}::bigint)`)
      .where(sql<boolean>`event.tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`)
      .orderBy('event.tx')
      .orderBy('event.id')
      .limit(limit)
      .execute();
    return rows.map((row) => {
      const fileKey = FILE_KEY_OF[row.type] && row.detail[FILE_KEY_OF[row.type]!];
      return {
        cursor: `${row.tx}-${row.id}`,
        type: row.type,
        occurred_at: row.created_at.toISOString(),
        company_id: row.broker_id,
        company: row.company,
        account_no: row.account_no,
        file_number: row.file_number,
        user_email: row.user_email,
        detail: row.detail,
        file_url: typeof fileKey === 'string' ? brokerFilePath(fileKey) : null,
      };
    });
  },

  /**
   * The cursor of the feed's last event a reader may have now, or null when it has none: every
   * event that commits later comes after it.
   */
  async end(db: Db): Promise<string | null> {
    const last = await db
      .selectFrom('broker_events')
      .select(['tx', 'id'])
      .where(sql<boolean>`tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`)
      .orderBy('tx', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return last ? `${last.tx}-${last.id}` : null;
  },

  /** Whether `cursor` names an event the feed has handed out (a read transaction's event, as `page` reads). */
  async isHandedOut(db: Db, cursor: string): Promise<boolean> {
    const [tx, id] = cursor.split('-');
    const event = await db
      .selectFrom('broker_events')
      .select('id')
      .where(sql<boolean>`id = ${id}::bigint and tx = ${tx}::bigint`)
      .where(sql<boolean>`tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`)
      .executeTakeFirst();
    return event !== undefined;
  },

  /** The download name of a stored file any record still holds, or undefined. */
  async storedFileName(db: Db, key: string): Promise<string | undefined> {
    const document = await db
      .selectFrom('documents')
      .select('original_name')
      .where('path', '=', key)
      .executeTakeFirst();
    return document?.original_name;
  },
};
