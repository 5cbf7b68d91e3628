import { sql, type Kysely } from 'kysely';

/**
 * A webhook's deliveries were sent in the order they were queued: a replay of a long history
 * (thousands of deliveries, about ten a second to one receiver) held back every new event queued
 * after it until the whole replay was through. An endpoint's new events now go before its replays
 * (the worker claims by `replay, id`), and the queue's index is in that order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX webhook_deliveries_queued;
    CREATE INDEX webhook_deliveries_queued ON webhook_deliveries (endpoint_id, replay, id)
      WHERE state IN ('pending', 'sending', 'retrying');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX webhook_deliveries_queued;
    CREATE INDEX webhook_deliveries_queued ON webhook_deliveries (endpoint_id, id)
      WHERE state IN ('pending', 'sending', 'retrying');
  `.execute(db);
}
