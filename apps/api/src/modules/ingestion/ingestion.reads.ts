import type { BrokerEvent, EventsQuery } from '@clearport/contract/ingestion';
import type { Db } from '../../db/connect.ts';
import { brokerEventsRepository } from './broker-events.repository.ts';

/** What other modules read of the broker's change feed: the webhooks deliver it as it grows. */
export const ingestionReads = {
  /** A page of the feed after a cursor, with the feed's ordering and visibility rules (migration 0014). */
  feedPage: (db: Db, query: EventsQuery): Promise<BrokerEvent[]> => brokerEventsRepository.page(db, query),
  /** Whether a cursor is one the feed has handed out. */
  isHandedOut: (db: Db, cursor: string): Promise<boolean> => brokerEventsRepository.isHandedOut(db, cursor),
  /** The feed's last event a reader may have now; null: none yet. */
  feedEnd: (db: Db): Promise<string | null> => brokerEventsRepository.end(db),
};
